// Issue 28 item 4, "work that grows with the game": an nweek's end made its report from the whole log, read
// and replayed inside the append. The report is now made from the log since the command that began the nweek
// (src/channels/nweek-beginnings.ts). Checked here without timing anything: the entries an nweek's end reads
// from the store, counted through a counting store, are the same on a long game as on a new one; and the
// reports made so are the reports the whole log makes, byte for byte, in random games of every ruleset.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, Kernel, player } from '../../src/core/index.js';
import type { Command, GameState, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { producerNotices } from '../../src/channels/command-notices.js';
import { commandNotices } from '../../src/channels/producers.js';
import {
  extraStrings,
  FUZZ_RULESETS,
  fixedCommand,
  harvest,
  KernelGame,
  MASTER,
  resolve,
  scenario,
  SETUP_ROLLS,
} from '../../bench/campaigns/fuzz.js';
import type { Scenario } from '../../bench/campaigns/fuzz.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from '../../bench/grid-game.js';
import { counting } from '../support/counting-store.js';
import { insidesOf } from '../../src/engine/insides.js';

const AT = '2026-11-28T12:00:00.000Z';

async function must(referee: Referee, game: string, c: Command): Promise<GameState> {
  const r = await referee.submit(game, c);
  if (!r.ok) throw new Error(`${game}: ${c.type}: ${r.error.message}`);
  return r.value.state;
}

/** Plays `nweeks` whole nweeks of a busy Grid game (20 players announcing every nweek). */
async function play(referee: Referee, game: string, nweeks: number): Promise<GameState> {
  let state: GameState | undefined;
  for (const c of [createCommand(game), ...setupCommands()]) state = await must(referee, game, c);
  for (let n = 0; n < nweeks; n++) {
    for (const c of moveCommands(state as GameState)) await must(referee, game, c);
    state = await must(referee, game, tickNweek);
  }
  return state as GameState;
}

/**
 * One more nweek of a game: the entries its end reads from the store (the announcements before it not
 * counted), how many entries the nweek had before its end (from the command that began it, the last tick),
 * and its report.
 */
async function nweekEnd(
  referee: Referee,
  counter: { read: () => number },
  game: string,
): Promise<{ read: number; nweek: number; report: string | undefined }> {
  const begun = await referee.state(game);
  const began = findTickStart(await referee.gameLog.entries(game));
  for (const c of moveCommands(begun)) await must(referee, game, c);
  const before = counter.read();
  const r = await referee.submit(game, tickNweek);
  if (!r.ok) throw new Error(r.error.message);
  const read = counter.read() - before;
  const first = r.value.entries[0]?.seq ?? 0;
  const notices = await referee.outbox.notices(game, ['public']);
  const report = notices.find((n) => n.key === `report:${r.value.state.clock.nweek - 1}`)?.text;
  return { read, nweek: first - began, report };
}

/** The first entry of the last tick in a log (the command that began its current nweek). */
function findTickStart(entries: readonly LogEntry[] | undefined): number {
  const all = entries ?? [];
  const at = all.findLastIndex(
    (e) => e.event.type === 'command' && (e.event.command as { type?: string } | undefined)?.type === 'tick',
  );
  return all[at]?.seq ?? 0;
}

describe('issue 28 item 4: work that grows with the game', () => {
  it("issue 28 item 4: an nweek's end reads the same entries on a 60-nweek game as on a new one", async () => {
    const { store, read } = counting(new SqliteStore(':memory:'));
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    referee.setNotices(
      producerNotices({ kernel: insidesOf(referee).kernel, store, game: () => true, now: () => AT }),
    );
    const long = await play(referee, 'long', 60);
    await play(referee, 'fresh', 1);
    expect(long.seq).toBeGreaterThan(60 * 40);
    const onLong = await nweekEnd(referee, { read }, 'long');
    const onFresh = await nweekEnd(referee, { read }, 'fresh');
    // The nweek's own entries (from the command that began it to its end), nothing before them.
    expect(onLong.read).toBe(onLong.nweek);
    expect(onFresh.read).toBe(onFresh.nweek);
    expect(onLong.read).toBeLessThan(100);
    expect(onLong.report).toContain('report for nweek 61');
    expect(onFresh.report).toContain('report for nweek 2');
  });

  it('issue 28 item 4: a process that did not see the nweek begin reads the log once, then only the nweeks', async () => {
    const file = new SqliteStore(':memory:');
    const first = new Referee(file, defaultRegistry(), systemEntropy);
    await play(first, 'g', 30);
    // Another Referee over the same store, its producers on from now: it did not see nweek 31 begin.
    const { store, read } = counting(file);
    const later = new Referee(store, defaultRegistry(), systemEntropy);
    later.setNotices(producerNotices({ kernel: later.rules, store, game: () => true, now: () => AT }));
    const cold = await nweekEnd(later, { read }, 'g');
    const warm = await nweekEnd(later, { read }, 'g');
    const again = await nweekEnd(later, { read }, 'g');
    expect(cold.read).toBeGreaterThan(30 * 40);
    expect(warm.read).toBe(warm.nweek);
    expect(again.read).toBe(again.nweek);
    // And the report read from the nweek alone is the one the whole log makes.
    const whole = await wholeLogReport(later, 'g', 32);
    expect(warm.report).toBe(whole);
  });

  it('issue 28 item 4: reports made from the nweek alone are byte for byte those of the whole log (random games of every ruleset)', async () => {
    const kernel = new Kernel(defaultRegistry());
    const tally = { reports: 0, fromStart: 0 };
    for (const [i, ruleset] of FUZZ_RULESETS.entries()) {
      const runs = fc.sample(scenario(ruleset, 80), { numRuns: 12, seed: 2800 + i });
      for (const sc of runs) await differential(kernel, sc, tally);
    }
    // Most reports were made from their nweek alone: the log was read from its start only for the first
    // nweek's (the log's start is where it began) and where a stretch could not tell all.
    expect(tally.fromStart).toBeLessThan(tally.reports / 2);
  });
});

/** The report of nweek `nweek` as commandNotices makes it from the whole log, at the game's state now. */
async function wholeLogReport(referee: Referee, game: string, nweek: number): Promise<string | undefined> {
  const entries = (await referee.gameLog.entries(game)) ?? [];
  const endAt = entries.findIndex((e) => e.event.type === 'nweek-ended' && Number(e.event.nweek) === nweek);
  const first = entries.findLastIndex((e, i) => i <= endAt && e.event.type === 'command');
  const last = entries.findIndex((e, i) => i > endAt && e.event.type === 'command');
  const own = entries.slice(first, last < 0 ? entries.length : last);
  const state = insidesOf(referee).kernel.replay(
    entries.slice(0, last < 0 ? entries.length : last).map((e) => e.event),
  );
  const made = commandNotices(insidesOf(referee).kernel, {
    game,
    entries: own,
    before: undefined,
    after: state as GameState,
    at: AT,
    earlier: entries.slice(0, first),
  });
  return made.find((n) => n.key === `report:${nweek}`)?.text;
}

/**
 * One random game played through the pure kernel, every command's notices made by the producers (reading the
 * log the game has so far) and by commandNotices from the whole log: the same, every one. Ticks are added
 * every few steps, so that the games see many nweeks end.
 */
async function differential(
  kernel: Kernel,
  sc: Scenario,
  tally: { reports: number; fromStart: number },
): Promise<void> {
  const game = new KernelGame(kernel, sc.dice === 'fair' ? MASTER : undefined);
  const log = {
    entries: (_g: string, from = 1) => {
      if (from <= 1) tally.fromStart++;
      return Promise.resolve(game.entries.filter((e) => e.seq >= from));
    },
  };
  const producers = producerNotices({ kernel, store: log, game: () => true, now: () => AT });
  const decide = async (command: Command): Promise<void> => {
    const before = game.state;
    const from = game.entries.length;
    const r = game.decide(command);
    if (!r.ok) return;
    const entries = game.entries.slice(from);
    const after = game.state as GameState;
    const made = await producers('fz', entries, after, before);
    const whole = commandNotices(kernel, {
      game: 'fz',
      entries,
      before,
      after,
      at: AT,
      earlier: game.entries.slice(0, from),
    });
    expect(made).toEqual(whole);
    tally.reports += whole.filter((n) => n.topic === 'report').length;
  };
  await decide({
    type: 'create',
    by: ADMIN,
    args: { game: 'fz', ruleset: sc.ruleset, dice: sc.dice, ndays: sc.ndays },
    ...(sc.dice === 'manual' ? { rolls: SETUP_ROLLS } : {}),
  });
  for (const name of sc.joined) await decide({ type: 'join', by: player(name), args: {} });
  const extra = extraStrings(kernel, sc.ruleset);
  for (const [i, s] of sc.steps.entries()) {
    if (!game.state) return;
    const command =
      s.kind === 'command'
        ? resolve(kernel, game.state, s, harvest(kernel.view(game.state, ADMIN), extra))
        : fixedCommand(s);
    await decide(command);
    if (i % 5 === 4) await decide({ type: 'tick', by: ADMIN, args: { nweek: true } });
  }
}
