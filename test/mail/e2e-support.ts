// For the end-to-end mail tests (issue 15, "Real parts in tests"): the built `referee serve --mail` as a
// child process whose printed lines a test can wait for, and the leak check every message of a mailbox goes
// through (nothing its reader may not see, no one else's address). Nothing here is timed: each wait ends
// when what it waits for is there, or fails with what there was after a generous limit.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { Cli } from '../support/cli.js';
import { CLI_MAIN } from '../support/cli.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';

/** Long enough for a slow machine: the waits end as soon as what they wait for is there. */
export const PATIENCE = 300_000;

export interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
  /** Resolves once serve's stdout has a line matching `pattern` (one printed before counts); gives it. */
  line(pattern: RegExp): Promise<string>;
}

/**
 * `referee --db DB serve --port 0 --mail SETTINGS [more]`, resolved once it says it is ready (its Couriers
 * and its mail watcher started). `started` collects the child, for an afterAll to stop it if a test fails.
 */
export function serveMail(
  cli: Cli,
  settings: string,
  started: ChildProcess[],
  more: readonly string[] = [],
): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI_MAIN, '--db', cli.dbPath, 'serve', '--port', '0', '--mail', settings, ...more],
      { cwd: cli.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    started.push(child);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let err = '';
    const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
    const look = (): void => {
      for (const w of [...waiting]) {
        const found = out.split('\n').find((l) => w.pattern.test(l));
        if (found === undefined) continue;
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(found);
      }
    };
    const line = (pattern: RegExp): Promise<string> =>
      new Promise((r, fail) => {
        const timer = setTimeout(
          () => fail(new Error(`serve printed no line matching ${pattern} in ${PATIENCE} ms:\n${out}`)),
          PATIENCE,
        );
        waiting.push({
          pattern,
          resolve: (found) => {
            clearTimeout(timer);
            r(found);
          },
        });
        look();
      });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (err += chunk));
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      look();
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1] && out.includes('Ctrl-C stops it.')) resolve({ child, url: m[1], exited, line });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${err}`)));
  });
}

/** A notice as `GET /api/games/:game/notices` shows it to its reader. */
export interface ShownNotice {
  readonly to: string;
  readonly topic: string;
  readonly subject: string;
  readonly text: string;
}

/** The lines of notices worth looking for elsewhere: each subject and line of text, trimmed, not short. */
export const linesOf = (notices: readonly ShownNotice[]): string[] =>
  notices
    .flatMap((n) => [n.subject, ...n.text.split('\n')])
    .map((l) => l.trim())
    .filter((l) => l.length >= 12);

/**
 * What a reader may not be shown, from what the Administrator sees and what the reader sees: the log lines
 * of the Administrator's log missing from the reader's; the lines of the other players' private notices
 * that are not in the reader's own notices; and `more` (what the ruleset's view hides, secret phrases).
 */
export function hiddenFrom(
  admin: { readonly log: readonly string[]; readonly othersPrivate: readonly ShownNotice[] },
  reader: { readonly log: readonly string[]; readonly notices: readonly ShownNotice[] },
  more: readonly string[] = [],
): string[] {
  const seen = new Set(reader.log);
  const own = new Set(linesOf(reader.notices));
  return [
    ...admin.log.filter((t) => !seen.has(t)),
    ...linesOf(admin.othersPrivate).filter((l) => !own.has(l)),
    ...more,
  ];
}

/**
 * Asserts that a message in `reader`'s mailbox shows none of `hidden` (in its subject, decoded text or
 * source) and none of the players' addresses but the reader's own (`readerAddress`) or, in a list's copy of
 * a player's post (a List-Id, not From the referee), its poster's, shown by eir own act.
 */
export function assertNothingHidden(
  reader: string,
  m: ReadMessage,
  hidden: readonly string[],
  addresses: { readonly players: readonly string[]; readonly reader?: string; readonly referee: string },
): void {
  const where = `${reader}'s message "${m.subject}"`;
  const shown = `${m.subject}\n${m.text}\n${m.source}`;
  for (const h of hidden) expect(shown, `${where} shows "${h}"`).not.toContain(h);
  const allowed = new Set([
    ...(addresses.reader !== undefined ? [addresses.reader] : []),
    ...(m.from !== undefined && m.from !== addresses.referee && m.headers['list-id'] ? [m.from] : []),
  ]);
  const source = m.source.toLowerCase();
  for (const a of addresses.players)
    if (!allowed.has(a)) expect(source, `${where} shows the address ${a}`).not.toContain(a);
}

/** Waits until a user's mailbox holds a message for which `match` holds; gives it, and the whole mailbox. */
export async function mailTo(
  servers: Pick<MailServers, 'readMailbox'>,
  user: string,
  match: (m: ReadMessage, mailbox: readonly ReadMessage[]) => boolean,
  what: string,
): Promise<{ message: ReadMessage; mailbox: ReadMessage[] }> {
  const deadline = Date.now() + PATIENCE;
  for (;;) {
    const mailbox = await servers.readMailbox(user);
    const message = mailbox.find((m) => match(m, mailbox));
    if (message) return { message, mailbox };
    if (Date.now() > deadline)
      throw new Error(
        `${user} has not got ${what}; the mailbox holds: ${mailbox.map((m) => m.subject).join(' | ')}`,
      );
    // Each look is a new IMAP session; the next comes a moment later, not as a way of waiting for anything.
    await new Promise((r) => setTimeout(r, 100));
  }
}
