// Fair dice: seeds committed before any roll, revealed when their nweek (or, for the secret stream, the game)
// ends; every public roll checkable against its revealed seed; secret rolls never in a public entry.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  checkFairRoll,
  command,
  erase,
  hexToBytes,
  PUBLIC,
  sha256Hex,
  streamSeed,
} from '../../src/core/index.js';
import type { GameEvent, Roll, Ruleset } from '../../src/core/index.js';
import { MASTER, ofType, Session, str } from '../support/session.js';

/** A fair game with ann and bob joined, 3 ndays to the nweek. */
function fairGame(): Session {
  const s = new Session();
  s.create({ dice: 'fair', ndays: 3 });
  s.join('ann', 'bob');
  return s;
}

/** Revealed seeds by "stream|epoch". */
function revealed(events: readonly GameEvent[]): Map<string, Uint8Array> {
  const seeds = new Map<string, Uint8Array>();
  for (const e of ofType(events, 'seed-revealed'))
    seeds.set(`${str(e.stream)}|${Number(e.epoch)}`, hexToBytes(str(e.seed)));
  return seeds;
}

const fairRolls = (events: readonly GameEvent[]): { event: GameEvent; roll: Roll }[] =>
  events.flatMap((event) => (event.rolls ?? []).map((roll) => ({ event, roll })));

describe('fair dice, commit and reveal', () => {
  it('commit the seed of public epoch 1 and of the secret stream when the game is created', () => {
    const s = new Session();
    const events = s.create({ dice: 'fair' });
    const commits = ofType(events, 'seed-committed');
    expect(commits).toEqual([
      {
        type: 'seed-committed',
        vis: 'public',
        stream: 'public',
        epoch: 1,
        commitment: sha256Hex(streamSeed(MASTER, 'public', 1)),
      },
      {
        type: 'seed-committed',
        vis: 'public',
        stream: 'secret',
        epoch: 0,
        commitment: sha256Hex(streamSeed(MASTER, 'secret', 0)),
      },
    ]);
    expect(ofType(events, 'seed-revealed')).toEqual([]);
    // No seed appears anywhere in the log before it is revealed.
    const text = JSON.stringify(events);
    for (const seed of [streamSeed(MASTER, 'public', 1), streamSeed(MASTER, 'secret', 0)])
      expect(text).not.toContain(Buffer.from(seed).toString('hex'));
    expect(s.game.dice).toMatchObject({ source: 'fair', epoch: 1, drawn: { public: 0, secret: 0 } });
  });

  it('reveal the nweek seed matching its commitment and commit the next when the nweek ends', () => {
    const s = fairGame();
    s.ok(s.as('ann', 'roll', { dice: '2d20' }));
    const events = s.tick(true);
    const types = events.map((e) => e.type);
    // The drift is rolled from nweek 1's seed before that seed is revealed.
    expect(types.indexOf('drifted')).toBeLessThan(types.indexOf('seed-revealed'));
    expect(types.indexOf('seed-revealed')).toBeLessThan(types.indexOf('seed-committed'));
    const [reveal] = ofType(events, 'seed-revealed');
    expect(reveal).toMatchObject({ stream: 'public', epoch: 1 });
    const commitment = ofType(s.events, 'seed-committed').find((e) => e.stream === 'public' && e.epoch === 1);
    expect(sha256Hex(hexToBytes(str(reveal?.seed)))).toBe(commitment?.commitment);
    const [next] = ofType(events, 'seed-committed');
    expect(next).toMatchObject({
      stream: 'public',
      epoch: 2,
      commitment: sha256Hex(streamSeed(MASTER, 'public', 2)),
    });
    expect(s.game.dice).toMatchObject({ epoch: 2, drawn: { public: 0 } });
    // The secret seed stays hidden until the game ends.
    expect(ofType(s.events, 'seed-revealed').some((e) => e.stream === 'secret')).toBe(false);
  });

  it('reveal the current nweek seed and the secret seed when the game ends', () => {
    const s = fairGame();
    s.tick(true);
    const events = s.ok(s.admin('end', { reason: 'test' }));
    expect(ofType(events, 'seed-revealed').map((e) => [e.stream, e.epoch])).toEqual([
      ['public', 2],
      ['secret', 0],
    ]);
  });

  it('number draws within a stream consecutively and record where each came from', () => {
    const s = fairGame();
    s.ok(s.as('ann', 'roll', { dice: '3d6' }));
    const head = s.head;
    s.ok(s.as('bob', 'roll', { dice: '1d6+1d8' }));
    s.ok(s.as('ann', 'hide'));
    const [a, b] = fairRolls(ofType(s.events, 'rolled')).map((r) => r.roll);
    expect(a?.proof).toMatchObject({ stream: 'public', epoch: 1, first: 0 });
    expect(b?.proof).toEqual({ stream: 'public', epoch: 1, first: 3, head });
    const [h] = fairRolls(ofType(s.events, 'hidden-rolled')).map((r) => r.roll);
    expect(h?.proof).toMatchObject({ stream: 'secret', epoch: 0, first: 0 });
    expect(s.game.dice.drawn).toEqual({ public: 5, secret: 1 });
  });

  it('let anyone check every public roll against its revealed seed, and catch an altered draw', () => {
    const s = fairGame();
    for (let week = 0; week < 3; week++) {
      s.ok(s.as('ann', 'roll', { dice: '2d20' }));
      s.ok(s.as('bob', 'roll', { dice: '5+5d3' }));
      s.ok(s.as('ann', 'bump', { by: 3 }));
      s.tick(true);
    }
    s.ok(s.as('bob', 'roll', { dice: '1d100' }));
    s.ok(s.admin('end', {}));
    const seeds = revealed(s.events);
    const rolls = fairRolls(s.events);
    // 6 rolled in the first three nweeks, 3 drifts, 1 in nweek 4.
    expect(rolls.filter(({ roll }) => !roll.secret)).toHaveLength(10);
    for (const { roll } of rolls) {
      const seed = seeds.get(`${str(roll.proof?.stream)}|${Number(roll.proof?.epoch)}`);
      expect(seed).toBeDefined();
      expect(checkFairRoll('g', roll, seed as Uint8Array)).toBeNull();
    }
    const { roll } = rolls[0] as { roll: Roll };
    const seed = seeds.get('public|1') as Uint8Array;
    const draw = roll.draws[0] as number;
    const altered: Roll = { ...roll, draws: [(draw % 20) + 1, ...roll.draws.slice(1)] };
    expect(checkFairRoll('g', altered, seed)).toMatch(/draw 1/);
    const wrongTotal: Roll = { ...roll, result: (roll.result as number) + 1 };
    expect(checkFairRoll('g', wrongTotal, seed)).toMatch(/records/);
    expect(checkFairRoll('g', roll, seeds.get('public|2') as Uint8Array)).not.toBeNull();
    expect(checkFairRoll('other-game', roll, seed)).not.toBeNull();
  });

  it('put secret-stream rolls only in entries the public cannot see', () => {
    const s = fairGame();
    for (let i = 0; i < 5; i++) {
      s.ok(s.as('ann', 'hide'));
      s.ok(s.as('bob', 'roll', { dice: '1d6' }));
    }
    s.tick(true);
    for (const { event, roll } of fairRolls(s.events)) expect(roll.secret).toBe(event.vis !== 'public');
    const secret = fairRolls(s.events).filter(({ roll }) => roll.secret);
    expect(secret).toHaveLength(5);
    for (const { event } of secret) expect(event.vis).toBe('admin');
    // Neither the public log nor the public view shows the hidden results.
    const lines = s.kernel.logView(s.entries, PUBLIC, s.game);
    expect(lines.some((l) => l.type === 'hidden-rolled')).toBe(false);
    expect(s.kernel.view(s.game, PUBLIC)).toMatchObject({ hidden: 5 });
    const hidden = s.kernel.view(s.game, ADMIN).hidden;
    expect(Array.isArray(hidden) && hidden.length).toBe(5);
  });

  it('let the secret rolls be checked once the game has ended', () => {
    const s = fairGame();
    s.ok(s.as('ann', 'hide', { dice: '3d6' }));
    s.ok(s.admin('end', {}));
    const seed = revealed(s.events).get('secret|0') as Uint8Array;
    const [hidden] = fairRolls(s.events).filter(({ roll }) => roll.secret);
    expect(hidden).toBeDefined();
    expect(checkFairRoll('g', (hidden as { roll: Roll }).roll, seed)).toBeNull();
  });

  it('refuse to roll fair dice without the game secret', () => {
    const s = new Session(null);
    expect(() => s.decide(Session.createCommand({ dice: 'fair' }))).toThrow(/secret/);
  });
});

// A deliberately wrong ruleset: each command misuses a roll. These are bugs in rule code, not bad commands,
// so the kernel throws instead of returning a rejection.
type Leaky = Record<string, never>;
const noArgs = z.object({}).strict();
const leaky: Ruleset<Leaky> = {
  id: 'leaky',
  title: 'Leaky (a deliberately wrong test ruleset)',
  source: 'test/core/dice-commit-reveal.test.ts',
  modules: [
    {
      id: 'leaks',
      section: 'Leaks',
      text: 'Rules that break the dice contract.',
      commands: {
        'secret-in-public': command<Leaky, typeof noArgs>({
          actor: 'player',
          summary: 'a secret roll in a public event',
          args: noArgs,
          run(ctx) {
            const roll = ctx.roll('1d6', 'where the treasure is', { secret: true });
            ctx.emit({ type: 'leak', vis: 'public', rolls: [roll] });
          },
        }),
        'secret-to-players': command<Leaky, typeof noArgs>({
          actor: 'player',
          summary: 'a secret roll shown to players is allowed',
          args: noArgs,
          run(ctx, by) {
            const roll = ctx.roll('1d6', 'a private roll', { secret: true });
            ctx.emit({
              type: 'leak',
              vis: { players: [by.role === 'player' ? by.name : ''] },
              rolls: [roll],
            });
          },
        }),
        'public-in-admin': command<Leaky, typeof noArgs>({
          actor: 'player',
          summary: 'a public roll hidden from the public',
          args: noArgs,
          run(ctx) {
            const roll = ctx.roll('1d6', 'a roll nobody can check');
            ctx.emit({ type: 'leak', vis: 'admin', rolls: [roll] });
          },
        }),
        orphan: command<Leaky, typeof noArgs>({
          actor: 'player',
          summary: 'a roll recorded nowhere',
          args: noArgs,
          run(ctx) {
            ctx.roll('1d6', 'a roll that vanishes');
          },
        }),
        forged: command<Leaky, typeof noArgs>({
          actor: 'player',
          summary: 'a roll this decision did not make',
          args: noArgs,
          run(ctx) {
            const roll: Roll = {
              purpose: 'forged',
              kind: 'dice',
              expr: '1d6',
              sides: [6],
              draws: [6],
              result: 6,
              source: 'fair',
              secret: false,
            };
            ctx.emit({ type: 'leak', vis: 'public', rolls: [roll] });
          },
        }),
      },
      describe: { leak: () => 'a leak' },
    },
  ],
  initial: () => ({}),
  view: () => ({}),
  render: () => '',
};

describe('the dice contract for rule code', () => {
  const start = (dice: 'fair' | 'manual') => {
    const s = new Session(MASTER, [erase(leaky)]);
    s.create({ ruleset: 'leaky', dice });
    s.join('ann');
    if (dice === 'manual') s.ok(s.admin('dice', { values: [1, 2, 3] }));
    return s;
  };

  it.each(['fair', 'manual'] as const)(
    'throws when a rule puts a secret roll in a public event (%s dice)',
    (dice) => {
      const s = start(dice);
      expect(() => s.decide(s.as('ann', 'secret-in-public'))).toThrow(/"public" but carries a secret roll/);
    },
  );

  it('allows a secret roll in an event only some players see', () => {
    const s = start('fair');
    const events = s.ok(s.as('ann', 'secret-to-players'));
    expect(ofType(events, 'leak')[0]?.rolls?.[0]?.secret).toBe(true);
  });

  it('throws when a rule hides a public roll from the public', () => {
    const s = start('fair');
    expect(() => s.decide(s.as('ann', 'public-in-admin'))).toThrow(/carries a public roll/);
  });

  it('throws when a rule rolls and records the roll in no event', () => {
    const s = start('fair');
    expect(() => s.decide(s.as('ann', 'orphan'))).toThrow(/recorded in no event/);
  });

  it('throws when a rule records a roll it did not make', () => {
    const s = start('fair');
    expect(() => s.decide(s.as('ann', 'forged'))).toThrow(/did not make/);
  });

  it('keeps the game unchanged after such a bug', () => {
    const s = start('fair');
    const before = s.state;
    const log = s.entries.length;
    expect(() => s.decide(s.as('ann', 'orphan'))).toThrow();
    expect(s.state).toBe(before);
    expect(s.entries).toHaveLength(log);
  });
});
