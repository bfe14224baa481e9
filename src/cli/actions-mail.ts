// What the mail verbs do (issue 15; verbs-mail.ts registers them): `referee mail import FILE|DIR --settings
// mail.json` takes the messages of an mbox file or a Maildir through the mail edge
// (src/channels/mail/inbound.ts) in order, one line each and a total; `referee mail watch --settings mail.json`
// watches the IMAP mailboxes of the settings (watcher.ts) until SIGTERM or SIGINT, one line per message;
// `referee address GAME NAME ADDRESS` is the Administrator registering a player's address (a claim to
// confirm, ruling M10, unless --unconfirmed; `--confirm CODE` confirms one). Import and watch mark the games
// their settings name as played by mail, and `mail on`, `mail off` and `mail games` are the operator's word on
// those marks (src/house/by-mail.ts).
import { statSync } from 'node:fs';
import type { Command as Program } from 'commander';
import { archiveMessages } from '../channels/mail/archive.js';
import type { Outcome } from '../channels/mail/inbound.js';
import { takeMail } from '../channels/mail/inbound.js';
import { mailAuthOf } from '../channels/mail/auth.js';
import { loadMailSettings } from '../channels/mail/settings.js';
import type { MailSettings } from '../channels/mail/settings.js';
import { registerAddress } from '../channels/mail/register.js';
import { claimAddress, confirmCode } from '../channels/mail/claim.js';
import type { WatchReport } from '../channels/mail/watcher.js';
import { GAME_ID, PLAYER_NAME, playerNamed } from '../core/index.js';
import { withReferee } from './context.js';
import { markByMail, playByMail, unmarkByMail } from '../house/by-mail.js';
import { stopSignal } from './actions-clock.js';
import { UsageError } from './fail.js';
import { claimedLine, claimOptions, orUsage, registration, settingsFrom, warned } from './mail-flags.js';
import type { PhraseFlags } from './mail-flags.js';

export interface AddressFlags extends PhraseFlags {
  /** The Administrator registers at once, without the confirmation round-trip (ruling M10). */
  unconfirmed?: boolean;
  /** The code of a confirmation notice: confirms the player's claim. */
  confirm?: string;
  /** The mail settings, whose own addresses are refused as a player's. */
  settings?: string;
}

/** One message's outcome in a line (no address in it: the operator's log may be kept anywhere). */
export function outcomeLine(where: string, o: Outcome): string {
  switch (o.kind) {
    case 'dropped':
      return `${where}: dropped (${o.reason})${o.game !== undefined ? ` ${o.game}` : ''}: ${o.detail}`;
    case 'refused':
      return `${where}: ${o.unanswered !== undefined ? `not answered (${o.unanswered})` : 'answered'}, not acted on (${o.reason}) ${o.game}`;
    case 'confirmed':
      return `${where}: ${o.game} ${o.player}: the address is confirmed`;
    case 'acted': {
      const n = (s: string) => o.results.filter((r) => r.status === s).length;
      return `${where}: ${o.game} ${o.player} (${o.way}): ${n('accepted')} accepted, ${n('rejected')} rejected, ${n('not-understood')} not understood, ${n('ignored')} ignored${o.unanswered !== undefined ? ` (receipt not sent: ${o.unanswered})` : ''}`;
    }
  }
}

export { settingsFrom };

async function fullSettingsFrom(path: string): Promise<MailSettings> {
  try {
    return warned(await loadMailSettings(path));
  } catch (e) {
    // A usage error is one line: the settings' problems (one a line in the file's error) joined.
    const message = (e as Error).message.replace(/:\n/, ': ').replace(/\n/g, '; ');
    throw new UsageError(message, 'bad-settings');
  }
}

/** Game ids as the kernel takes them, or a usage error naming the first that is not one. */
function checkGameIds(games: readonly string[]): void {
  for (const g of games)
    if (!GAME_ID.test(g))
      throw new UsageError(`"${g}" is not a game id (letters, digits, - and _)`, 'bad-game');
}

/** A watcher's report as a line: messages on stdout, trouble on stderr. */
export function printWatchReport(r: WatchReport): void {
  if (r.kind === 'taken') console.log(outcomeLine(`${r.mailbox} uid ${r.uid}`, r.outcome));
  else if (r.kind === 'store-failed')
    console.error(
      `mail: ${r.mailbox} uid ${r.uid}: the store failed (left unflagged, tried again): ${r.error}`,
    );
  else console.error(`mail: ${r.mailbox}: ${r.error}; connecting again in ${r.retryMs / 1000} s`);
}

/** `referee mail import PATH --settings FILE`. */
export async function mailImport(program: Program, path: string, opts: { settings: string }): Promise<void> {
  const settings = await settingsFrom(opts.settings);
  try {
    statSync(path);
  } catch {
    throw new UsageError(`there is no file or directory ${path}`);
  }
  await withReferee(program, async (referee) => {
    // Before any receipt is written: the receipts wait in the outbox for the first `serve --mail`.
    await playByMail(referee, settings);
    const counts = { acted: 0, refused: 0, dropped: 0 };
    const auth = mailAuthOf(settings);
    let total = 0;
    for (const m of archiveMessages(path)) {
      const outcome = await takeMail(m.raw, {
        referee,
        settings,
        now: () => new Date().toISOString(),
        auth,
      });
      // A confirmation (ruling M10) is acted on: it made an address a player's.
      counts[outcome.kind === 'confirmed' ? 'acted' : outcome.kind]++;
      total++;
      console.log(outcomeLine(m.where, outcome));
    }
    console.log(
      `${total} message${total === 1 ? '' : 's'}: ${counts.acted} acted on, ${counts.refused} answered without acting, ${counts.dropped} dropped`,
    );
  });
}

/** `referee mail watch --settings FILE`: until SIGTERM or SIGINT. */
export async function mailWatch(program: Program, opts: { settings: string }): Promise<void> {
  const full = await fullSettingsFrom(opts.settings);
  const settings = full;
  // The IMAP client (imapflow) is loaded by this verb alone.
  const { mailWatcher } = await import('../house/serving.js');
  await withReferee(program, async (referee) => {
    await playByMail(referee, full);
    const stopped = stopSignal();
    const watcher = mailWatcher(referee, settings, printWatchReport);
    // The backoff timers are unref'd: this holds the process until a signal.
    const alive = setInterval(() => undefined, 1 << 30);
    try {
      const started = watcher
        .start()
        .then(() =>
          console.log(
            `nomic-referee is reading ${full.imap.mailboxes.join(', ')} of ${full.imap.user} (Ctrl-C stops it)`,
          ),
        );
      await Promise.race([started, stopped]);
      await stopped;
      await watcher.stop();
    } finally {
      clearInterval(alive);
    }
  });
}

/** `referee mail on GAME…`. */
export async function mailOn(program: Program, games: string[]): Promise<void> {
  checkGameIds(games);
  await withReferee(program, async (referee) => {
    await referee.outbox.openChannel('mail');
    await markByMail(referee, games);
    const known = new Set((await referee.listGames()).map((g) => g.id));
    for (const g of games) console.log(`${g} is played by mail${known.has(g) ? '' : ' (no such game yet)'}`);
  });
}

/** `referee mail off GAME…`. */
export async function mailOff(program: Program, games: string[]): Promise<void> {
  checkGameIds(games);
  await withReferee(program, async (referee) => {
    const marked = new Set(await referee.roster.gamesByMail());
    await unmarkByMail(referee, games);
    for (const g of games)
      console.log(marked.has(g) ? `${g} is no longer played by mail` : `${g} was not played by mail`);
  });
}

/** `referee mail games`. */
export async function mailGames(program: Program): Promise<void> {
  await withReferee(program, async (referee) => {
    for (const g of await referee.roster.gamesByMail()) console.log(g);
  });
}

/** `referee address GAME PLAYER ADDRESS [--phrase …] [--unconfirmed] [--settings FILE]`, or `… --confirm CODE`. */
export async function address(
  program: Program,
  game: string,
  name: string,
  to: string | undefined,
  opts: AddressFlags,
): Promise<void> {
  if (!PLAYER_NAME.test(name)) throw new UsageError(`"${name}" is not a player name`, 'bad-player');
  if (opts.confirm !== undefined) {
    if (to !== undefined || opts.unconfirmed || (opts.phrase ?? opts.phraseFile) !== undefined)
      throw new UsageError('--confirm CODE goes alone: the address and phrase are those of the claim');
    return confirmAddress(program, game, name, opts.confirm);
  }
  if (to === undefined) throw new UsageError('give the address (or --confirm CODE)');
  const checked = await registration(to, opts);
  const settings = opts.settings !== undefined ? await settingsFrom(opts.settings) : undefined;
  await withReferee(program, async (referee) => {
    const state = await referee.state(game);
    // K13: named in any case; the address is the player's as e joined.
    const known = playerNamed(state, name);
    if (known === undefined) throw new UsageError(`${name} is not a player of ${game}`, 'unknown-player');
    const phrase = checked.phraseHash ? ', with a secret phrase' : '';
    if (opts.unconfirmed) {
      await orUsage(registerAddress(referee.mailDesk, game, known, checked, settings));
      console.log(
        `${known}'s mail address in ${game} is registered${phrase}, without confirmation (the Administrator's word: --unconfirmed).`,
      );
      return;
    }
    const claim = await orUsage(
      claimAddress(referee.mailDesk, game, known, checked, {
        ...claimOptions(settings),
        paced: false,
      }),
    );
    console.log(claimedLine(known, game, claim.expiresAt, phrase));
  });
}

/** `referee address GAME PLAYER --confirm CODE`. */
async function confirmAddress(program: Program, game: string, name: string, code: string): Promise<void> {
  await withReferee(program, async (referee) => {
    const known = playerNamed(await referee.state(game), name);
    if (known === undefined) throw new UsageError(`${name} is not a player of ${game}`, 'unknown-player');
    const done = await confirmCode(referee.mailDesk, game, known, code, Date.now());
    if (done.kind === 'refused') throw new UsageError(done.message, done.reason);
    console.log(`${known}'s mail address in ${game} is confirmed.`);
  });
}
