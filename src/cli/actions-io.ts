// What verify, export and import do (verbs-io.ts registers them): the log leaves the program only through a
// view, except the Administrator's full export, which is a backup and carries the dice secret so the game can
// go on elsewhere.
import type { Command as Program } from 'commander';
import { readFileSync } from 'node:fs';
import { bytesToHex, canSee, hexToBytes } from '../core/index.js';
import type { GameEvent, KernelEvent, LogEntry } from '../core/index.js';
import { checkPublicDice, checkTimelocks } from '../core/timelock-verify.js';
import type { TimelockReport } from '../core/timelock-verify.js';
import type { ChainCheck } from '../engine/verification.js';
import { isPostgresSpec } from '../house/house.js';
import { dbPath, logLength, viewerOf, withReferee } from './context.js';
import type { ViewerFlags } from './context.js';
import { fromRuleError, UsageError, VerificationFailed } from './fail.js';
import { openProgress } from './progress.js';

export const EXPORT_FORMAT = 'nomic-referee/log';

/** `referee verify GAME`: replays the log, checks the chain and re-derives every roll. */
export async function verify(program: Program, game: string | undefined): Promise<void> {
  if (game === undefined) throw new UsageError('verify: name a game, or a public export with --public FILE');
  await withReferee(program, async (referee) => {
    const bar = await openProgress(`verifying ${game}`, () => logLength(referee.gameLog, game));
    let report;
    try {
      const chainCheck = await secondThread(dbPath(program));
      report = await referee.verify(game, {
        progress: (n) => bar.update(n),
        ...(chainCheck ? { chainCheck } : {}),
      });
    } finally {
      bar.stop();
    }
    if (!report.ok) {
      for (const p of report.problems) console.error(`referee: ${p}`);
      throw new VerificationFailed(`${game} does NOT verify`);
    }
    // B14: a beacon game's timelocks, opened with the rounds the log records (async, so beside the replay).
    const events: GameEvent[] = [];
    // The dice are chosen at the game's creation, its first entry: read that, not the whole game's state (a
    // fold of the whole log again, a quarter more CPU for a long game: docs/benchmarks.md, side by side).
    const created = ((await referee.gameLog.entries(game, 1, 1)) ?? [])[0]?.event as KernelEvent | undefined;
    if (created?.type === 'game-created' && created.dice === 'beacon')
      for await (const page of referee.gameLog.stream(game)) for (const e of page) events.push(e.event);
    const locks = await checkTimelocks(events);
    if (locks.problems.length > 0) {
      for (const p of locks.problems) console.error(`referee: ${p}`);
      throw new VerificationFailed(`${game} does NOT verify`);
    }
    console.log(
      `${game} verifies: ${report.entries} log entries, ${report.commands} commands re-decided, ${report.fairRolls} fair and ${report.manualRolls} manual rolls checked.`,
    );
    if (events.length > 0) console.log(timelockLine(locks));
  });
}

function timelockLine(locks: TimelockReport): string {
  const sealed = locks.sealed.map((s) => `nweek ${s.nweek}'s at round ${s.opens}`);
  return `timelocks: ${locks.opened} opened to their committed seed${sealed.length > 0 ? `; not yet opened (their round not recorded): ${sealed.join(', ')}` : ''}.`;
}

/**
 * `referee verify --public FILE`: a player's check of a public export (issue 26), from it alone and the chain
 * its creation describes: no store, no secret, no network (checkPublicDice).
 */
export async function verifyPublic(file: string): Promise<void> {
  let events: GameEvent[];
  try {
    events = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { event?: GameEvent })
      .flatMap((l) => (l.event !== undefined ? [l.event] : []));
  } catch (e) {
    throw new UsageError(`${file} is not an export (JSON lines): ${(e as Error).message}`);
  }
  const report = await checkPublicDice(events);
  if (report.problems.length > 0) {
    for (const p of report.problems) console.error(`referee: ${p}`);
    throw new VerificationFailed(`${file} does NOT verify`);
  }
  console.log(
    `${file} verifies from public data: ${events.length} events, ${report.rederived} beacon rolls derived again from their revealed seed and round; ${report.unrevealed} not yet revealed (checked once their seed is).`,
  );
  console.log(timelockLine(report));
}

/**
 * On a SQLite file with a core to spare, the hash chain and the file's integrity check run on a second thread
 * beside the re-deciding (issue 17: store/chain-thread.ts). That reads the log twice (about a third more CPU
 * in all), which pays only while the machine has room for a second thread: on one already busy (a 1-minute
 * load average of 1.5 × the cores or more; docs/benchmarks.md, "Two threads") the log is verified in one
 * pass, as on a PostgreSQL store. Either way the
 * same report. REFEREE_VERIFY_THREADS=1 or 2 chooses (tests, benchmarks).
 */
async function secondThread(spec: string): Promise<ChainCheck | undefined> {
  if (isPostgresSpec(spec)) return undefined;
  const path = spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec;
  if (path === '' || path === ':memory:') return undefined;
  const chosen = process.env.REFEREE_VERIFY_THREADS;
  if (chosen === '1') return undefined;
  if (chosen !== '2') {
    const { availableParallelism, loadavg } = await import('node:os');
    const cores = availableParallelism();
    if (cores < 2 || (loadavg()[0] ?? 0) >= 1.5 * cores) return undefined;
  }
  const { checkChainOnThread } = await import('../store/chain-thread.js');
  return (game) => checkChainOnThread(path, game);
}

/**
 * `referee export GAME [--as NAME | --public]`: the log as JSON lines, read and written a page at a time (a
 * long log is never held whole), with a progress bar on a terminal.
 */
export async function exportLog(
  program: Program,
  game: string,
  opts: ViewerFlags & { public?: boolean },
): Promise<void> {
  const viewer = opts.public || opts.as !== undefined ? viewerOf(opts) : viewerOf({ admin: true });
  await withReferee(program, async (referee) => {
    const state = await referee.state(game);
    if (viewer.role === 'admin') {
      const master = await referee.gameLog.master(game);
      console.log(
        JSON.stringify({
          format: EXPORT_FORMAT,
          version: 1,
          game,
          ruleset: state.ruleset,
          viewer: 'admin',
          ...(master ? { master: bytesToHex(master) } : {}),
        }),
      );
    } else
      console.log(
        JSON.stringify({
          format: EXPORT_FORMAT,
          version: 1,
          game,
          viewer: viewer.role === 'player' ? `player:${viewer.name}` : 'public',
        }),
      );
    const line = (e: LogEntry): string | undefined =>
      viewer.role === 'admin'
        ? JSON.stringify(e)
        : canSee(e.event.vis, viewer)
          ? JSON.stringify({ nweek: e.at.nweek, nday: e.at.nday, event: e.event })
          : undefined;
    const bar = await openProgress(`exporting ${game}`, () => logLength(referee.gameLog, game));
    let done = 0;
    try {
      for await (const page of referee.gameLog.stream(game)) {
        const lines: string[] = [];
        for (const e of page) {
          const text = line(e);
          if (text !== undefined) lines.push(text);
        }
        if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
        done += page.length;
        bar.update(done);
      }
    } finally {
      bar.stop();
    }
  });
}

/** `referee import FILE`: a game from a full export, verified before anything is written. */
export async function importLog(program: Program, file: string): Promise<void> {
  let header: { format?: string; viewer?: string; master?: string };
  let entries: LogEntry[];
  if (file.trim() === '') throw new UsageError('the file to import is empty: name an export file');
  try {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    header = JSON.parse(lines[0] ?? '{}') as typeof header;
    entries = lines.slice(1).map((l) => JSON.parse(l) as LogEntry);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  if (header.format !== EXPORT_FORMAT) throw new UsageError(`${file} is not a nomic-referee export`);
  if (header.viewer !== 'admin')
    throw new UsageError(
      `${file} is a ${header.viewer ?? 'partial'} export; only a full export can be imported`,
    );
  if (header.master !== undefined && !/^[0-9a-f]{64}$/.test(header.master))
    throw new UsageError(`${file} has a malformed dice secret`);
  await withReferee(program, async (referee) => {
    const name = typeof entries[0]?.event.game === 'string' ? entries[0].event.game : file;
    const bar = await openProgress(`importing ${name}`, entries.length);
    let result;
    try {
      result = await referee.import(entries, header.master ? hexToBytes(header.master) : null, (n) =>
        bar.update(n),
      );
    } finally {
      bar.stop();
    }
    if (!result.ok) throw fromRuleError(result.error);
    console.log(
      `imported ${result.value.game} (${result.value.ruleset}), ${entries.length} log entries, verified`,
    );
  });
}
