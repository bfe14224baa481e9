// The commands every game understands, whatever its ruleset: joining (admission.ts), the clock, the dice queue, the
// ledger, amendments, and the end. Rulesets add theirs through their modules.
import { z } from 'zod';
import { command } from './ruleset.js';
import type { CommandRule } from './ruleset.js';
import type { Decision } from './decision.js';
import { BANK, reverses } from './ledger.js';
import type { Posting } from './ledger.js';
import { SCHEDULE_COMMANDS, fireBoundary } from './schedule-commands.js';
import { ADMISSION_COMMANDS } from './admission.js';
import { beaconCommand, roundNamedAt, waitsForRound } from './beacon-dice.js';
import { timelockFields } from './beacon-timelock.js';
import { TIMELOCK_MAX } from './dice/timelock.js';
import { PARAMETER_COMMANDS, applyDueAmendments } from './parameter-commands.js';

/** Player names: what a forum handle reduces to; never containing a space, so never a fund's name. */
export const PLAYER_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,31}$/;

/**
 * Ends the current nday, passing through the clock phases and firing their hooks. If the game has ended by
 * the time a phase's hooks have run, time stops there: no later phase, no new seed, no later hooks.
 */
export function endNday(ctx: Decision, instant?: string, timelock?: string): void {
  const { nweek, nday, ndays } = ctx.clock;
  ctx.emit({ type: 'nday-ended', vis: 'public', nweek, nday });
  ctx.runHooks('ndayEnd');
  if (ctx.state.ended) return;
  if (nday < ndays) {
    ctx.emit({ type: 'nday-started', vis: 'public', nweek, nday: nday + 1 });
    applyDueAmendments(ctx, 'nday');
    ctx.runHooks('ndayStart');
    return;
  }
  ctx.emit({ type: 'nweek-ended', vis: 'public', nweek });
  ctx.runHooks('nweekEnd');
  if (ctx.state.ended) return;
  const beacon = ctx.state.dice.beacon;
  if (ctx.state.dice.source === 'beacon' && beacon) {
    // B1, B5: the next nweek's seed names a round not yet published; the nweek begins when it is recorded.
    ctx.revealSeed('public', nweek);
    // B6: never a round at or before one already recorded, whatever instant the tick was given.
    const round = Math.max(roundNamedAt(ctx, beacon.chain, instant), beacon.round + 1);
    const sealed = timelockFields(ctx, beacon.chain, round, Date.parse(instant as string), timelock);
    ctx.commitSeed('public', nweek + 1, round, sealed);
    return;
  }
  if (ctx.state.dice.source === 'fair') {
    ctx.revealSeed('public', nweek);
    ctx.commitSeed('public', nweek + 1);
  }
  startNweek(ctx, nweek + 1);
}

/** Begins the nweek a recorded beacon round anchors (B5): for nweek 1, the game's setup first. */
export function beginAnchoredNweek(ctx: Decision, epoch: number): void {
  if (epoch === 1) for (const m of ctx.modules) m.onSetup?.(ctx);
  startNweek(ctx, epoch);
}

export function startNweek(ctx: Decision, nweek: number): void {
  ctx.emit({ type: 'nweek-started', vis: 'public', nweek });
  // Issue 24: an amendment waiting for this nweek takes effect before its first hook runs.
  applyDueAmendments(ctx, { nweek });
  ctx.runHooks('nweekStart');
  if (ctx.state.ended) return;
  ctx.emit({ type: 'nday-started', vis: 'public', nweek, nday: 1 });
  applyDueAmendments(ctx, 'nday');
  ctx.runHooks('ndayStart');
}

/** Schemas are made on first use (a function each), not when this module loads: see command(). */
const moduleName = () => z.string().min(1).max(100);

export const KERNEL_COMMANDS: Readonly<Record<string, CommandRule<unknown>>> = {
  ...ADMISSION_COMMANDS,
  tick: command({
    actor: 'admin',
    visibility: 'public',
    summary:
      "end the current nday (or, with nweek, every nday left in the nweek); scheduled: the schedule's boundary this is",
    args: () =>
      z
        .object({
          nweek: z.boolean().optional(),
          scheduled: z.string().min(1).max(40).optional(),
          // Beacon dice (B1): the instant the tick was given, filled in by the engine, naming the next round.
          at: z.string().min(1).max(40).optional(),
          // B13: the next nweek's seed, timelocked by the engine, when the tick ends a beacon nweek.
          timelock: z.string().min(1).max(TIMELOCK_MAX).optional(),
        })
        .strict(),
    confirm: {
      message:
        'End every nday left in this nweek? The rules act at once for everyone who has not acted (they may time out turns), and the nweek cannot be reopened.',
      when: 'nweek',
    },
    run(ctx, _by, { nweek, scheduled, at, timelock }) {
      if (scheduled !== undefined) fireBoundary(ctx, scheduled);
      const start = ctx.clock.nweek;
      do endNday(ctx, at, timelock);
      while (nweek === true && ctx.clock.nweek === start && !ctx.state.ended && !waitsForRound(ctx.state));
    },
  }),
  dice: command({
    actor: 'admin',
    summary: 'queue results for the next manual rolls (or clear the queue)',
    words: ['values'],
    visibility: 'admin',
    args: () =>
      z
        .object({
          values: z.array(z.number().int().min(1)).max(10_000).optional(),
          clear: z.boolean().optional(),
        })
        .strict(),
    run(ctx, _by, { values, clear }) {
      if (ctx.state.dice.source !== 'manual')
        ctx.reject('not-allowed', 'this game rolls fair dice; results cannot be queued');
      if (clear) ctx.emit({ type: 'dice-cleared', vis: 'admin' });
      if (values && values.length > 0) ctx.emit({ type: 'dice-queued', vis: 'admin', values });
    },
  }),
  points: command({
    actor: 'admin',
    visibility: 'public',
    summary: 'move points between ledger accounts (from The Bank unless said)',
    words: ['to', 'amount', 'reason'],
    players: ['from', 'to'],
    args: () =>
      z
        .object({
          from: z.string().min(1).optional(),
          to: z.string().min(1),
          amount: z.number().int(),
          reason: z.string().min(1).max(500),
        })
        .strict(),
    run(ctx, _by, { from, to, amount, reason }) {
      for (const account of [from ?? BANK, to]) {
        if (PLAYER_NAME.test(account) && !ctx.state.players.includes(account))
          ctx.reject('unknown-player', `${account} has not joined this game`);
      }
      ctx.transfer(from ?? BANK, to, amount, reason);
    },
  }),
  correct: command({
    actor: 'admin',
    summary:
      'correct a mistaken ledger entry: the same points move back, with the reason (entry: its number in the log)',
    words: ['entry', 'reason'],
    // The command names the entry by the log's own number, which counts hidden entries: the Administrator's
    // alone. What everyone sees is the reversing transfer, which describes the one it reverses (ruling K12).
    args: () => z.object({ entry: z.number().int().min(1), reason: z.string().min(1).max(500) }).strict(),
    run(ctx, _by, { entry, reason }) {
      const journal = ctx.state.journal ?? [];
      const p: Posting | undefined = journal.find((q) => q.seq === entry);
      if (!p)
        return ctx.reject(
          'not-a-ledger-entry',
          `entry ${entry} moved no points: only a ledger entry (a transfer of points) can be corrected`,
        );
      // The reversal is seen by whoever saw the transfer it reverses, and by no one else.
      const reversal = {
        type: 'points',
        vis: p.vis,
        from: p.to,
        to: p.from,
        amount: p.amount,
        reason,
        corrects: { nweek: p.nweek, nday: p.nday, reason: p.reason },
      } as const;
      // Transfers alike in every word are one and the same to a reader: the correction reverses the first of
      // them not yet corrected, so each of them can be corrected once, whichever number is given.
      if (!journal.some((q) => reverses(q, reversal)))
        ctx.reject('already-corrected', `entry ${entry} has already been corrected`);
      ctx.emit(reversal);
    },
  }),
  amend: command({
    actor: 'admin',
    visibility: 'public',
    summary: 'amend the game into another ruleset (the later text of its rule)',
    words: ['ruleset'],
    args: () => z.object({ ruleset: z.string().min(1) }).strict(),
    confirm: {
      message:
        'Amend the game into another text of its rule? Every later command is decided by the new text; an amendment is not undone.',
    },
    run(ctx, _by, { ruleset }) {
      const from = ctx.state.ruleset;
      const target = ctx.registry.get(ruleset);
      if (!target) return ctx.reject('unknown-ruleset', `there is no ruleset ${ruleset}`);
      if (!target.migrateFrom?.[from]) ctx.reject('not-allowed', `${ruleset} is not an amendment of ${from}`);
      // P5: the old text's amended values would not carry into the new text, which may not hold the game as they
      // left it (a Grid grown past the new text's): they are repealed first, each on the record.
      const live = (ctx.state.params?.amendments ?? []).filter(
        (a) => a.status === 'in-force' || a.status === 'pending',
      );
      if (live.length > 0)
        ctx.reject(
          'parameters-in-the-way',
          `amendment${live.length === 1 ? '' : 's'} ${live.map((a) => a.n).join(', ')} of ${from}'s parameters ${live.length === 1 ? 'is' : 'are'} in force or waiting: repeal ${live.length === 1 ? 'it' : 'them'} first (repeal-amendment)`,
        );
      ctx.emit({
        type: 'ruleset-amended',
        vis: 'public',
        from,
        to: ruleset,
        repeals: [...(target.repeals ?? [])],
      });
      for (const m of ctx.modules) m.onAmend?.(ctx, from);
    },
  }),
  enact: command({
    actor: 'admin',
    visibility: 'public',
    summary: "enact one of the ruleset's optional rule modules, above every active one",
    words: ['module'],
    args: () => z.object({ module: moduleName() }).strict(),
    run(ctx, _by, { module }) {
      if (!ctx.registry.available(ctx.ruleset).some((m) => m.id === module))
        ctx.reject('unknown-module', `${ctx.state.ruleset} has no rule ${module}`);
      if (ctx.state.modules.includes(module)) ctx.reject('not-allowed', `${module} is already in force`);
      ctx.emit({ type: 'module-enacted', vis: 'public', module });
    },
  }),
  repeal: command({
    actor: 'admin',
    visibility: 'public',
    summary: 'repeal an active rule module',
    words: ['module'],
    args: () => z.object({ module: moduleName() }).strict(),
    confirm: { message: 'Repeal this rule? What it did is no longer done from now on.' },
    run(ctx, _by, { module }) {
      if (!ctx.state.modules.includes(module)) ctx.reject('unknown-module', `${module} is not in force`);
      ctx.emit({ type: 'module-repealed', vis: 'public', module });
    },
  }),
  end: command({
    actor: 'admin',
    visibility: 'public',
    summary: 'end the game (reveals every dice seed)',
    words: ['reason'],
    players: ['winners'],
    args: () =>
      z
        .object({ reason: z.string().min(1).max(500).optional(), winners: z.array(z.string()).optional() })
        .strict(),
    confirm: {
      message: 'End the game for good? Every dice seed is revealed and nothing more can be done in it.',
    },
    run(ctx, _by, { reason, winners }) {
      ctx.endGame(winners ?? [], reason ?? 'ended by the Administrator');
    },
  }),
  ...SCHEDULE_COMMANDS,
  ...PARAMETER_COMMANDS,
  beacon: beaconCommand(beginAnchoredNweek),
};
