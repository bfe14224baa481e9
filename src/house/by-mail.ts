// Which games' commands write notices (issue 15): the games the store marks as played by mail (schema 5,
// Store.markByMail). Every Referee the CLI builds (context.ts, withReferee) has each command of a marked
// game write the notices `serve --mail` writes (src/channels/command-notices.ts: each player's private news,
// the nweek's report), in the command's own transaction, whichever verb gave it: `act`, `tick`, `post`,
// `admin`, the clock, the API. So an Administrator's `referee tick g1 --nweek` beside a running
// `serve --mail` has its report mailed like any other.
//
// Who marks: `serve --mail`, `mail import` and `mail watch` mark the games their settings name when they
// start, and `referee mail on` any game. Only `referee mail off` unmarks: a game left out of one settings
// file is not unmarked, since several processes may run with different settings (an import with a file
// naming one game must not silence the games a running server mails). docs/rulings.md, "Mail".
//
// The cost for the games no one marks: one small query per process (the marks are read at the first
// command decided, never by a verb that only reads), and the channels' code is loaded (a dynamic import)
// only when a command of a marked game is decided, so the verbs of other games load nothing more (issue 17).
import type { CommandNotices, Referee } from '../engine/referee.js';
import type { MailSettings } from '../channels/mail/settings.js';

/**
 * How long one reading of the marks serves a process. A verb's process reads them once; a long-running
 * one (`serve`, `clock`, `mail watch`) sees another process's `mail on`/`mail off` within this time, at
 * the cost of one small query a minute, rather than one per command (on PostgreSQL a round trip each, on
 * a hot path of one store call per command).
 */
export const MARKS_REUSE_MS = 60_000;

/** The notices of marked games, for one Referee. */
class ByMail {
  private marks: { readonly at: number; readonly games: Promise<ReadonlySet<string>> } | undefined;
  private producers: Promise<CommandNotices> | undefined;

  constructor(private readonly referee: Referee) {}

  readonly notices: CommandNotices = async (game, entries, state, before) => {
    if (!(await this.marked()).has(game)) return [];
    const producers = await this.loadProducers();
    return producers(game, entries, state, before);
  };

  /** The marks are read again before the next command (this process has just changed them). */
  forget(): void {
    this.marks = undefined;
  }

  private marked(): Promise<ReadonlySet<string>> {
    const now = performance.now();
    if (!this.marks || now - this.marks.at > MARKS_REUSE_MS) {
      const read = this.referee.roster.gamesByMail().then((games) => new Set(games));
      const marks = { at: now, games: read };
      this.marks = marks;
      // A failed read is not kept: the next command asks again.
      read.catch(() => {
        if (this.marks === marks) this.marks = undefined;
      });
    }
    return this.marks.games;
  }

  private loadProducers(): Promise<CommandNotices> {
    this.producers ??= import('../channels/command-notices.js').then(({ producerNotices }) =>
      producerNotices({
        kernel: this.referee.rules,
        store: this.referee.gameLog,
        // Already asked: this runs only for a marked game.
        game: () => true,
        now: () => new Date().toISOString(),
      }),
    );
    this.producers.catch(() => (this.producers = undefined));
    return this.producers;
  }
}

const installed = new WeakMap<object, ByMail>();

/** What marking games reads of a referee: the roster of games played by mail. */
type Marking = Pick<Referee, 'roster'>;

/** Has every command of a game the store marks write its notices (once per Referee). */
export function noticesByMail(referee: Referee): void {
  byMailOf(referee);
}

function byMailOf(referee: Referee): ByMail {
  let found = installed.get(referee);
  if (!found) {
    found = new ByMail(referee);
    installed.set(referee, found);
    referee.setNotices(found.notices);
  }
  return found;
}

/** Marks games as played by mail; this process's commands see it at once. Answers how many were new. */
export async function markByMail(referee: Marking, games: readonly string[]): Promise<number> {
  const fresh = await referee.roster.markByMail(games);
  // A referee the house opened without the notices of games played by mail has no marks to forget.
  installed.get(referee)?.forget();
  return fresh;
}

/** Unmarks games (`referee mail off`). Answers how many were marked. */
export async function unmarkByMail(referee: Marking, games: readonly string[]): Promise<number> {
  const gone = await referee.roster.unmarkByMail(games);
  installed.get(referee)?.forget();
  return gone;
}

/** The channels a process with these settings delivers on: 'mail', and 'chat' when a game has webhooks. */
export function channelsOf(settings: MailSettings | undefined): string[] {
  const chat = settings && Object.values(settings.games).some((g) => g.chat.length > 0);
  return chat ? ['mail', 'chat'] : ['mail'];
}

/**
 * What a mail verb does first with its settings (`serve --mail`, `mail import`, `mail watch`): marks the
 * games they name, and registers the channels `serve --mail` with them would deliver on, so that what is
 * written from now on (receipts, private news, reports) waits in the outbox for the first `serve --mail`,
 * even if none has ever run (a channel delivers only what is written after its registration).
 */
export async function playByMail(
  referee: Marking & Pick<Referee, 'outbox'>,
  settings: MailSettings,
): Promise<void> {
  for (const channel of channelsOf(settings)) await referee.outbox.openChannel(channel);
  await markByMail(referee, Object.keys(settings.games));
}
