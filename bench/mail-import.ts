// Mail import (issue 15): messages taken per second from an mbox of generated forum posts, through the whole
// mail edge (split, MIME parse, filters, sender, quotes and signature, the grammar, the referee, the
// receipt in the outbox) into a SQLite file at synchronous=FULL. 100 players of one Grid take turns
// entering and leaving; every message is answered with a receipt. The clock runs from the first message taken
// to the last (writing the mbox and setting up the game are outside it). Run alone:
// `node dist/bench/mail-import.js [--posts 10000 --note TEXT --no-doc]`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { archiveMessages } from '../src/channels/mail/archive.js';
import { takeMail } from '../src/channels/mail/inbound.js';
import { parseMailSettings } from '../src/channels/mail/settings.js';
import { ADMIN, player } from '../src/core/index.js';
import { Referee } from '../src/engine/referee.js';
import { prepareForum } from '../src/forum/index.js';
import { systemEntropy } from '../src/node/entropy.js';
import { defaultRegistry, RULESETS } from '../src/rulesets/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { useNativeHashes } from '../src/node/native-hash.js';
import { DnsTable, newKey, sign } from '../test/support/dkim.js';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';

const PLAYERS = 100;

/** The list's DKIM key (issue 23): every post of the archive is the list's signed copy (ruling M8). */
const LIST_KEY = newKey('lists.example', 'mm3');

/** Post i as the list relayed it, signed, with its mbox From line. */
async function archived(i: number): Promise<string> {
  const signed = (await sign(post(i), LIST_KEY)).toString('utf8').replace(/\r\n/g, '\n');
  return `From p${i % PLAYERS}@players.example Tue Nov 24 05:00:00 2026\n${signed}`;
}

function post(i: number): string {
  const p = i % PLAYERS;
  const name = `p${p}`;
  const turn = Math.floor(i / PLAYERS);
  const x = 1 + (p % 20);
  const y = 1 + ((Math.floor(p / 20) * 3 + turn) % 18);
  const body =
    turn % 2 === 0
      ? `Hello all.\n\nI enter the Grid at (${x},${y}).\n\n> p${(p + 1) % PLAYERS} wrote: I leave the Grid.\n\n-- \n${name}\n`
      : `I leave the Grid.\nThanks!\n`;
  return [
    `From: ${name} <${name}@players.example>`,
    'To: grid@lists.example',
    `Subject: turn ${turn}`,
    `Message-ID: <post-${i}@players.example>`,
    'List-Id: <grid.lists.example>',
    'Precedence: list',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
  ].join('\n');
}

export interface ImportResult {
  readonly messages: number;
  /** Sentences accepted as commands (the rest rejected by the rules: every post is acted on). */
  readonly accepted: number;
  readonly seconds: number;
  readonly perSecond: number;
}

export async function mailImport(messages = 10_000): Promise<ImportResult> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-mail-bench-'));
  const store = new SqliteStore(join(dir, 'bench.db'));
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  try {
    prepareForum(RULESETS);
    const must = async (c: Parameters<Referee['submit']>[1]) => {
      const r = await referee.submit('g1', c);
      if (!r.ok) throw new Error(r.error.message);
    };
    await must({ type: 'create', by: ADMIN, args: { game: 'g1', ruleset: 'grid-2002-01' } });
    for (let p = 0; p < PLAYERS; p++) {
      await must({ type: 'join', by: player(`p${p}`), args: {} });
      await store.setAddress('g1', `p${p}`, `p${p}@players.example`, null);
    }
    const mbox = join(dir, 'posts.mbox');
    const posts: string[] = [];
    for (let i = 0; i < messages; i++) posts.push(await archived(i));
    writeFileSync(mbox, posts.join('\n'));
    const settings = parseMailSettings({
      from: 'referee@nomic.example',
      smtp: { host: '127.0.0.1', port: 25 },
      imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'pw' },
      games: {
        g1: {
          forums: ['grid@lists.example'],
          proofs: { 'grid@lists.example': { proof: 'dkim', domains: ['lists.example'] } },
        },
      },
    });
    // The list's key answered from the bench's own table (no network), as `dns` in the settings does.
    const auth = new DnsTable().publish(LIST_KEY).auth;
    const ctx = { referee, settings, now: () => new Date().toISOString(), auth };
    let acted = 0;
    let accepted = 0;
    const start = performance.now();
    for (const m of archiveMessages(mbox)) {
      const outcome = await takeMail(m.raw, ctx);
      if (outcome.kind !== 'acted') continue;
      acted++;
      accepted += outcome.results.filter((r) => r.status === 'accepted').length;
    }
    const seconds = (performance.now() - start) / 1000;
    if (acted !== messages) throw new Error(`only ${acted} of ${messages} messages were acted on`);
    return { messages, accepted, seconds, perSecond: messages / seconds };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as the table's row (what, figure, target, met). */
export function importRow(r: ImportResult): [string, string, string, boolean] {
  return [
    `Mail in: messages taken from an mbox of ${fmt(r.messages)} forum posts by ${PLAYERS} players (parse, filters, the list's DKIM signature verified, sender, grammar, commands, receipt; SQLite FULL), ${fmt(r.accepted)} sentences accepted, in ${r.seconds.toFixed(1)} s`,
    `${fmt(r.perSecond)}/s`,
    '—',
    true,
  ];
}

/** Rewrites the mail import section of docs/benchmarks.md. */
export function writeImportDoc(r: ImportResult, command: string, load: readonly number[], note = ''): void {
  const [what, figure, target] = importRow(r);
  writeSection(
    'mail-import',
    [
      `${measuredOn(command, load)}${note ? `; ${note}` : ''}:`,
      '',
      '| what | figure | target |',
      '| --- | --- | --- |',
      `| ${what} | ${figure} | ${target} |`,
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  useNativeHashes();
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const load = loadavg();
  const r = await mailImport(Number(arg('posts', '10000')));
  const [what, figure] = importRow(r);
  console.log(`${what}: ${figure}`);
  if (!process.argv.includes('--no-doc')) writeImportDoc(r, commandLine(), load, arg('note', ''));
}
