// What the non-interference campaign (non-interference.ts) needs to know of each ruleset: how a game of it is
// set up, where the two worlds may differ (which secret rolls, which hidden placements by the Administrator),
// a sensible command for a player from what that player sees, and which differences the rules themselves
// tell a viewer (so that viewer's outputs may differ from then on). Everything else is generic: commands and
// their arguments come from the `/me` answer's JSON Schemas.
import type { JsonObject } from '../../src/core/index.js';
import type { Vary } from './non-interference-world.js';
import { hash32 } from './non-interference-world.js';

export type Random = () => number;

export const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const int = (random: Random, lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));

/** A command of the script, given in both worlds alike (`by` null: the Administrator). */
export interface ScriptCommand {
  readonly by: string | null;
  readonly type: string;
  readonly args: JsonObject;
}

export interface Driver {
  /** How the campaign names it. */
  readonly name: string;
  readonly ruleset: string;
  readonly ndays: number;
  readonly config?: JsonObject;
  readonly players: readonly [number, number];
  /** The game `variant` (a number from the game's seed): which secret rolls differ between the worlds. */
  vary(variant: number): Vary;
  /** Commands of both worlds after the joins (public ones: starting the game, points to play with). */
  start(players: readonly string[]): ScriptCommand[];
  /**
   * The Administrator's hidden acts in world `w` (entries only e sees), after the start and after `amendAt`:
   * `random` is the world's own, `shared` gives both worlds the same draws.
   */
  hidden(w: 0 | 1, random: Random, shared: Random): ScriptCommand[];
  /** At this step the Administrator amends the game into another ruleset (a public command). */
  readonly amendAt?: { readonly step: number; readonly to: string };
  /** The Administrator's public commands after each nweek's end (Life's Evolve). */
  readonly eachNweek?: readonly ScriptCommand[];
  /** A command that makes sense for `me`, from eir own view (null: let the schemas choose). */
  suggest(random: Random, view: JsonObject, me: string): ScriptCommand | null;
  /**
   * A command of both worlds that asks about what one world hides (as a hostile player would guess): the
   * hidden acts of both worlds are given, so the probe can name what only one of them has.
   */
  probe?(
    random: Random,
    hidden: readonly [readonly ScriptCommand[], readonly ScriptCommand[]],
    players: readonly string[],
    n: number,
  ): ScriptCommand | null;
  /** A player's private act in world 1 only (others must not learn it; the actor's comparison stops). */
  privateAct?(random: Random, me: string): ScriptCommand | null;
  /** Event types that tell their readers a hidden fact: where they differ, those readers were told. */
  readonly reveals: ReadonlySet<string>;
  /** Keys of a player's view that hold eir own hidden facts (eir mole, eir hand). */
  readonly own: ReadonlySet<string>;
  /** Strings a player's arguments may use besides those in eir view. */
  readonly words: readonly string[];
}

/** Secret rolls differ where the game's variant and the purpose say so: some games vary all, some a few. */
function varyBy(variant: number, share: number): Vary {
  return (purpose, occurrence) =>
    share >= 1 || (hash32(`${variant}|${purpose}|${occurrence}`) % 1000) / 1000 < share;
}

const GRID = 20;

/** A Grid player: enter somewhere, step to a neighbouring unit, or leave. */
function gridSuggest(random: Random, view: JsonObject, me: string): ScriptCommand | null {
  const players = (view.players ?? []) as unknown as { name: string; location: [number, number] | null }[];
  const at = players.find((p) => p.name === me)?.location ?? null;
  if (!at) return { by: me, type: 'enter', args: { x: int(random, 1, GRID), y: int(random, 1, GRID) } };
  if (random() < 0.05) return { by: me, type: 'leave', args: {} };
  const [x, y] = at;
  const dx = int(random, -1, 1);
  const dy = int(random, -1, 1);
  return { by: me, type: 'move', args: { x: x + dx, y: y + (dx === 0 && dy === 0 ? 1 : dy) } };
}

const FILES = 'abcdefgh';
const neighbours = (sq: string): string[] => {
  const f = FILES.indexOf(sq[0] ?? '');
  const r = Number(sq.slice(1));
  return [
    [f + 1, r],
    [f - 1, r],
    [f, r + 1],
    [f, r - 1],
  ]
    .filter(([a, b]) => (a as number) >= 0 && (a as number) < 8 && (b as number) >= 1 && (b as number) <= 8)
    .map(([a, b]) => `${FILES[a as number] ?? 'a'}${b}`);
};

/** A Tunnelers player on eir turn: move, attack next door, play or discard what e holds, end the turn. */
function tunnelersSuggest(random: Random, view: JsonObject, me: string): ScriptCommand | null {
  const you = view.you as
    { mole?: { at: string } | null; hand?: string[]; movementLeft?: number | null } | undefined;
  const at = you?.mole?.at;
  if (!you || !at) return null;
  const hand = you.hand ?? [];
  const r = random();
  if (you.movementLeft === null || you.movementLeft === undefined)
    return r < 0.3
      ? { by: me, type: 'orders', args: { action: 'give', orders: `attack ${pick(random, neighbours(at))}` } }
      : null;
  if (r < 0.45) return { by: me, type: 'move', args: { path: pick(random, neighbours(at)) } };
  if (r < 0.6 && hand.length > 0)
    return {
      by: me,
      type: 'attack',
      args: { target: pick(random, neighbours(at)), cards: pick(random, hand) },
    };
  if (r < 0.75 && hand.length > 0) return { by: me, type: 'play', args: { cards: pick(random, hand) } };
  if (r < 0.8 && hand.length > 0) return { by: me, type: 'discard', args: { cards: pick(random, hand) } };
  return { by: me, type: 'end-turn', args: {} };
}

const ALL_SQUARES = [...FILES].flatMap((f) => [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${f}${r}`));
const BOX_EFFECTS = ['+5', '-3', '+1d6', '-1d4', 'a free Big Rock'];

/** The June Grid's Administrator hides Bonus Boxes: one more in world 1, elsewhere, of other types. */
function bonusBoxes(w: 0 | 1, random: Random, shared: Random): ScriptCommand[] {
  const n = int(shared, 1, 3) + w;
  return Array.from({ length: n }, () => ({
    by: null,
    type: 'place',
    args: {
      kind: 'bonus-box',
      x: int(random, 1, GRID),
      y: int(random, 1, GRID),
      name: pick(random, BOX_EFFECTS),
    },
  }));
}

const stake = (players: readonly string[], amount: number): ScriptCommand[] =>
  players.map((p) => ({ by: null, type: 'points', args: { to: p, amount, reason: 'a stake to play with' } }));

const GRID_WORDS = [
  ...[1, 2, 3, 4, 5, 6].flatMap((n) => [`bonus-box:${n}`, `big-rock:${n}`]),
  'big-rock',
  'bonus-box',
  'toad',
  'ball-of-wax',
];

const none = (): ScriptCommand[] => [];

/** June: catch a Box by id, buy a Big Rock for a Box's square, or have the Administrator put a Rock there. */
function juneProbe(
  random: Random,
  hidden: readonly [readonly ScriptCommand[], readonly ScriptCommand[]],
  players: readonly string[],
  n: number,
): ScriptCommand | null {
  const boxes = [...hidden[0], ...hidden[1]].filter((c) => c.type === 'place');
  const me = pick(random, players);
  // In half the games the first probe names the Box only world 1 has (ids count the players' bodies, then
  // the Boxes): it ends the comparison at once, so the other half go on to probe the rest.
  if (n === 0 && random() < 0.5)
    return { by: me, type: 'catch', args: { object: `bonus-box:${players.length + hidden[0].length + 1}` } };
  const r = random();
  if (r < 0.4) return { by: me, type: 'catch', args: { object: `bonus-box:${int(random, 1, 12)}` } };
  const box = boxes.length > 0 ? pick(random, boxes) : null;
  if (!box) return null;
  const at = { x: box.args.x as number, y: box.args.y as number };
  if (r < 0.8) return { by: me, type: 'buy-rock', args: at };
  return { by: null, type: 'place', args: { kind: 'big-rock', ...at } };
}

export const DRIVERS: readonly Driver[] = [
  {
    name: 'grid-2002-01',
    ruleset: 'grid-2002-01',
    ndays: 2,
    players: [3, 5],
    vary: (v) => varyBy(v, v % 2 === 0 ? 1 : 0.5),
    start: none,
    hidden: none,
    suggest: gridSuggest,
    reveals: new Set(['thing-found']),
    own: new Set(),
    words: [],
  },
  {
    name: 'grid-2002-06',
    ruleset: 'grid-2002-06',
    ndays: 2,
    players: [3, 5],
    vary: (v) => varyBy(v, 1),
    start: (players) => stake(players, 60),
    hidden: bonusBoxes,
    probe: juneProbe,
    suggest: gridSuggest,
    // R-J33: a Big Rock bought for a square holding a hidden Box fails, as the text forces; R-J32: a Rock
    // placed at random lands on a square drawn in secret among the vacant ones, made public by the text. Their
    // readers are told.
    reveals: new Set(['box-opened', 'radar-reveal', 'rock-not-bought', 'rock-square-chosen']),
    own: new Set(),
    words: GRID_WORDS,
  },
  {
    name: 'grid-2002-06 (amended from grid-2002-01)',
    ruleset: 'grid-2002-01',
    ndays: 2,
    players: [3, 4],
    vary: (v) => varyBy(v, 1),
    start: none,
    hidden: bonusBoxes,
    amendAt: { step: 12, to: 'grid-2002-06' },
    probe: juneProbe,
    suggest: gridSuggest,
    reveals: new Set(['thing-found', 'box-opened', 'radar-reveal', 'rock-not-bought', 'rock-square-chosen']),
    own: new Set(),
    words: GRID_WORDS,
  },
  {
    name: 'tunnelers',
    ruleset: 'tunnelers',
    ndays: 2,
    players: [3, 5],
    // Variant 0 (mod 3): only the deck's order differs (each player is told eir own cards, nobody else
    // anything); 1: the deck and where every mole is placed; 2: only where alice's mole is placed (alice
    // knows where eir mole is; the others must learn nothing until they meet it).
    vary: (v) => (purpose) =>
      v % 3 === 0 ? /deck/.test(purpose) : v % 3 === 1 ? true : /^where alice's mole is placed/.test(purpose),
    // T-22 to T-25 (edition 2, ruling K4): joining asks to join the society; the Moderator approves, the
    // Administrator records four points of each one's score in the Main Game, and each pays them to play.
    // (Before this, `start` alone was refused for too few players, and no Tunnelers game ever began.)
    start: (players): ScriptCommand[] => [
      ...players.flatMap((p): ScriptCommand[] => [
        { by: null, type: 'approve', args: { player: p } },
        { by: null, type: 'points', args: { to: p, amount: 4, reason: `${p}'s points in the Main Game` } },
        { by: p, type: 'pay-to-play', args: {} },
      ]),
      { by: null, type: 'start', args: {} },
    ],
    hidden: none,
    suggest: tunnelersSuggest,
    // Standing Orders given, or a hand thrown away, in world 1 only: nobody else may learn of either.
    privateAct: (random, me): ScriptCommand =>
      random() < 0.5
        ? { by: me, type: 'orders', args: { action: 'give', orders: 'end-turn' } }
        : { by: me, type: 'discard', args: { cards: 'all' } },
    reveals: new Set(['announcement', 'mole-died', 'combat-revealed']),
    own: new Set(['you']),
    words: ALL_SQUARES,
  },
  {
    name: 'rooms+quests',
    ruleset: 'rooms+quests',
    ndays: 2,
    players: [2, 4],
    vary: (v) => varyBy(v, 1),
    start: none,
    hidden: none,
    suggest: () => null,
    reveals: new Set(),
    own: new Set(),
    words: [],
  },
  {
    name: 'life',
    ruleset: 'life',
    ndays: 2,
    config: { width: 6, height: 6 },
    players: [2, 4],
    vary: (v) => varyBy(v, 1),
    start: (): ScriptCommand[] => [
      { by: null, type: 'initialize', args: {} },
      { by: null, type: 'evolve', args: {} },
    ],
    eachNweek: [{ by: null, type: 'evolve', args: {} }],
    hidden: none,
    suggest: (random, _view, me) => ({
      by: me,
      type: 'tweak',
      args: { x: int(random, 0, 7), y: int(random, 0, 7) },
    }),
    reveals: new Set(),
    own: new Set(),
    words: [],
  },
];

/** A harmless value for logging: a command as a short text. */
export const described = (c: ScriptCommand): string =>
  `${c.by ?? 'Administrator'}: ${c.type} ${JSON.stringify(c.args)}`;
