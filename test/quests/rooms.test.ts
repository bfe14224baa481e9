// Scenario tests for the host ruleset `rooms`: the map as data (H1-H3), players placed in the start room (H4),
// turns with one active player and a number of actions (H5-H7), movement along passages, tokens (H8), what is
// public (H9) and the tallies (H10). Rulings in docs/rulings-quests.md; each test names the one it checks.
import { describe, expect, it } from 'vitest';
import { ADMIN, ledgerTotal, player, PUBLIC } from '../../src/core/index.js';
import type { Json, JsonObject } from '../../src/core/index.js';
import { DEFAULT_MAP } from '../../src/rulesets/rooms/index.js';
import type { MapFile } from '../../src/rulesets/rooms/map.js';
import { roomsRuleset } from '../../src/rulesets/rooms/index.js';
import { roomsQuestsRuleset } from '../../src/rulesets/quests/index.js';
import { Table } from '../support/table.js';
import {
  carrying,
  expectError,
  rooms,
  host,
  lying,
  roomOf,
  tally,
  TINY,
  types,
  walk,
} from '../support/harness/quests.js';

const asJson = (m: unknown): Json => m as Json;
const withMap = (change: Partial<MapFile> & Record<string, unknown>): Json => asJson({ ...TINY, ...change });

/** alice (active) and bob in the Hall of TINY, where alice has picked up the lamp that lay there. */
const withLamp = (): Table =>
  rooms({ tokens: [{ name: 'lamp', room: 'Hall' }], players: ['alice', 'bob'], fetches: [['lamp']] });

/** Refuses to create a rooms game with this config; returns the error. */
function refused(config: Json) {
  const t = new Table([roomsRuleset]);
  return t.refuseAdmin('create', { game: 'g', ruleset: 'rooms', dice: 'manual', config });
}

describe('H1: the map is data - the default map, or a map file given as the game config', () => {
  it('H1: with no config a game gets the default map: fifteen Underground stations around Mornington Crescent, everyone starting there', () => {
    const t = rooms({ map: null });
    const map = host(t).map;
    expect(map.rooms).toHaveLength(15);
    expect(map.rooms.map((r) => r.name)).toContain('Mornington Crescent');
    expect(map.start).toBe('Mornington Crescent');
    expect(map.rooms.find((r) => r.name === 'Mornington Crescent')?.exits).toEqual(['Camden Town', 'Euston']);
    expect(host(t).actionsPerTurn).toBe(3);
    expect(DEFAULT_MAP.passages).toHaveLength(20);
  });

  it('H1: passages go both ways: each is an exit of both its rooms', () => {
    const t = rooms({ map: null });
    for (const r of host(t).map.rooms)
      for (const exit of r.exits)
        expect(host(t).map.rooms.find((x) => x.name === exit)?.exits).toContain(r.name);
  });

  it('H1: a map file given as config is the map: its rooms, passages, start, tokens and actions a turn', () => {
    const t = rooms({ tokens: [{ name: 'lamp', room: 'Cellar' }], actionsPerTurn: 4 });
    expect(host(t).map.rooms.map((r) => r.name)).toEqual(TINY.rooms);
    expect(host(t).map.start).toBe('Hall');
    expect(host(t).actionsPerTurn).toBe(4);
    expect(lying(t, 'Cellar')).toEqual(['lamp']);
    expect(host(t).map.title).toBe('A small house');
  });
});

describe('H3: a malformed map file is refused with a clear error, and no game is made', () => {
  it.each<[string, Json, RegExp]>([
    ['not a map at all', asJson('the Underground'), /map file: .*object/i],
    ['a field the format does not have', withMap({ colour: 'blue' }), /map file: .*colour/],
    ['no start room', asJson({ rooms: TINY.rooms, passages: TINY.passages }), /map file: start/],
    [
      'a room named with spaces at its end',
      withMap({ rooms: [...TINY.rooms, 'Attic '] }),
      /rooms\.6: a room name/,
    ],
    [
      'a room listed twice',
      withMap({ rooms: [...TINY.rooms, 'Garden'] }),
      /the room "Garden" is listed twice/,
    ],
    [
      'two rooms differing only in capitals',
      withMap({ rooms: [...TINY.rooms, 'GARDEN'] }),
      /"Garden" and "GARDEN" differ only in capitals/,
    ],
    [
      'no Mornington Crescent',
      asJson({
        start: 'Hall',
        rooms: ['Hall', 'Library', 'Garden', 'Vault'],
        passages: [
          ['Hall', 'Library'],
          ['Hall', 'Garden'],
          ['Hall', 'Vault'],
        ],
      }),
      /no room "Mornington Crescent", which the Quests rules need/,
    ],
    [
      'Mornington Crescent spelt otherwise',
      asJson({
        start: 'Hall',
        rooms: ['mornington crescent', 'Hall', 'Library', 'Garden'],
        passages: [
          ['mornington crescent', 'Hall'],
          ['Hall', 'Library'],
          ['Hall', 'Garden'],
        ],
      }),
      /spell "mornington crescent" as "Mornington Crescent"/,
    ],
    [
      'too few rooms for a Quest',
      asJson({
        start: 'Hall',
        rooms: ['Mornington Crescent', 'Hall', 'Library'],
        passages: [
          ['Mornington Crescent', 'Hall'],
          ['Hall', 'Library'],
        ],
      }),
      /at least four rooms/,
    ],
    [
      'a passage to an unknown room',
      withMap({ passages: [...TINY.passages, ['Hall', 'Attic']] }),
      /passages\[5\] names the room "Attic", which is not in the map's rooms/,
    ],
    [
      'a passage naming a room in the wrong case',
      withMap({ passages: [...TINY.passages, ['library', 'Garden']] }),
      /"library", which is not in the map's rooms \(did you mean "Library"\?\)/,
    ],
    [
      'a passage from a room to itself',
      withMap({ passages: [...TINY.passages, ['Hall', 'Hall']] }),
      /leads from "Hall" to itself/,
    ],
    [
      'the same passage twice (either way round)',
      withMap({ passages: [...TINY.passages, ['Library', 'Hall']] }),
      /joins "Library" and "Hall" a second time/,
    ],
    ['a start that is not a room', withMap({ start: 'Porch' }), /start names the room "Porch"/],
    [
      'a token in an unknown room',
      withMap({ tokens: [{ name: 'lamp', room: 'Attic' }] }),
      /tokens\[0\] names the room "Attic"/,
    ],
    [
      'rooms no passage reaches',
      withMap({ rooms: [...TINY.rooms, 'Attic', 'Roof'], passages: [...TINY.passages, ['Attic', 'Roof']] }),
      /no passages lead from the start "Hall" to "Attic", "Roof"/,
    ],
    ['no actions in a turn', withMap({ actionsPerTurn: 0 }), /actionsPerTurn/],
  ])('H3: %s', (_what, config, message) => {
    const error = refused(config);
    expectError(error, 'bad-config', message);
  });

  it('H3 (issue 13 item 4): a map of more than 500 rooms, 5,000 passages or 1,000 tokens is refused', () => {
    const names = Array.from({ length: 501 }, (_, i) => (i === 0 ? 'Mornington Crescent' : `Room ${i}`));
    const chain = (n: number): [string, string][] =>
      Array.from({ length: n }, (_, i) => [names[i % 500] as string, names[(i % 500) + 1] as string]);
    expectError(
      refused(withMap({ rooms: names, start: 'Mornington Crescent', passages: chain(500) })),
      'bad-config',
      /rooms/,
    );
    expectError(refused(withMap({ passages: [...TINY.passages, ...chain(5001)] })), 'bad-config', /passages/);
    const tokens = Array.from({ length: 1001 }, (_, i) => ({ name: `t${i}`, room: 'Hall' }));
    expectError(refused(withMap({ tokens })), 'bad-config', /tokens/);
    // The largest map allowed is played.
    const most = names.slice(0, 500);
    const passages = Array.from({ length: 499 }, (_, k): [string, string] => [
      most[k] as string,
      most[k + 1] as string,
    ]);
    const t = rooms({
      map: asJson({
        start: 'Mornington Crescent',
        rooms: most,
        passages,
        tokens: Array.from({ length: 1000 }, (_, k) => ({ name: `t${k}`, room: most[k % 500] as string })),
      }),
    });
    expect(host(t).map.rooms).toHaveLength(500);
  });

  it('H3: every problem found is listed in the one message', () => {
    const error = refused(withMap({ start: 'Porch', passages: [...TINY.passages, ['Hall', 'Hall']] }));
    expect(error.message).toMatch(
      /start names the room "Porch".*; passages\[5\] leads from "Hall" to itself/,
    );
  });

  it('H3: rooms+quests checks the map the same way', () => {
    const t = new Table([roomsQuestsRuleset]);
    const error = t.fail({
      type: 'create',
      by: ADMIN,
      args: { game: 'g', ruleset: 'rooms+quests', dice: 'manual', config: withMap({ start: 'Porch' }) },
    });
    expectError(error, 'bad-config', /Porch/);
  });
});

describe('H4: a player who joins is placed in the start room', () => {
  it("H4: joining places the player in the map's start room, and the log says so", () => {
    const t = rooms();
    const decided = t.ok({ type: 'join', by: player('alice'), args: {} });
    expect(roomOf(t, 'alice')).toBe('Hall');
    expect(types(decided.events)).toEqual(['player-joined', 'player-placed', 'turn-began']);
    expect(t.kernel.describe(decided.events[2] ?? { type: 'x', vis: 'public' })).toBe(
      'alice is placed in Hall, the start room.',
    );
  });
});

describe('H5-H7: turns in joining order, one active player, a number of actions, an explicit end', () => {
  it('H6: the first player to join begins turn 1; the others wait their turn', () => {
    const t = rooms({ players: ['alice', 'bob'] });
    expect(host(t).turn).toEqual({ n: 1, player: 'alice', used: 0 });
    const error = t.refuse('bob', 'move', { to: 'Library' });
    expectError(error, 'not-your-turn', /it is alice's turn/);
  });

  it("H5: a turn allows the map's actions: moves, pick-ups and drops count one each; one more is refused", () => {
    const t = rooms({ actionsPerTurn: 3, tokens: [{ name: 'lamp', room: 'Library' }], players: ['alice'] });
    t.act('alice', 'move', { to: 'Library' });
    t.act('alice', 'pick-up', { token: 'lamp' });
    t.act('alice', 'drop', { token: 'lamp' });
    expect(host(t).turn?.used).toBe(3);
    const error = t.refuse('alice', 'move', { to: 'Hall' });
    expectError(error, 'no-actions-left', /used all 3 actions/);
  });

  it('H7: the active player ends eir turn with end-turn; the next in joining order begins the next turn with fresh actions, and the order wraps round', () => {
    const t = rooms({ actionsPerTurn: 1, players: ['alice', 'bob'] });
    t.act('alice', 'move', { to: 'Garden' });
    const decided = t.act('alice', 'end-turn');
    expect(types(decided.events)).toEqual(['turn-ended', 'turn-began']);
    expect(host(t).turn).toEqual({ n: 2, player: 'bob', used: 0 });
    t.act('bob', 'move', { to: 'Vault' });
    t.act('bob', 'end-turn');
    expect(host(t).turn).toEqual({ n: 3, player: 'alice', used: 0 });
    t.expectConsistent();
  });

  it('H7: only the active player may end the turn', () => {
    const t = rooms({ players: ['alice', 'bob'] });
    expectError(t.refuse('bob', 'end-turn'), 'not-your-turn');
  });

  it('H7: a turn never ends by itself, even with every action used', () => {
    const t = rooms({ actionsPerTurn: 1, players: ['alice', 'bob'] });
    t.act('alice', 'move', { to: 'Garden' });
    t.tick(true);
    expect(host(t).turn?.player).toBe('alice');
  });

  it('H7: the Administrator ends the turn of a player who has gone quiet (skip)', () => {
    const t = rooms({ players: ['alice', 'bob'] });
    const decided = t.admin('skip');
    expect(host(t).turn?.player).toBe('bob');
    expect(t.kernel.describe(decided.events[1] ?? { type: 'x', vis: 'public' })).toBe(
      "The Administrator ends alice's turn 1.",
    );
    expectError(t.refuse('bob', 'skip'), 'not-allowed');
  });

  it('H7: skip with nobody in the game is refused', () => {
    const t = rooms();
    expectError(t.refuseAdmin('skip'), 'no-turn');
  });

  it('H6: a player who joins later takes eir turn after everyone who joined before em', () => {
    const t = rooms({ players: ['alice', 'bob'] });
    t.act('alice', 'end-turn');
    t.join('carol');
    t.act('bob', 'end-turn');
    expect(host(t).turn?.player).toBe('carol');
    t.act('carol', 'end-turn');
    expect(host(t).turn?.player).toBe('alice');
  });
});

describe('Movement: along a passage to a room it leads to', () => {
  it('Movement: a move goes along a passage, either way, naming the room in any case', () => {
    const t = rooms({ players: ['alice'] });
    t.act('alice', 'move', { to: 'vault' });
    expect(roomOf(t, 'alice')).toBe('Vault');
    walk(t, 'alice', 'CELLAR', 'Vault', 'Hall');
    expect(roomOf(t, 'alice')).toBe('Hall');
  });

  it('Movement: a room no passage leads to from here is refused, naming the exits', () => {
    const t = rooms({ players: ['alice'] });
    expectError(
      t.refuse('alice', 'move', { to: 'Cellar' }),
      'no-passage',
      /no passage leads from Hall to Cellar; passages lead to Mornington Crescent, Library, Garden, Vault/,
    );
    expectError(t.refuse('alice', 'move', { to: 'Hall' }), 'no-passage', /already in Hall/);
    expectError(t.refuse('alice', 'move', { to: 'Attic' }), 'unknown-room', /no room "Attic"/);
  });

  it('Movement: Mornington Crescent is a room like any other for moving', () => {
    const t = rooms({ players: ['alice'] });
    t.act('alice', 'move', { to: 'Mornington Crescent' });
    expect(roomOf(t, 'alice')).toBe('Mornington Crescent');
  });
});

describe('H8: tokens lie in rooms or are carried; pick up and drop in your room', () => {
  it('H8: the default map has an umbrella at Oxford Circus and an Evening Standard at Leicester Square', () => {
    const t = rooms({ map: null });
    expect(lying(t, 'Oxford Circus')).toEqual(['umbrella']);
    expect(lying(t, 'Leicester Square')).toEqual(['Evening Standard']);
  });

  it('H8: pick up by name (any case) or by #number, carry it along, drop it where you are', () => {
    const t = rooms({
      tokens: [
        { name: 'Lamp', room: 'Hall' },
        { name: 'key', room: 'Hall' },
      ],
      players: ['alice'],
    });
    t.act('alice', 'pick-up', { token: 'lamp' });
    t.act('alice', 'pick-up', { token: '#2' });
    expect(carrying(t, 'alice')).toEqual(['Lamp', 'key']);
    expect(lying(t, 'Hall')).toEqual([]);
    walk(t, 'alice', 'Vault', 'Cellar');
    t.act('alice', 'drop', { token: 1 });
    expect(lying(t, 'Cellar')).toEqual(['Lamp']);
    expect(carrying(t, 'alice')).toEqual(['key']);
    t.expectConsistent();
  });

  it('H8: of several tokens of one name lying there, the lowest-numbered is picked up', () => {
    const coin = { name: 'coin', room: 'Hall' };
    const t = rooms({ tokens: [coin, coin], players: ['alice'] });
    t.act('alice', 'pick-up', { token: 'coin' });
    expect(host(t).tokens.find((x) => x.id === 1)?.at).toEqual({ carrier: 'alice' });
  });

  it('H8: a token not lying in your room cannot be picked up, nor one you do not carry dropped', () => {
    const t = rooms({ tokens: [{ name: 'lamp', room: 'Cellar' }], players: ['alice'] });
    expectError(
      t.refuse('alice', 'pick-up', { token: 'lamp' }),
      'no-such-token',
      /no token lamp lying in Hall/,
    );
    expectError(t.refuse('alice', 'drop', { token: 'lamp' }), 'no-such-token', /carried by alice/);
  });

  it('H8: the Administrator may put a new token in any room', () => {
    const t = rooms();
    const decided = t.admin('place-token', { room: 'garden', name: 'spade' });
    expect(lying(t, 'Garden')).toEqual(['spade']);
    expect(t.kernel.describe(decided.events[1] ?? { type: 'x', vis: 'public' })).toBe(
      'The Administrator puts a token, spade (#1), in Garden.',
    );
    expectError(t.refuseAdmin('place-token', { room: 'Attic', name: 'x' }), 'unknown-room');
    expectError(t.refuse('x', 'place-token', { room: 'Hall', name: 'x' }), 'not-allowed');
  });
});

describe('H10: brownie points, Puissance and demerits are ledger accounts PLAYER/TALLY', () => {
  it('H10: the Administrator corrects a tally; it is the account alice/TALLY, paid from The Bank/TALLY', () => {
    const t = rooms({ players: ['alice'] });
    t.admin('tally', { player: 'alice', tally: 'brownie', amount: 5, reason: 'a good deed' });
    t.admin('tally', { player: 'alice', tally: 'Puissance', amount: 1, reason: 'a mighty deed' });
    t.admin('tally', { player: 'alice', tally: 'demerit', amount: 2, reason: 'a bad deed' });
    expect(t.game.balances).toEqual({
      'alice/brownie points': 5,
      'The Bank/brownie points': -5,
      'alice/Puissance': 1,
      'The Bank/Puissance': -1,
      'alice/demerits': 2,
      'The Bank/demerits': -2,
    });
    expect([
      tally(t, 'alice', 'brownie points'),
      tally(t, 'alice', 'Puissance'),
      tally(t, 'alice', 'demerits'),
    ]).toEqual([5, 1, 2]);
    expect(ledgerTotal(t.game.balances)).toBe(0);
    expectError(
      t.refuseAdmin('tally', { player: 'zed', tally: 'brownie', amount: 1, reason: 'x' }),
      'unknown-player',
    );
    expectError(
      t.refuseAdmin('tally', { player: 'alice', tally: 'gold', amount: 1, reason: 'x' }),
      'bad-arguments',
      /brownie points, Puissance or demerits/,
    );
  });
});

describe("H9: everything is public; a player's view adds eir own room, exits, tokens and actions", () => {
  it("H9: the public view has the map with who and what is in each room, the turn, and every player's room, tokens and tallies", () => {
    const t = withLamp();
    t.act('alice', 'move', { to: 'Library' });
    const view = t.view(PUBLIC) as JsonObject & { map: { rooms: JsonObject[] } };
    expect(view.map.rooms.find((r) => r.name === 'Hall')).toEqual({
      name: 'Hall',
      exits: ['Mornington Crescent', 'Library', 'Garden', 'Vault'],
      players: ['bob'],
      tokens: [],
    });
    expect(view.turn).toEqual({ n: 1, player: 'alice', actionsLeft: 18 });
    expect(view.players).toEqual([
      {
        name: 'alice',
        room: 'Library',
        carrying: [{ id: 1, name: 'lamp' }],
        tallies: { 'brownie points': 0, Puissance: 0, demerits: 0 },
      },
      {
        name: 'bob',
        room: 'Hall',
        carrying: [],
        tallies: { 'brownie points': 0, Puissance: 0, demerits: 0 },
      },
    ]);
    expect(view).not.toHaveProperty('you');
    expect(t.view(ADMIN)).toEqual({ ...view, diceQueue: [] });
  });

  it('H9: a player sees emself: eir room, exits, tokens and, on eir turn, actions left', () => {
    const t = withLamp();
    expect(t.view(player('alice')).you).toEqual({
      name: 'alice',
      room: 'Hall',
      exits: ['Mornington Crescent', 'Library', 'Garden', 'Vault'],
      carrying: [{ id: 1, name: 'lamp' }],
      active: true,
      actionsLeft: 19,
    });
    expect(t.view(player('bob')).you).toMatchObject({ name: 'bob', active: false, actionsLeft: 0 });
  });

  it('H9: the board as text lists the rooms with their passages, who is where, what lies where, and you', () => {
    const t = rooms({ tokens: [{ name: 'lamp', room: 'Cellar' }], players: ['alice', 'bob'] });
    t.act('alice', 'move', { to: 'Vault' });
    const text = t.kernel.render(t.game, t.view(player('alice')));
    expect(text).toContain('A small house: 6 rooms; everyone starts in Hall; 20 actions a turn.');
    expect(text).toContain(
      'Turn 1: alice is the active player, 19 of 20 actions left. Turn order: alice, bob.',
    );
    expect(text).toContain('  Vault -> Hall, Cellar\n      players: alice');
    expect(text).toContain('  Cellar -> Vault\n      lying here: lamp (#1)');
    expect(text).toContain(
      '  bob in Hall, carrying nothing; 0 brownie points, 0 points of Puissance, 0 demerits',
    );
    expect(text).toContain(
      'You are alice, in Vault; passages lead to Hall, Cellar. You carry nothing. It is your turn: 19 actions left.',
    );
  });

  it('every log line of a rooms game is a sentence, and replay and verify agree with the live game', () => {
    const t = withLamp();
    t.act('alice', 'move', { to: 'Garden' });
    t.act('alice', 'drop', { token: 'lamp' });
    t.act('alice', 'end-turn');
    t.admin('skip');
    t.admin('place-token', { room: 'Hall', name: 'key' });
    t.admin('tally', { player: 'bob', tally: 'demerits', amount: 1, reason: 'rudeness' });
    for (const line of t.kernel.logView(t.entries, PUBLIC)) expect(line.text).not.toMatch(/^[a-z-]+ \{/);
    t.expectConsistent();
  });
});

describe('Amendment: a rooms game can take on the Quests rules, as Nomic02 added them', () => {
  it('amend rooms -> rooms+quests keeps the map, the players, the tokens and the turn, with an empty Roster', () => {
    const t = rooms({ tokens: [{ name: 'lamp', room: 'Hall' }], players: ['alice', 'bob'] });
    t.act('alice', 'move', { to: 'Library' });
    const before = host(t);
    t.admin('amend', { ruleset: 'rooms+quests' });
    expect(t.game.ruleset).toBe('rooms+quests');
    expect(host(t)).toMatchObject({
      map: before.map,
      places: before.places,
      tokens: before.tokens,
      turn: before.turn,
    });
    expect((t.view(PUBLIC) as { roster?: unknown }).roster).toEqual([]);
    t.act('alice', 'create-quest');
    t.expectConsistent();
  });
});
