// The kernel's central property over random command streams: a game is its log. Replaying the log's events
// gives exactly the live state, verifyLog re-derives every entry, and a rejected command never changes
// anything. Streams mix valid and invalid commands from several players and the Administrator, clock ticks,
// dice of every kind, rule changes and amendments, against the counter ruleset with fair dice (a fixed master
// secret) and with manual dice (no secret at all).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADMIN,
  chainBreak,
  checkFairRoll,
  hexToBytes,
  ledgerTotal,
  player,
  PUBLIC,
  verifyLog,
} from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { deepFreeze, MASTER, Session, str } from '../support/session.js';

// 'constructor' is a name a forum handle can reduce to, and a member of every object's prototype.
const PLAYERS = ['ann', 'bob', 'constructor'] as const;
/** Names that are not in the game: one that could join but never does, one that no player can have. */
const STRANGERS = ['zed', '9lives'] as const;
const DICE = ['1d6', '2d20', '5+5d3', '10+5d3', '1d(3*N)', '1d(C+1)', '2d6-1', '0d6+2', '2+2', '20d2'];
const BAD_DICE = ['2d', 'x', '1d0', '1+constructor', '1d(N-9)', ''];
const MODULES = ['big-bumps', 'strict-bumps', 'chimes', 'lots', 'rolling', 'drifting', 'bumping', 'gravity'];

const someone = fc.constantFrom<string>(...PLAYERS, ...PLAYERS, ...PLAYERS, ...STRANGERS);
const diceValues = fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 6 });
const withRolls = (c: Command, rolls: readonly number[] | null): Command => (rolls ? { ...c, rolls } : c);
/** Usually no dice brought with a command; sometimes some (accepted only in a manual game). */
const maybeRolls = fc.oneof(
  { arbitrary: fc.constant(null), weight: 4 },
  { arbitrary: diceValues, weight: 1 },
);

const playerCommand: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: someone.map((n) => ({ type: 'join', by: player(n), args: {} })), weight: 2 },
  {
    arbitrary: fc
      .tuple(
        someone,
        fc.oneof(
          { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 6 },
          { arbitrary: fc.integer({ min: -2, max: 60 }), weight: 2 },
          { arbitrary: fc.constant('x'), weight: 1 },
        ),
      )
      .map(([n, by]): Command => ({ type: 'bump', by: player(n), args: { by } })),
    weight: 6,
  },
  {
    arbitrary: fc
      .tuple(someone, fc.constantFrom(...DICE, ...DICE, ...BAD_DICE), maybeRolls)
      .map(([n, dice, rolls]) => withRolls({ type: 'roll', by: player(n), args: { dice } }, rolls)),
    weight: 4,
  },
  {
    arbitrary: fc
      .tuple(someone, fc.option(fc.constantFrom(...DICE), { nil: undefined }), maybeRolls)
      .map(([n, dice, rolls]) =>
        withRolls({ type: 'hide', by: player(n), args: dice === undefined ? {} : { dice } }, rolls),
      ),
    weight: 2,
  },
  someone.map((n) => ({ type: 'lots', by: player(n), args: {} })),
  // A player trying the Administrator's commands, or one nobody has.
  someone.map((n) => ({ type: 'tick', by: player(n), args: {} })),
  fc
    .tuple(someone, fc.constantFrom('fly', 'toString', '__proto__'))
    .map(([n, type]): Command => ({ type, by: player(n), args: {} })),
);

const account = fc.constantFrom<string>(...PLAYERS, ...STRANGERS, 'The Bank', 'Prize Fund');

const adminCommand: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.constantFrom<Record<string, Json>>({}, {}, { nweek: true }), maybeRolls)
      .map(([args, rolls]) => withRolls({ type: 'tick', by: ADMIN, args }, rolls)),
    weight: 5,
  },
  {
    arbitrary: fc
      .oneof(
        diceValues.map((values) => ({ values })),
        fc.constant({ clear: true }),
        fc.constant({ values: [0] }),
      )
      .map((args): Command => ({ type: 'dice', by: ADMIN, args })),
    weight: 4,
  },
  {
    arbitrary: fc
      .record({
        from: fc.option(account, { nil: undefined }),
        to: account,
        amount: fc.integer({ min: -10, max: 10 }),
      })
      .map(({ from, to, amount }): Command => ({
        type: 'points',
        by: ADMIN,
        args: { ...(from === undefined ? {} : { from }), to, amount, reason: 'a ruling' },
      })),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(fc.constantFrom('enact', 'repeal'), fc.constantFrom(...MODULES))
      .map(([type, module]): Command => ({ type, by: ADMIN, args: { module } })),
    weight: 2,
  },
  fc.constantFrom('counter-v2', 'counter', 'chess').map((ruleset): Command => ({
    type: 'amend',
    by: ADMIN,
    args: { ruleset },
  })),
  // The Administrator giving a player's command.
  fc.constant<Command>({ type: 'bump', by: ADMIN, args: { by: 1 } }),
);

/** Ending the game, rare enough that most streams play on for a while and some end part-way. */
const end = fc.constant<Command>({ type: 'end', by: ADMIN, args: { reason: 'enough' } });

const stream = fc.array(
  fc.oneof(
    { arbitrary: playerCommand, weight: 100 },
    { arbitrary: adminCommand, weight: 60 },
    { arbitrary: end, weight: 1 },
  ),
  { minLength: 1, maxLength: 80, size: 'max' },
);

const setup = fc.record({
  /** Players who join before the stream starts (the others may join during it). */
  joined: fc.subarray([...PLAYERS], { minLength: 2 }),
  ndays: fc.integer({ min: 1, max: 3 }),
  target: fc.option(fc.integer({ min: 20, max: 60 }), { nil: undefined }),
});

/** Totals over all runs, to show the streams exercise both paths. */
interface Tally {
  accepted: number;
  rejected: Map<string, number>;
}

/** Plays one stream, checking after every command; returns the session for the end-of-game checks. */
function play(
  dice: 'fair' | 'manual',
  config: { joined: string[]; ndays: number; target?: number },
  commands: Command[],
  tally: Tally,
) {
  const s = new Session(dice === 'fair' ? MASTER : null);
  s.create({ dice, ndays: config.ndays, ...(config.target ? { config: { target: config.target } } : {}) });
  s.join(...config.joined);
  for (const command of commands) {
    const before = deepFreeze(s.state);
    const snapshot = structuredClone(before);
    const length = s.entries.length;
    const result = s.decide(command);
    if (result.ok) {
      tally.accepted++;
      expect(s.entries).toHaveLength(length + result.value.events.length);
    } else {
      tally.rejected.set(result.error.code, (tally.rejected.get(result.error.code) ?? 0) + 1);
      // A rejected command changes nothing: the same object, equal to what it was, and no entry appended.
      expect(s.state).toBe(before);
      expect(s.state).toEqual(snapshot);
      expect(s.entries).toHaveLength(length);
    }
    // Invariants that hold after every command.
    const g = s.game;
    expect(ledgerTotal(g.balances)).toBe(0);
    expect(g.clock.nday).toBeGreaterThanOrEqual(1);
    expect(g.clock.nday).toBeLessThanOrEqual(config.ndays);
    expect(g.seq).toBe(s.entries.length);
  }
  return s;
}

/** Rolls ride only in events whose visibility matches their stream; the public sees no secret and no queue. */
function expectHiddenStaysHidden(s: Session): void {
  for (const e of s.events) for (const r of e.rolls ?? []) expect(r.secret).toBe(e.vis !== 'public');
  const lines = s.kernel.logView(s.entries, PUBLIC, s.game);
  for (const l of lines) {
    expect(l.event.vis).toBe('public');
    expect((l.event.rolls ?? []).some((r) => r.secret)).toBe(false);
  }
}

/** Every fair roll checks against its seed, once the game's end has revealed them all. */
function expectFairRollsCheck(s: Session): void {
  const seeds = new Map<string, Uint8Array>();
  for (const e of s.events)
    if (e.type === 'seed-revealed') seeds.set(`${str(e.stream)}|${Number(e.epoch)}`, hexToBytes(str(e.seed)));
  for (const e of s.events)
    for (const r of e.rolls ?? []) {
      const seed = seeds.get(`${str(r.proof?.stream)}|${Number(r.proof?.epoch)}`);
      expect(seed).toBeDefined();
      expect(checkFairRoll('g', r, seed as Uint8Array)).toBeNull();
    }
}

describe.each(['fair', 'manual'] as const)('random command streams with %s dice', (dice) => {
  it('replay the log to the live state, verify, and never change state on a rejection', () => {
    const tally: Tally = { accepted: 0, rejected: new Map() };
    fc.assert(
      fc.property(setup, stream, (config, commands) => {
        const s = play(dice, config, commands, tally);
        // Close the game so every seed is revealed (or see that it was closed already).
        if (!s.game.ended) s.ok(s.admin('end', { reason: 'the stream is over' }));
        expect(s.kernel.replay(s.events)).toEqual(s.state);
        expect(chainBreak(s.entries)).toBeNull();
        const report = verifyLog(s.kernel, s.entries, s.master);
        expect(report.problems).toEqual([]);
        expect(report.ok).toBe(true);
        expectHiddenStaysHidden(s);
        if (dice === 'fair') expectFairRollsCheck(s);
      }),
      { numRuns: 120 },
    );
    // The streams are not all rejections, nor all acceptances, and they reach the interesting rejections.
    expect(tally.accepted).toBeGreaterThan(600);
    const codes = [...tally.rejected.keys()];
    for (const code of [
      'unknown-command',
      'not-allowed',
      'unknown-player',
      'bad-arguments',
      'bad-dice',
      'too-big',
    ])
      expect(codes).toContain(code);
    if (dice === 'manual') expect(codes).toContain('dice-needed');
  });
});
