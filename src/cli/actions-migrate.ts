// What `referee migrate --from sqlite:FILE --to postgres://…` does (verbs-migrate.ts registers it): moves games
// from one store to another. Each game is copied whole (log, dice secret, command ids, tokens, notices) in one
// transaction of the target, never over a game the target already has, and counts as moved only once the
// target's copy replays and verifies and reads back identical to the source.
import { existsSync } from 'node:fs';
import { canonicalJson } from '../core/index.js';
import type { Json } from '../core/index.js';
import type { VerifyProgress } from '../engine/verification.js';
import { isPostgresSpec, openHouse, shownSpec } from '../house/house.js';
import type { House } from '../house/house.js';
import type { GameDump } from '../engine/ports/index.js';
import { UsageError, VerificationFailed } from './fail.js';
import { openProgress } from './progress.js';

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** A store spec fit to print: a connection string without its password. */
const shown = shownSpec;

/** The dump as comparable text: everything in it, in a fixed order. */
const fingerprint = (d: GameDump): string =>
  canonicalJson({
    game: d.game,
    ruleset: d.ruleset,
    entries: d.entries,
    master: d.master ? Array.from(d.master) : null,
    commands: d.commands,
    tokens: d.tokens,
    notices: d.notices ?? [],
    byMail: d.byMail ?? false,
    addresses: d.addresses ?? [],
  } as unknown as Json);

/** Long work with a progress bar on a terminal (progress.ts), the bar cleared before anything is printed. */
async function withBar<T>(
  label: string,
  total: number,
  work: (progress: VerifyProgress) => Promise<T>,
): Promise<T> {
  const bar = await openProgress(label, total);
  try {
    return await work((n) => bar.update(n));
  } finally {
    bar.stop();
  }
}

/** `referee migrate --from STORE --to STORE [GAMES…]`. */
export async function migrateGames(only: string[], opts: { from: string; to: string }): Promise<void> {
  for (const [flag, spec] of [
    ['--from', opts.from],
    ['--to', opts.to],
  ] as const)
    if ((spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec).trim() === '')
      throw new UsageError(`${flag} is empty: name a database file or a postgres://… store`);
  if (opts.from === opts.to) throw new UsageError('--from and --to name the same store');
  if (!isPostgresSpec(opts.from)) {
    // Opening a missing SQLite file would create an empty one: say what is wrong instead.
    const path = opts.from.startsWith('sqlite:') ? opts.from.slice('sqlite:'.length) : opts.from;
    if (!existsSync(path)) throw new UsageError(`${path} does not exist: nothing to migrate`);
  }
  // Opened only to be copied from and into: no command is given, so no game's notices are wired.
  const source = await openHouse(opts.from, { byMail: false });
  let target: House | undefined;
  try {
    target = await openHouse(opts.to, { rulesets: 'all', byMail: false });
    await migrate(source, target, only, opts);
  } finally {
    await target?.close();
    await source.close();
  }
}

async function migrate(
  from: House,
  to: House,
  only: readonly string[],
  opts: { from: string; to: string },
): Promise<void> {
  const source = from.referee.maintenance;
  const target = to.referee.maintenance;
  if (!source.dumpGame) throw new UsageError(`${shown(opts.from)} cannot give its games whole`);
  if (!target.restoreGame) throw new UsageError(`${shown(opts.to)} cannot take games whole`);
  const all = (await from.referee.listGames()).map((g) => g.id);
  const unknown = only.filter((g) => !all.includes(g));
  if (unknown.length > 0)
    throw new UsageError(`${shown(opts.from)} has no game ${unknown.join(', ')}`, 'unknown-game');
  const games = only.length > 0 ? [...new Set(only)] : all;
  // Refused before anything is written: a migration never overwrites or merges into a game.
  const there = new Set((await to.referee.listGames()).map((g) => g.id));
  const clash = games.filter((g) => there.has(g));
  if (clash.length > 0)
    throw new UsageError(
      `${shown(opts.to)} already has ${clash.length === 1 ? 'the game' : 'the games'} ${clash.join(', ')}; nothing was copied`,
      'game-exists',
    );
  const referee = to.referee;
  let moved = 0;
  for (const game of games) {
    const dump = await source.dumpGame(game);
    if (!dump) throw new UsageError(`${game} disappeared from ${shown(opts.from)} while migrating`);
    // A log that does not verify where it is would not verify where it goes: not copied.
    const before = await withBar(`checking ${game}`, dump.entries.length, (progress) =>
      referee.verifyEntries(dump.entries, dump.master ?? undefined, progress),
    );
    if (!before.ok) {
      for (const p of before.problems) console.error(`referee: ${game}: ${p}`);
      throw new VerificationFailed(
        `${game} does NOT verify in ${shown(opts.from)}; it was not copied (${moved} of ${games.length} games moved)`,
      );
    }
    await target.restoreGame(dump);
    // Read back from the target: replayed and re-decided there, and identical to what was read.
    const report = await withBar(`checking the copy of ${game}`, dump.entries.length, (progress) =>
      referee.verify(game, { progress }),
    );
    const copy = await target.dumpGame?.(game);
    if (!report.ok || (copy && fingerprint(copy) !== fingerprint(dump))) {
      for (const p of report.problems) console.error(`referee: ${game}: ${p}`);
      throw new VerificationFailed(
        `${game} was copied but its copy in ${shown(opts.to)} does NOT ${report.ok ? 'match the original' : 'verify'}`,
      );
    }
    moved++;
    console.log(
      `${game} (${dump.ruleset}): ${count(dump.entries.length, 'log entry', 'log entries')}, ${count(dump.commands.length, 'command id')}, ${count(dump.tokens.length, 'token')}${dump.master ? ', dice secret' : ''}; verifies on the target (${count(report.commands, 'command')} re-decided)`,
    );
  }
  console.log(`migrated ${count(moved, 'game')} from ${shown(opts.from)} to ${shown(opts.to)}`);
}
