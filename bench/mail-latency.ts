// Mail latency (issue 15: "the delay from a post arriving in the IMAP mailbox to its receipt being sent,
// target p99 under 2 s on loopback"). Real parts only: a private Dovecot (IMAP and LMTP) and a loopback SMTP
// server that hands each message to it (test/support/mail-servers.ts, the mail tests' harness), and the built
// `referee serve --mail mail.json` over a Grid game whose five players have registered their addresses. The
// bench posts to the game's list by SMTP, the referee's copy going to its own mailbox, at a steady rate, the
// players in turn, each post one Grid announcement (entering, then leaving, the Grid).
//
// Both instants are taken in this process from the SMTP server, which hands every message to Dovecot over
// LMTP before answering its client:
// - a post has ARRIVED when Dovecot's LMTP server has answered 250 for its delivery into the referee's INBOX
//   (it is in the Maildir, visible to IMAP; the referee learns of it from IDLE);
// - its receipt is SENT when the SMTP server has the referee's reply whose In-Reply-To is the post's
//   Message-ID and Dovecot has answered for it, just before the referee's SMTP client is answered 250.
// So the delay holds IDLE's wake-up, the fetch, the mail edge (MIME, filters, grammar, the command committed
// to SQLite at synchronous=FULL, the receipt written to the outbox), the Courier's wake-up and the SMTP send.
// The harness stays in test/support and is compiled with the bench (tsconfig.build.json follows the import into
// dist/test/support/). Run alone: `node dist/bench/mail-latency.js [--posts 200 --rate 5 --note TEXT --no-doc
// --profile DIR]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import nodemailer from 'nodemailer';
import { ADMIN, player } from '../src/core/index.js';
import { Referee } from '../src/engine/referee.js';
import { systemEntropy } from '../src/node/entropy.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { openStore } from '../src/store/open.js';
import { newKey, settingsDns, sign } from '../test/support/dkim.js';
import { addressOf, DOMAIN, passwordOf, startMailServers } from '../test/support/mail-servers.js';
import type { Delivery } from '../test/support/mail-servers.js';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';
import { startServe } from './serve-process.js';

const CLI = fileURLToPath(new URL('../src/cli/main.cjs', import.meta.url));

/** The players, each one of the harness's mail users. */
const PLAYERS = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;

export const TARGET_P99_MS = 2000;

export interface LatencyOptions {
  readonly posts: number;
  /** Posts a second, spread evenly. */
  readonly rate: number;
  /** A folder for the server's V8 CPU profile (`--cpu-prof`), if wanted. */
  readonly profile?: string;
}

export interface LatencyResult extends LatencyOptions {
  /** Posts that arrived in the referee's mailbox, and of those, the ones answered by a receipt. */
  readonly arrived: number;
  readonly answered: number;
  /** Receipts sent more than once for one post (must be 0). */
  readonly twice: number;
  /** The sentences of the posts as the referee took them (from its `taken` lines). */
  readonly accepted: number;
  readonly rejected: number;
  /** Delay from arrival to receipt, ms. */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  /** Its two parts (p50, p99): arrival to the referee's line saying it took the post, that line to the receipt. */
  readonly toTaken: { readonly p50: number; readonly p99: number };
  readonly takenToSent: { readonly p50: number; readonly p99: number };
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A header's value in a raw message (unfolded), or undefined. */
function header(raw: Buffer, name: string): string | undefined {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const head = (end >= 0 ? text.slice(0, end) : text).replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The game, its players and their addresses, written before the server starts. */
async function prepare(db: string): Promise<void> {
  const store = await openStore(db);
  try {
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    const must = async (c: Parameters<Referee['submit']>[1]) => {
      const r = await referee.submit('g1', c);
      if (!r.ok) throw new Error(r.error.message);
    };
    await must({ type: 'create', by: ADMIN, args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' } });
    for (const name of PLAYERS) {
      await must({ type: 'join', by: player(name), args: {} });
      await store.setAddress('g1', name, addressOf(name), null);
    }
  } finally {
    await store.close();
  }
}

/** Post i: its player's turn-th post, entering the Grid at eir own square on even turns, leaving on odd. */
function post(i: number, run: string): { from: string; messageId: string; text: string } {
  const p = i % PLAYERS.length;
  const name = PLAYERS[p] ?? 'alice';
  const turn = Math.floor(i / PLAYERS.length);
  const text =
    turn % 2 === 0
      ? `Hello all.\n\nI enter the Grid at (${3 + 3 * p},${5 + (turn % 10)}).\n\n-- \n${name}\n`
      : `I leave the Grid.\n\n> ${name} wrote:\n> I enter the Grid.\n`;
  return { from: addressOf(name), messageId: `<latency-${i}.${run}@players.example>`, text };
}

/** The list's DKIM key: the referee's proof that a post came through the list (ruling M8). */
const LIST_KEY = newKey(DOMAIN, 'list');

export async function mailLatency(o: LatencyOptions): Promise<LatencyResult> {
  const servers = await startMailServers();
  const dir = mkdtempSync(join(tmpdir(), 'referee-mail-latency-'));
  const run = Date.now().toString(36);
  try {
    const db = join(dir, 'latency.db');
    await prepare(db);
    const settings = join(dir, 'mail.json');
    writeFileSync(
      settings,
      JSON.stringify({
        from: addressOf('referee'),
        smtp: servers.smtp,
        imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
        dns: settingsDns(LIST_KEY),
        games: {
          g1: {
            forums: [addressOf('list')],
            proofs: { [addressOf('list')]: { proof: 'dkim', domains: [DOMAIN] } },
            private: addressOf('referee'),
            list: addressOf('list'),
            admin: addressOf('admin'),
          },
        },
      }),
    );

    // Arrival and receipt instants by post number, from the SMTP server's deliveries.
    const byId = new Map<string, number>();
    const arrivedAt: (number | undefined)[] = [];
    const receiptAt: (number | undefined)[] = [];
    let twice = 0;
    let answered = 0;
    let allAnswered: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (allAnswered = resolve));
    const stopListening = servers.onDelivered((d: Delivery) => {
      if (d.to.includes(addressOf('referee'))) {
        const i = byId.get(header(d.raw, 'Message-ID') ?? '');
        if (i !== undefined) arrivedAt[i] = d.at;
        return;
      }
      const i = byId.get(header(d.raw, 'In-Reply-To') ?? '');
      if (i === undefined) return;
      if (receiptAt[i] !== undefined) {
        twice++;
        return;
      }
      receiptAt[i] = d.at;
      if (++answered === o.posts) allAnswered();
    });

    const server = await startServe(
      CLI,
      ['--db', db, 'serve', '--port', '0', '--no-clock', '--mail', settings],
      {
        stderr: 'inherit',
        ready: 'Ctrl-C stops it.',
        ...(o.profile ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', o.profile] } : {}),
      },
    );
    // What the referee made of each post, and when it said so: its `INBOX uid N: g1 NAME (forum): A accepted,
    // R rejected, …` lines (the uid is matched to the post by reading the mailbox at the end).
    const takenAt = new Map<number, number>();
    let accepted = 0;
    let rejected = 0;
    let buffer = '';
    server.child.stdout?.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const m = /^INBOX uid (\d+): g1 \w+ \(forum\): (\d+) accepted, (\d+) rejected/.exec(line);
        if (m) {
          takenAt.set(Number(m[1]), performance.now());
          accepted += Number(m[2]);
          rejected += Number(m[3]);
        }
      }
    });
    const smtp = nodemailer.createTransport({
      host: servers.smtp.host,
      port: servers.smtp.port,
      pool: true,
      maxConnections: 2,
    });
    try {
      // The posts at a steady rate, each sent at its own instant whatever the ones before it are doing.
      // Each post as the list relays it to the referee, signed by the list (issue 23), made before the clock
      // starts so that signing does not slow the rate.
      const copies: { messageId: string; from: string; raw: Buffer }[] = [];
      for (let i = 0; i < o.posts; i++) {
        const p = post(i, run);
        const head = [
          `From: ${p.from}`,
          `To: ${addressOf('list')}`,
          `Subject: turn ${Math.floor(i / PLAYERS.length)}`,
          `Message-ID: ${p.messageId}`,
          `List-Id: <list.${DOMAIN}>`,
          'Precedence: list',
          'Content-Type: text/plain; charset=utf-8',
        ];
        const raw = Buffer.from(`${head.join('\r\n')}\r\n\r\n${p.text.replace(/\n/g, '\r\n')}`);
        copies.push({ messageId: p.messageId, from: p.from, raw: await sign(raw, LIST_KEY) });
      }
      const start = performance.now();
      const sends: Promise<unknown>[] = [];
      for (let i = 0; i < o.posts; i++) {
        const p = copies[i] as (typeof copies)[number];
        byId.set(p.messageId, i);
        const wait = start + (i * 1000) / o.rate - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        sends.push(smtp.sendMail({ envelope: { from: p.from, to: [addressOf('referee')] }, raw: p.raw }));
      }
      await Promise.all(sends);
      // Every receipt, or 30 s after the last post was delivered.
      await Promise.race([done, new Promise((r) => setTimeout(r, 30_000).unref())]);
    } finally {
      stopListening();
      smtp.close();
      server.child.kill('SIGTERM');
      await new Promise((r) => (server.child.exitCode !== null ? r(0) : server.child.once('exit', r)));
    }

    const uidOf = new Map<number, number>();
    for (const m of await servers.readMailbox('referee')) {
      const i = byId.get(m.messageId ?? '');
      if (i !== undefined) uidOf.set(i, m.uid);
    }
    const delays: number[] = [];
    const toTaken: number[] = [];
    const takenToSent: number[] = [];
    for (let i = 0; i < o.posts; i++) {
      const a = arrivedAt[i];
      const r = receiptAt[i];
      if (a === undefined || r === undefined) continue;
      delays.push(r - a);
      const t = takenAt.get(uidOf.get(i) ?? 0);
      if (t !== undefined) {
        toTaken.push(t - a);
        takenToSent.push(r - t);
      }
    }
    for (const list of [delays, toTaken, takenToSent]) list.sort((a, b) => a - b);
    const part = (sorted: readonly number[]) => ({
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
    });
    return {
      ...o,
      arrived: arrivedAt.filter((a) => a !== undefined).length,
      answered: delays.length,
      twice,
      accepted,
      rejected,
      p50: quantile(delays, 0.5),
      p90: quantile(delays, 0.9),
      p99: quantile(delays, 0.99),
      max: delays[delays.length - 1] ?? 0,
      toTaken: part(toTaken),
      takenToSent: part(takenToSent),
    };
  } finally {
    await servers.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => `${n < 10 ? n.toFixed(1) : fmt(n)} ms`;

/** The figures as the table's row (what, figure, target, met). */
export function latencyRow(r: LatencyResult): [string, string, string, boolean] {
  return [
    `Mail: from a post arriving in the referee's IMAP mailbox to its receipt sent, \`referee serve --mail\` on loopback (Dovecot, SMTP); ${fmt(r.posts)} posts at ${r.rate}/s by ${PLAYERS.length} players (${fmt(r.accepted)} sentences accepted, ${fmt(r.rejected)} rejected); ${fmt(r.answered)} of ${fmt(r.arrived)} arrived answered, ${r.twice} twice`,
    `p50 ${ms(r.p50)}, p90 ${ms(r.p90)}, p99 ${ms(r.p99)}, max ${ms(r.max)} (arrived → taken: p50 ${ms(r.toTaken.p50)}, p99 ${ms(r.toTaken.p99)}; taken → sent: p50 ${ms(r.takenToSent.p50)}, p99 ${ms(r.takenToSent.p99)})`,
    `p99 < ${TARGET_P99_MS / 1000} s, every post answered once`,
    r.p99 < TARGET_P99_MS && r.answered === r.posts && r.arrived === r.posts && r.twice === 0,
  ];
}

/** Rewrites the mail latency section of docs/benchmarks.md. */
export function writeLatencyDoc(r: LatencyResult, command: string, load: readonly number[], note = ''): void {
  const [what, figure, target, met] = latencyRow(r);
  writeSection(
    'mail-latency',
    [
      `${measuredOn(command, load)}${note ? `; ${note}` : ''}:`,
      '',
      '| what | figure | target | |',
      '| --- | --- | --- | --- |',
      `| ${what} | ${figure} | ${target} | ${met ? 'met' : 'NOT met'} |`,
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const load = loadavg();
  const profile = arg('profile', '');
  const r = await mailLatency({
    posts: Number(arg('posts', '200')),
    rate: Number(arg('rate', '5')),
    ...(profile ? { profile } : {}),
  });
  const [what, figure, target, met] = latencyRow(r);
  console.log(`${what}: ${figure} (target ${target}: ${met ? 'met' : 'NOT met'})`);
  if (!process.argv.includes('--no-doc')) writeLatencyDoc(r, commandLine(), load, arg('note', ''));
}
