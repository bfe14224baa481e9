// Where each game's current nweek began, as the producers saw it (issue 28 item 4): the command that began it
// (its first entry, and the hash of the entry before, which pins the log up to there) and the state it was
// decided on, which the Referee hands every command. The nweek's report is then made from the entries since
// that command (LogStretch, src/engine/report-model.ts), not from the whole log replayed: an nweek's end costs
// what the nweek holds, whatever the game's length. Kept in memory: a process that did not see the command
// that began an nweek (it started since, or another process gave it) reads the whole log once at its end, as
// before, and knows where the next one begins.
import type { GameState, LogEntry } from '../core/index.js';
import type { LogStretch } from '../engine/report-model.js';
import type { GameLog } from '../engine/ports/index.js';

/** The command that began a game's nweek, as a command's notices saw it. */
export interface Beginning {
  readonly nweek: number;
  /** That command's first entry, and its `prev`: the hash of the entry before it. */
  readonly first: number;
  readonly prev: string;
  /** The state the command was decided on: undefined for the game's creation (first is then 1). */
  readonly before: GameState | undefined;
  /** The game's creation, from the log's first entry (its seeds' commitments), when first is past it. */
  readonly creation: readonly LogEntry[] | undefined;
}

/** How many games' beginnings are kept (the oldest told is forgotten first: its next report reads the log). */
export const BEGINNINGS_KEPT = 10_000;

export class NweekBeginnings {
  private readonly games = new Map<string, Beginning>();

  constructor(private readonly kept = BEGINNINGS_KEPT) {}

  /**
   * Told by a command (before its append, as its notices are made, and again on each retry): if it began an
   * nweek, that nweek began here. A command whose append is then refused leaves a beginning that is still
   * true of the log up to `prev` (see stretch).
   */
  began(
    game: string,
    entries: readonly LogEntry[],
    before: GameState | undefined,
    creation: readonly LogEntry[] | undefined,
  ): void {
    const first = entries[0];
    const started = entries.filter((e) => e.event.type === 'nweek-started').at(-1);
    if (!first || !started) return;
    // Past the creation, a report needs the creation's seeds: without them, this nweek's report reads the log.
    if (first.seq > 1 && !creation) {
      this.games.delete(game);
      return;
    }
    this.games.delete(game);
    this.games.set(game, {
      nweek: Number(started.event.nweek),
      first: first.seq,
      prev: first.prev,
      before,
      creation: first.seq > 1 ? creation : undefined,
    });
    if (this.games.size > this.kept) this.games.delete(this.games.keys().next().value as string);
  }

  /**
   * The log since nweek `nweek` of `game` began, up to (not including) the entry `next`, as a stretch a report
   * can be made from; undefined if this process did not see where it began. The entries are read from the
   * store and must follow the entry whose hash the beginning kept (so its state is the state there, whoever
   * committed the command), one after another up to `next`.
   */
  async stretch(
    store: Pick<GameLog, 'entries'>,
    game: string,
    nweek: number,
    next: LogEntry,
  ): Promise<LogStretch | undefined> {
    const b = this.games.get(game);
    if (!b || b.nweek !== nweek || b.first > next.seq) return undefined;
    const read =
      b.first === next.seq
        ? []
        : ((await store.entries(game, b.first)) ?? []).filter((e) => e.seq < next.seq);
    const head = read[0] ?? next;
    const last = read.at(-1);
    if (head.seq !== b.first || head.prev !== b.prev || (last && last.seq !== next.seq - 1)) return undefined;
    return {
      entries: read,
      ...(b.before ? { before: b.before } : {}),
      ...(b.creation ? { creation: b.creation } : {}),
    };
  }
}

/**
 * The game's creation from a stretch of its log: the entries of its first command (up to the next command's
 * echo), if the stretch begins the log; else the stretch's own creation.
 */
export function creationOf(stretch: LogStretch): readonly LogEntry[] | undefined {
  if (stretch.before) return stretch.creation;
  const { entries } = stretch;
  if (entries[0]?.seq !== 1) return undefined;
  const next = entries.findIndex((e, i) => i > 0 && e.event.type === 'command');
  return entries.slice(0, next < 0 ? entries.length : next);
}
