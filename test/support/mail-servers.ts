// Real mail servers for the mail tests (issue 15: "no mocks of the protocols"): a private Dovecot (IMAP and
// LMTP on loopback, Maildir mailboxes, users from a passwd-file, all in a temporary folder) and an SMTP server
// on loopback (the smtp-server package, nodemailer's own) that hands each message it accepts to that Dovecot
// over LMTP (nodemailer's LMTP transport). What the referee sends by SMTP lands in real IMAP mailboxes, and
// tests read it back with imapflow over real IMAP.
//
// A list (`startMailServers({ lists: { list: ['referee', 'alice'] } })`) is what a Mailman list does with a
// post, so that tests can play on a real list: mail to list@example.test is handed, as one copy with the
// headers a list adds (List-Id, List-Post, List-Unsubscribe, X-BeenThere, Precedence: list unless the post
// has a Precedence; From, Message-ID and the rest kept), from the list's bounce address, to the mailbox of
// every member (the poster too, as Mailman does by default) and to the list's own mailbox, its archive, if
// the list is one of the users. A post that has been through the list before (its X-BeenThere) is dropped,
// as Mailman drops a loop. Given a key (`listKeys`), the list DKIM-signs each copy as Mailman 3 behind
// OpenDKIM does (issue 23: the proof that a post came through the list).
//
// Each call starts its own instance (its own base_dir, state and ports), so test files run side by side.
// Dovecot refuses to deliver mail as uid 0, so as root the mailboxes belong to Debian's `dovecot` user;
// otherwise to the user running the tests.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerSession } from 'smtp-server';
import type { SigningKey } from './dkim.js';
import { sign } from './dkim.js';

export const DOVECOT = process.env.REFEREE_TEST_DOVECOT ?? '/usr/sbin/dovecot';

/** The mail domain of the test users: alice is alice@example.test. */
export const DOMAIN = 'example.test';

/** The users every instance has (each with the password `<name>-pw`). */
export const USERS = ['referee', 'list', 'admin', 'alice', 'bob', 'carol', 'dave', 'erin'] as const;

export const addressOf = (user: string): string => `${user}@${DOMAIN}`;
export const passwordOf = (user: string): string => `${user}-pw`;

/** What a test asks of the servers. */
export interface MailServerOptions {
  /**
   * Mailing lists, by name (the list's address is NAME@example.test), each with the users subscribed to it.
   * A list's own mailbox, if NAME is one of USERS, keeps its archive.
   */
  readonly lists?: Readonly<Record<string, readonly string[]>>;
  /**
   * Keys a list DKIM-signs its copies with, by list name (issue 23), as Mailman 3 behind OpenDKIM and Google
   * Groups do: the signature covers the list's own headers, so the referee can tell a post came through it.
   */
  readonly listKeys?: Readonly<Record<string, SigningKey>>;
}

/** A message as read back from a mailbox over IMAP, parsed by postal-mime. */
export interface ReadMessage {
  readonly uid: number;
  readonly messageId: string | undefined;
  readonly inReplyTo: string | undefined;
  readonly references: string | undefined;
  readonly subject: string;
  readonly from: string | undefined;
  readonly to: readonly string[];
  readonly text: string;
  /** Header values by lowercased name (the first of each). */
  readonly headers: Readonly<Record<string, string>>;
  /** The message as stored, headers and body. */
  readonly source: string;
}

/** What an SMTP client is answered for a recipient, set by a test (a real reply on the wire, not a mock). */
export interface Refusal {
  readonly code: number;
  readonly message: string;
}

/** A message the SMTP server handed to Dovecot: LMTP answered 250, so it is in the recipients' mailboxes. */
export interface Delivery {
  readonly from: string;
  readonly to: readonly string[];
  /** The message as the SMTP client sent it. */
  readonly raw: Buffer;
  /** performance.now() of this process when Dovecot's LMTP server answered (the SMTP client is not yet). */
  readonly at: number;
}

export interface MailServers {
  readonly smtp: { readonly host: string; readonly port: number };
  readonly imap: { readonly host: string; readonly port: number };
  readonly lmtp: { readonly host: string; readonly port: number };
  /** The temporary folder with the config, the mailboxes and the log. */
  readonly dir: string;
  /** Dovecot's log file. */
  readonly log: string;
  /** Every message of a user's INBOX, oldest first. */
  readMailbox(user: string): Promise<ReadMessage[]>;
  /** Waits until a user's INBOX holds at least `count` messages (each read is a real IMAP session). */
  waitForMail(user: string, count: number, timeoutMs?: number): Promise<ReadMessage[]>;
  /** From now on, the SMTP server answers RCPT TO for `address` with this refusal (undefined: accept again). */
  refuse(address: string, refusal: Refusal | undefined): void;
  /** How many messages the SMTP server has accepted (each handed to Dovecot). */
  readonly accepted: number;
  /**
   * Calls `listener` with each message delivered from now on, as Dovecot answers for it and before the SMTP
   * client is (the benchmarks time mail by it); the answer stops it.
   */
  onDelivered(listener: (delivery: Delivery) => void): () => void;
  stop(): Promise<void>;
}

/**
 * A list's copy of a post (as Mailman 2's CookHeaders makes it): the list's headers added at the end of the
 * header block, nothing else changed; undefined for a post that has been through this list before (a loop).
 */
function listCopy(list: string, raw: Buffer): Buffer | undefined {
  const text = raw.toString('latin1');
  const end = /\r?\n\r?\n/.exec(text);
  const head = end ? text.slice(0, end.index) : text;
  const rest = end ? text.slice(end.index) : '\r\n\r\n';
  const header = (name: string): boolean => new RegExp(`^${name}:`, 'im').test(head);
  if (new RegExp(`^X-BeenThere:\\s*${list.replace(/[.]/g, '\\.')}\\s*$`, 'im').test(head)) return undefined;
  const [local, domain] = list.split('@') as [string, string];
  const added = [
    `X-BeenThere: ${list}`,
    ...(header('Precedence') ? [] : ['Precedence: list']),
    `List-Id: <${local}.${domain}>`,
    `List-Unsubscribe: <mailto:${local}-request@${domain}?subject=unsubscribe>`,
    `List-Post: <mailto:${list}>`,
  ];
  return Buffer.from(`${head}\r\n${added.join('\r\n')}${rest}`, 'latin1');
}

/** A free TCP port on loopback (asked of the kernel; free when answered). */
async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something answers a TCP greeting starting with `greeting` on the port. */
async function greeted(port: number, greeting: string, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`dovecot exited (${child.exitCode}) while starting: ${await tail(log)}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setTimeout(2000);
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString('utf8').startsWith(greeting));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`dovecot did not answer on port ${port} within 120 s: ${await tail(log)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function tail(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).split('\n').slice(-15).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The uid and gid the mailboxes belong to: Dovecot's own user as root (it refuses uid 0), else ours. */
function mailOwner(): { uid: number; gid: number; user: string } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, user: me.username };
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['dovecot', 'mail']) {
    const line = passwd.find((l) => l.startsWith(`${name}:`));
    const [, , uid, gid] = line?.split(':') ?? [];
    if (uid && gid) return { uid: Number(uid), gid: Number(gid), user: name };
  }
  throw new Error('no dovecot or mail user in /etc/passwd to own the test mailboxes (Dovecot refuses uid 0)');
}

function dovecotConf(
  dir: string,
  imapPort: number,
  lmtpPort: number,
  owner: { uid: number; gid: number; user: string },
): string {
  const asRoot = userInfo().uid === 0;
  return `# A private Dovecot for the tests (test/support/mail-servers.ts).
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = referee-test-${imapPort}
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Ln
first_valid_uid = ${owner.uid}
last_valid_uid = ${owner.uid}
first_valid_gid = ${owner.gid}
default_internal_user = ${asRoot ? 'dovecot' : owner.user}
default_login_user = ${asRoot ? 'dovenull' : owner.user}
${asRoot ? '' : `default_internal_group = ${owner.gid}\n`}mail_location = maildir:${dir}/mail/%n/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n ${dir}/users
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
protocol lmtp {
  postmaster_address = postmaster@${DOMAIN}
}
`;
}

/**
 * Starts Dovecot and the SMTP server; resolves once both answer. Fails with a clear message when Dovecot is
 * not installed (scripts/ci-services.sh installs it on CI).
 */
export async function startMailServers(options: MailServerOptions = {}): Promise<MailServers> {
  if (!existsSync(DOVECOT))
    throw new Error(
      `the mail tests need Dovecot (${DOVECOT}): install Debian's dovecot-imapd and dovecot-lmtpd ` +
        '(bash scripts/ci-services.sh does), or set REFEREE_TEST_DOVECOT to its path',
    );
  const dir = await mkdtemp(join(tmpdir(), 'referee-mail-'));
  const owner = mailOwner();
  // Dovecot's mail processes run as the owner: they must be able to reach the mailboxes.
  await chmod(dir, 0o755);
  await mkdir(join(dir, 'mail'), { mode: 0o755 });
  for (const user of USERS) {
    await mkdir(join(dir, 'mail', user), { mode: 0o700 });
    if (userInfo().uid === 0) await chown(join(dir, 'mail', user), owner.uid, owner.gid);
  }
  await writeFile(
    join(dir, 'users'),
    USERS.map((u) => `${u}:{PLAIN}${passwordOf(u)}::::::`).join('\n') + '\n',
    { mode: 0o644 },
  );
  const [imapPort, lmtpPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'dovecot.conf');
  await writeFile(conf, dovecotConf(dir, imapPort, lmtpPort, owner));
  const log = join(dir, 'dovecot.log');
  const child = spawn(DOVECOT, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  // A test process that ends without stop() (a crash, a timeout) leaves no Dovecot behind.
  const orphan = (): void => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.once('exit', orphan);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  try {
    await spawned;
    await greeted(imapPort, '* OK', child, log);
    await greeted(lmtpPort, '220', child, log);
  } catch (e) {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n${stderr}`, { cause: e });
  }

  const lmtp = nodemailer.createTransport({ lmtp: true, host: '127.0.0.1', port: lmtpPort });
  const refusals = new Map<string, Refusal>();
  const lists = new Map(
    Object.entries(options.lists ?? {}).map(([name, members]) => [addressOf(name).toLowerCase(), members]),
  );
  const known = new Set([...USERS.map(addressOf), ...lists.keys()]);
  /** Hands a message to Dovecot over LMTP: a plain recipient's copy as sent, a list's as the list makes it. */
  const deliver = async (from: string, to: readonly string[], raw: Buffer): Promise<void> => {
    const direct = to.filter((a) => !lists.has(a.toLowerCase()));
    if (direct.length > 0) await lmtp.sendMail({ envelope: { from, to: [...direct] }, raw });
    for (const list of to.filter((a) => lists.has(a.toLowerCase()))) {
      const unsigned = listCopy(list.toLowerCase(), raw);
      if (!unsigned) continue;
      const name = list.toLowerCase().slice(0, -`@${DOMAIN}`.length);
      const key = options.listKeys?.[name];
      const copy = key ? await sign(unsigned, key) : unsigned;
      const members = [
        ...(USERS.includes(name as (typeof USERS)[number]) ? [name] : []),
        ...(lists.get(list.toLowerCase()) ?? []),
      ];
      if (members.length === 0) continue;
      await lmtp.sendMail({
        envelope: { from: addressOf(`${name}-bounces`), to: [...new Set(members.map(addressOf))] },
        raw: copy,
      });
    }
  };
  const listeners = new Set<(delivery: Delivery) => void>();
  let accepted = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refusal = refusals.get(to);
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      if (!known.has(to))
        return callback(Object.assign(new Error('5.1.1 no such user here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks);
        deliver(from, to, raw)
          .then(() => {
            accepted++;
            const delivery: Delivery = { from, to, raw, at: performance.now() };
            for (const listener of listeners) listener(delivery);
            callback();
          })
          .catch((e: unknown) =>
            callback(Object.assign(new Error(`4.3.0 LMTP: ${String(e)}`), { responseCode: 451 })),
          );
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port));
  });

  const readMailbox = async (user: string): Promise<ReadMessage[]> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: imapPort,
      secure: false,
      auth: { user, pass: passwordOf(user) },
      logger: false,
    });
    await client.connect();
    try {
      const box = await client.mailboxOpen('INBOX');
      if (box.exists === 0) return [];
      const fetched = await client.fetchAll('1:*', { uid: true, source: true });
      const out: ReadMessage[] = [];
      for (const m of fetched) {
        if (!m.source) continue;
        const parsed = await PostalMime.parse(m.source);
        const headers: Record<string, string> = {};
        for (const h of parsed.headers) if (!(h.key in headers)) headers[h.key] = h.value;
        out.push({
          uid: m.uid,
          messageId: parsed.messageId,
          inReplyTo: parsed.inReplyTo,
          references: parsed.references,
          subject: parsed.subject ?? '',
          from: parsed.from?.address,
          to: (parsed.to ?? []).flatMap((a) => (a.group ? a.group.map((g) => g.address) : [a.address])),
          text: parsed.text ?? '',
          headers,
          source: m.source.toString('utf8'),
        });
      }
      return out.sort((a, b) => a.uid - b.uid);
    } finally {
      await client.logout();
    }
  };

  return {
    smtp: { host: '127.0.0.1', port: smtpPort },
    imap: { host: '127.0.0.1', port: imapPort },
    lmtp: { host: '127.0.0.1', port: lmtpPort },
    dir,
    log,
    readMailbox,
    // Delivery through SMTP and LMTP is done when the SMTP client is answered, so tests that awaited their
    // send need no wait; this is for mail sent by something the test does not await (a running Courier).
    async waitForMail(user, count, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const messages = await readMailbox(user);
        if (messages.length >= count) return messages;
        if (Date.now() > deadline)
          throw new Error(`${user} has ${messages.length} messages, not ${count}, after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    refuse(address, refusal) {
      if (refusal) refusals.set(address.toLowerCase(), refusal);
      else refusals.delete(address.toLowerCase());
    },
    get accepted() {
      return accepted;
    },
    onDelivered(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async stop() {
      process.removeListener('exit', orphan);
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      lmtp.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
