// The notices every command of a game run by mail causes (issue 15): the private news of each player and,
// at an nweek's end, the nweek's report, from the producers (producers.ts), written in the command's own
// transaction (Referee.setNotices). Games the operator's mail settings do not name get none from here.
import type { Kernel } from '../core/index.js';
import type { CommandNotices } from '../engine/referee.js';
import type { Store } from '../store/store.js';
import { commandNotices } from './producers.js';

export interface CommandNoticesOptions {
  readonly kernel: Kernel;
  readonly store: Pick<Store, 'entries'>;
  /** Whether a game's commands make notices (a game named in the mail settings). */
  readonly game: (game: string) => boolean;
  /** The instant the notices are stamped with (ISO), from the caller's clock. */
  readonly now: () => string;
}

/**
 * The producers as the Referee's default notices. The report needs the log before the command, so only a
 * command that ends an nweek reads it, once, from the store (the report's standings replay the log from its
 * start); every other command makes its notices from its own entries and the states alone.
 */
export function producerNotices(options: CommandNoticesOptions): CommandNotices {
  return async (game, entries, after, before) => {
    if (!options.game(game)) return [];
    const first = entries[0];
    const endsNweek = entries.some((e) => e.event.type === 'nweek-ended');
    // Entries from the store at or after this command's first are another process's (the append will be
    // refused and the command decided again): the log before it is what comes before its first seq.
    const earlier =
      endsNweek && first
        ? ((await options.store.entries(game)) ?? []).filter((e) => e.seq < first.seq)
        : undefined;
    return commandNotices(options.kernel, {
      game,
      entries,
      before,
      after,
      at: options.now(),
      ...(earlier ? { earlier } : {}),
    });
  };
}
