// The notices every command of a game run by mail causes (issue 15): the private news of each player and,
// at an nweek's end, the nweek's report, from the producers (producers.ts), written in the command's own
// transaction (Referee.setNotices). Games the operator's mail settings do not name get none from here.
import type { LogEntry } from '../core/index.js';
import type { CommandNotices } from '../engine/ports/index.js';
import type { LogStretch } from '../engine/report-model.js';
import type { GameLog, Notice } from '../engine/ports/index.js';
import { creationOf, NweekBeginnings } from './nweek-beginnings.js';
import { privateNotices, publicNotices, reportNotices, reportNoticesFrom } from './producers.js';
import type { CommandOutcome } from './producers.js';
import type { Rules } from '../engine/ports/index.js';

export interface CommandNoticesOptions {
  readonly kernel: Rules;
  readonly store: Pick<GameLog, 'entries'>;
  /** Whether a game's commands make notices (a game named in the mail settings). */
  readonly game: (game: string) => boolean;
  /** The instant the notices are stamped with (ISO), from the caller's clock. */
  readonly now: () => string;
}

/**
 * The producers as the Referee's default notices. Every command makes its notices from its own entries and
 * the states alone; the report of an nweek ending needs the log since that nweek began (issue 28 item 4: not
 * the whole log), which is read from where the command that began it was seen (nweek-beginnings.ts), or, when
 * this process did not see it, once from the log's start. The notices are those of commandNotices, in its order.
 */
export function producerNotices(options: CommandNoticesOptions): CommandNotices {
  const beginnings = new NweekBeginnings();
  return async (game, entries, after, before) => {
    if (!options.game(game)) return [];
    const outcome: CommandOutcome = { game, entries, before, after, at: options.now() };
    const notices = [...privateNotices(options.kernel, outcome), ...publicNotices(options.kernel, outcome)];
    const first = entries[0];
    const ended = entries.find((e) => e.event.type === 'nweek-ended');
    let creation: readonly LogEntry[] | undefined;
    if (first && ended) {
      const made = await reports(options, beginnings, outcome, first, Number(ended.event.nweek));
      notices.push(...made.notices);
      creation = creationOf(made.from);
    }
    beginnings.began(game, entries, before, creation);
    return notices;
  };
}

/** An nweek's reports, from the stretch since it began if this process saw where, else from the whole log. */
async function reports(
  options: CommandNoticesOptions,
  beginnings: NweekBeginnings,
  outcome: CommandOutcome,
  first: LogEntry,
  nweek: number,
): Promise<{ notices: readonly Notice[]; from: LogStretch }> {
  const stretch = await beginnings.stretch(options.store, outcome.game, nweek, first);
  const made = stretch && reportNoticesFrom(options.kernel, outcome, stretch);
  if (stretch && made) return { notices: made, from: stretch };
  // Entries from the store at or after this command's first are another process's (the append will be
  // refused and the command decided again): the log before it is what comes before its first seq.
  const earlier = ((await options.store.entries(outcome.game)) ?? []).filter((e) => e.seq < first.seq);
  return { notices: reportNotices(options.kernel, { ...outcome, earlier }), from: { entries: earlier } };
}
