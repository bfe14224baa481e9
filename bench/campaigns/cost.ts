// The cost campaign of issue 13 (item 4): one client must not be able to stall every game. A real
// `referee serve` on loopback (a temporary SQLite file) carries a steady light load on a few ordinary games
// (each player announcing and reading the view in turn, with its own Idempotency-Key); meanwhile each abuse
// runs in turn, and the light load's latency is measured in each phase:
//
// - big configs: Life on the largest Field allowed (1,024 squares), created, Initialized and Evolved over and
//   over, and Quests on the largest map that fits in a request body;
// - long posts: posts at the limits (50 misspelt sentences of up to 120 characters, paragraphs of up to
//   4,000), every sentence searched for a "did you mean";
// - streams and slow readers: many event streams on the busy games whose readers never read;
// - verify storms: many clients asking /verify of games that keep changing (so nothing is remembered);
// - refused: a 2048 × 2048 Life game, posts over the limits, bodies over the limit — each must be refused;
// - beacon relays (issue 26, cost-beacon.ts): a game on beacon dice whose round the referee must fetch past a
//   relay that answers a byte at a time and one that answers 64 MB, each bounded by its time-out and 16 KiB.
//
// Then the server is stopped with SIGTERM in the middle of a verify storm with streams open: it must exit
// (code 0) and every acknowledged command must be in the store, none twice.
//
// Run: `node dist/bench/campaigns/cost.js [--seconds S] [--no-doc]` after `npm run build`. Prints the figures as
// JSON, writes the "Cost" section of docs/reliability.md (unless --no-doc; bench/campaigns/cost-doc.ts), exits
// 1 on any failure. On a shared machine the absolute figures swing with its other work: `--compare CLI
// [--compare-name NAME] [--rounds N]` runs the campaign against another build's `referee` (e.g. main's
// dist/src/cli/main.js) at the same time, each in a process of its own, N rounds (2 by default), and the
// section gives both p99s and their ratio.
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import type { ClientRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { openStore } from '../../src/store/open.js';
import { MAX_SQUARES } from '../../src/rulesets/field-match/index.js';
import { MAX_PARAGRAPH_CHARS, MAX_POST_SENTENCES, MAX_SUGGEST_CHARS } from '../../src/forum/limits.js';
import { writeSection } from './reliability-doc.js';
import type { CostRound } from './cost-doc.js';
import { costSection } from './cost-doc.js';
import type { ServeProcess } from '../serve-process.js';
import { startServe } from '../serve-process.js';
import type { BeaconCost } from './cost-beacon.js';
import { beaconFailures, costlyRelays } from './cost-beacon.js';
import { amendmentsPhase } from './cost-amendments.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.cjs', import.meta.url));

export interface CostOptions {
  /** Seconds each phase lasts. */
  readonly seconds: number;
  /** Ordinary games under the light load, and players in each. */
  readonly games: number;
  readonly players: number;
  /** Event streams opened (and never read) in the streams phase. */
  readonly streams: number;
  /** Concurrent clients of the verify storm. */
  readonly verifiers: number;
  /** The built program's entry point (the tests pass dist's; run from dist, it is found beside this file). */
  readonly cli?: string;
}

export interface PhaseResult {
  readonly phase: string;
  /** What the abuse did, e.g. "12 Life games of 1,024 squares initialized". */
  readonly abuse: string;
  readonly requests: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Light-load requests that failed (not 2xx): must be none. */
  readonly failed: number;
}

export interface CostResult {
  readonly options: CostOptions;
  readonly phases: readonly PhaseResult[];
  readonly refusals: {
    readonly [what: string]: { readonly tried: number; readonly refusedAsExpected: number };
  };
  readonly verify: { readonly ok: number; readonly busy: number; readonly other: number };
  readonly streamsOpened: number;
  readonly postsTaken: number;
  readonly shutdown: { readonly exitCode: number | null; readonly ms: number; readonly inFlight: number };
  readonly acknowledged: number;
  readonly lost: number;
  readonly duplicated: number;
  /** The machine's 1-minute load average when the campaign started and ended (other work shares the cores). */
  readonly load: readonly [number, number];
  /** Issue 26: the beacon phase's relays, what they were asked and what they cost. */
  readonly beacon: BeaconCost;
  readonly failures: readonly string[];
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}

function startServer(cli: string, db: string, relays: readonly string[]): Promise<ServeProcess> {
  // Every client of the campaign comes from 127.0.0.1, where real ones come from addresses of their own:
  // the per-address limits of creations, joins and posts would refuse the ordinary load itself.
  const unlimited = ['--creations-per-minute', '--joins-per-minute', '--posts-per-minute'].flatMap((f) => [
    f,
    '100000',
  ]);
  // Issue 26: the beacon relays of the beacon phase, each given a second.
  const beacon = ['--beacon-relays', relays.join(','), '--beacon-timeout', '1'];
  return startServe(cli, ['--db', db, 'serve', '--port', '0', ...unlimited, ...beacon]);
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The largest Quests map whose request stays under the server's 256 KB body limit (bench/costs.ts). */
function bigMap(): Record<string, unknown> {
  const rooms = 300;
  const names = [
    'Mornington Crescent',
    ...Array.from({ length: rooms - 1 }, (_, i) => `Room ${i + 1} of a long corridor`),
  ];
  const passages: [string, string][] = [];
  for (let d = 1; passages.length < 2000; d++)
    for (let i = d; i < rooms && passages.length < 2000; i++)
      passages.push([names[i - d] as string, names[i] as string]);
  const tokens = Array.from({ length: 500 }, (_, i) => ({
    name: `token ${i}`,
    room: names[i % rooms] as string,
  }));
  return { start: 'Mornington Crescent', rooms: names, passages, tokens };
}

/** A post at the limits: MAX_POST_SENTENCES misspelt sentences, each searched for a "did you mean". */
function longPost(): string {
  const slips = ['I mvoe to Eustn', 'I tkae the umbrela', 'I drpo the token', 'I crate a qeust called'];
  const sentences = Array.from({ length: MAX_POST_SENTENCES }, (_, i) => {
    let s = `${slips[i % slips.length] ?? ''} numbr ${i}`;
    while (s.length < MAX_SUGGEST_CHARS - 12) s += ' an thn agian';
    return `${s.slice(0, MAX_SUGGEST_CHARS - 1)}.`;
  });
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 10) paragraphs.push(sentences.slice(i, i + 10).join(' '));
  const text = paragraphs.join('\n\n');
  if (paragraphs.some((p) => p.length > MAX_PARAGRAPH_CHARS))
    throw new Error('the long post breaks its own limit');
  return text;
}

export async function costCampaign(options: CostOptions): Promise<CostResult> {
  const loadBefore = loadavg()[0] ?? NaN;
  const dir = mkdtempSync(join(tmpdir(), 'referee-cost-'));
  const db = join(dir, 'cost.db');
  const failures: string[] = [];
  const relays = await costlyRelays();
  const { child, url } = await startServer(options.cli ?? CLI, db, relays.urls);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

  async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON (a report): fine
    }
    return { status: res.status, body: json, ms };
  }

  async function must(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
    const a = await call(method, path, body, token);
    if (a.status >= 300) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`);
    return a;
  }

  // The ordinary games.
  const players: { game: string; name: string; token: string; unit: [number, number]; n: number }[] = [];
  for (let g = 0; g < options.games; g++) {
    const game = `light${g}`;
    await must('POST', '/api/games', { ruleset: 'grid-2002-01', game });
    for (let p = 0; p < options.players; p++) {
      const name = `p${p}`;
      const joined = await must('POST', `/api/games/${game}/join`, { player: name });
      players.push({ game, name, token: String(joined.body.token), unit: [p + 1, 1], n: 0 });
    }
  }
  const sent = new Set<string>();
  const acked = new Set<string>();
  let bucket: number[] = [];
  let bucketFailed = 0;
  let running = true;
  const light = players.map(async (pl) => {
    while (running) {
      const key = `${pl.game}/${pl.name}/${pl.n++}`;
      const args =
        pl.n % 2 === 1
          ? { type: 'enter', args: { x: pl.unit[0], y: pl.unit[1] } }
          : { type: 'leave', args: {} };
      sent.add(key);
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/api/games/${pl.game}/commands`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${pl.token}`,
            'idempotency-key': key,
          },
          body: JSON.stringify(args),
        });
        await res.arrayBuffer();
        bucket.push(performance.now() - t0);
        if (res.status === 200) acked.add(key);
        else bucketFailed++;
        const view = await call('GET', `/api/games/${pl.game}`, undefined, pl.token);
        bucket.push(view.ms);
        if (view.status !== 200) bucketFailed++;
      } catch {
        if (running) bucketFailed++;
      }
      await sleep(20);
    }
  });

  const phases: PhaseResult[] = [];
  async function phase(name: string, abuse: (until: number) => Promise<string>): Promise<void> {
    bucket = [];
    bucketFailed = 0;
    const until = performance.now() + options.seconds * 1000;
    const what = await abuse(until);
    // The phase lasts its time and until the light load has had an answer (or a failure) during it: on a slow
    // or loaded machine one answer can take longer than a phase, which is not a failure of the server.
    while (performance.now() < until || bucket.length + bucketFailed === 0) await sleep(20);
    const sorted = [...bucket].sort((a, b) => a - b);
    phases.push({
      phase: name,
      abuse: what,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? NaN,
      failed: bucketFailed,
    });
    if (bucketFailed > 0) failures.push(`${name}: ${bucketFailed} light-load requests failed`);
    if (sorted.length === 0) failures.push(`${name}: the light load got no answer`);
  }
  const loop = async (until: number, concurrency: number, body: () => Promise<void>): Promise<void> => {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) await body();
      }),
    );
  };

  const refusals: Record<string, { tried: number; refusedAsExpected: number }> = {};
  const refuse = async (
    what: string,
    expect: [number, string],
    send: () => Promise<Answer>,
  ): Promise<void> => {
    const r = (refusals[what] ??= { tried: 0, refusedAsExpected: 0 });
    r.tried++;
    const a = await send();
    const code = (a.body.error as { code?: string } | undefined)?.code;
    if (a.status === expect[0] && code === expect[1]) r.refusedAsExpected++;
    else failures.push(`${what}: answered ${a.status} ${code ?? ''} instead of ${expect[0]} ${expect[1]}`);
  };

  await phase('baseline', () => Promise.resolve('none'));

  let lifeGames = 0;
  let questGames = 0;
  const side = Math.floor(Math.sqrt(MAX_SQUARES));
  const map = bigMap();
  await phase('big configs', async (until) => {
    await Promise.all([
      loop(until, 1, async () => {
        const game = `life${lifeGames++}`;
        const made = await must('POST', '/api/games', {
          ruleset: 'life',
          game,
          config: { width: side, height: side },
        });
        const admin = String(made.body.adminToken);
        await must('POST', `/api/games/${game}/join`, { player: 'alice' });
        await must('POST', `/api/games/${game}/commands`, { type: 'initialize' }, admin);
        await must('POST', `/api/games/${game}/commands`, { type: 'evolve' }, admin);
      }),
      loop(until, 1, async () => {
        await must('POST', '/api/games', {
          ruleset: 'rooms+quests',
          game: `quests${questGames++}`,
          config: map,
        });
      }),
    ]);
    return `${lifeGames} Life games of ${side} × ${side} created, Initialized and Evolved; ${questGames} Quests games on a map of 300 rooms, 2,000 passages, 500 tokens (${JSON.stringify(map).length.toLocaleString('en')} B)`;
  });

  const postGame = await must('POST', '/api/games', { ruleset: 'rooms+quests', game: 'posts' });
  const poster = await must('POST', '/api/games/posts/join', { player: 'mallory' });
  const text = longPost();
  let postsTaken = 0;
  await phase('long posts', async (until) => {
    await loop(until, 2, async () => {
      const a = await must('POST', '/api/games/posts/posts', { text }, String(poster.body.token));
      const sentences = a.body.sentences as { nearest?: string }[];
      if (sentences.length !== MAX_POST_SENTENCES)
        failures.push(`a long post gave ${sentences.length} answers`);
      postsTaken++;
    });
    return `${postsTaken} posts of ${MAX_POST_SENTENCES} misspelt sentences (${text.length.toLocaleString('en')} characters) by 2 clients`;
  });
  void postGame;

  const sockets: ClientRequest[] = [];
  let streamsOpened = 0;
  const openStreams = async (count: number): Promise<void> => {
    await Promise.all(
      Array.from(
        { length: count },
        (_, i) =>
          new Promise<void>((resolve) => {
            const pl = players[i % players.length];
            const req = httpRequest(`${url}/api/games/${pl?.game ?? 'light0'}/events`, (res) => {
              if (res.statusCode === 200) streamsOpened++;
              // A reader that never reads: the socket's buffers fill and stay full.
              res.pause();
              resolve();
            });
            req.on('error', () => resolve());
            req.end();
            sockets.push(req);
          }),
      ),
    );
  };
  await phase('streams and slow readers', async () => {
    await openStreams(options.streams);
    return `${options.streams} event streams on the busy games, none ever read`;
  });
  for (const s of sockets.splice(0)) s.destroy();

  const verify = { ok: 0, busy: 0, other: 0 };
  let stopping = false;
  const verifyOnce = async (i: number): Promise<void> => {
    const game = i % 3 === 0 ? 'life0' : `light${i % options.games}`;
    const a = await call('GET', `/api/games/${game}/verify`);
    // A server stopping answers what arrives meanwhile 503 (Fastify's own), or not at all.
    if (stopping) return;
    if (a.status === 200 && a.body.ok === true) verify.ok++;
    else if (a.status === 503 && (a.body.error as { code?: string } | undefined)?.code === 'busy')
      verify.busy++;
    else {
      verify.other++;
      failures.push(`verify of ${game}: ${a.status} ${JSON.stringify(a.body)}`);
    }
  };
  await phase('verify storm', async (until) => {
    let i = 0;
    await loop(until, options.verifiers, () => verifyOnce(i++));
    return `${options.verifiers} clients asking /verify of games that keep changing: ${verify.ok} answered, ${verify.busy} busy (503)`;
  });

  await phase('refused', async (until) => {
    await loop(until, 2, async () => {
      await refuse('Life 2048 × 2048', [422, 'bad-config'], () =>
        call('POST', '/api/games', { ruleset: 'life', config: { width: 2048, height: 2048 } }),
      );
      await refuse(`a post of ${MAX_POST_SENTENCES + 1} sentences`, [422, 'too-many-sentences'], () =>
        call(
          'POST',
          '/api/games/posts/posts',
          { text: 'Hello. '.repeat(MAX_POST_SENTENCES + 1) },
          String(poster.body.token),
        ),
      );
      await refuse(`a paragraph of ${MAX_PARAGRAPH_CHARS + 1} characters`, [422, 'too-long'], () =>
        call(
          'POST',
          '/api/games/posts/posts',
          { text: 'x'.repeat(MAX_PARAGRAPH_CHARS + 1) },
          String(poster.body.token),
        ),
      );
      await refuse('a body of 300 KB', [413, 'too-large'], () =>
        call('POST', '/api/games', { ruleset: 'rooms', config: { title: 'x'.repeat(300_000) } }),
      );
    });
    return Object.entries(refusals)
      .map(([what, r]) => `${what}: ${r.refusedAsExpected} of ${r.tried} refused`)
      .join('; ');
  });

  // Issue 24: many amendments of one game, and the amendments that must be refused.
  await phase('amendments', (until) => amendmentsPhase({ call, must, loop, refuse, failures }, until));

  let beacon: BeaconCost = relays.figures(false);
  await phase('beacon relays', async (until) => {
    // The round is due within two seconds of the creation; the referee's clock fetches it by itself.
    await must('POST', '/api/games', {
      ruleset: 'grid-2002-01',
      game: 'beacon0',
      dice: 'beacon',
      beacon: relays.chain,
    });
    const deadline = Math.max(until, performance.now() + 30_000);
    let recorded = false;
    while (!recorded && performance.now() < deadline) {
      await sleep(100);
      const v = await call('GET', '/api/games/beacon0');
      recorded = (v.body.view as { beacon?: { waiting?: boolean } } | undefined)?.beacon?.waiting === false;
    }
    beacon = relays.figures(recorded);
    failures.push(...beaconFailures(beacon));
    return `a game on beacon dice: its round fetched past a relay answering a byte every 0.1 s (${beacon.slowCut} of ${beacon.asked.slow} cut at 1 s) and one answering 64 MB (${(beacon.hugeBytesSent / 1024).toFixed(0)} KiB sent before the referee hung up)${recorded ? '' : ': NOT recorded'}`;
  });
  await relays.close();

  // SIGTERM in the middle of a verify storm, with streams open and the light load running.
  await openStreams(Math.min(options.streams, 20));
  let stormOn = true;
  let inFlight = 0;
  const storm = Array.from({ length: options.verifiers }, async (_, k) => {
    while (stormOn) {
      inFlight++;
      try {
        await verifyOnce(k);
      } catch {
        // the server went away: expected now
      } finally {
        inFlight--;
      }
    }
  });
  await sleep(300);
  const pending = inFlight;
  const t0 = performance.now();
  stopping = true;
  child.kill('SIGTERM');
  const exitCode = await exited;
  const ms = performance.now() - t0;
  running = false;
  stormOn = false;
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.allSettled([...light, ...storm]);
  if (exitCode !== 0) failures.push(`the server exited with ${exitCode} on SIGTERM`);

  // Nothing acknowledged lost, nothing twice.
  const store = await openStore(db);
  let lost = 0;
  let applied = 0;
  let logged = 0;
  try {
    for (const key of sent) {
      const [game, name] = key.split('/');
      if (await store.command(game ?? '', `player:${name ?? ''}:${key}`)) applied++;
      else if (acked.has(key)) lost++;
    }
    for (let g = 0; g < options.games; g++) {
      for (const e of (await store.entries(`light${g}`)) ?? []) {
        const c = e.event.command as { type?: string; by?: { role?: string } } | undefined;
        if (e.event.type === 'command' && c?.by?.role === 'player' && c.type !== 'join') logged++;
      }
    }
    const games = await store.listGames();
    if (games.some((g) => g.id.startsWith('g-'))) failures.push('a refused creation made a game');
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (lost > 0) failures.push(`${lost} acknowledged commands lost`);
  if (logged !== applied) failures.push(`${logged - applied} commands in the logs twice`);
  if (streamsOpened === 0) failures.push('no event stream opened');
  return {
    options,
    phases,
    refusals,
    verify,
    streamsOpened,
    postsTaken,
    shutdown: { exitCode, ms, inFlight: pending },
    acknowledged: acked.size,
    lost,
    duplicated: logged - applied,
    load: [loadBefore, loadavg()[0] ?? NaN],
    beacon,
    failures,
  };
}

/** Runs the campaign in a process of its own against the build whose CLI is `cli`; answers its result. */
function inChild(cli: string, args: readonly string[]): Promise<CostResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--child', '--cli', cli, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as CostResult);
      } catch {
        reject(new Error(`the campaign against ${cli} ended (${code ?? 'signal'}) without a result`));
      }
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const seconds = arg('seconds', '10');
  const streams = arg('streams', '200');
  const options: CostOptions = {
    seconds: Number(seconds),
    games: 4,
    players: 4,
    streams: Number(streams),
    verifiers: 16,
  };
  if (process.argv.includes('--child')) {
    // One side of a comparison: the result alone, on stdout.
    const r = await costCampaign({ ...options, cli: arg('cli', CLI) });
    process.stdout.write(JSON.stringify(r));
  } else {
    // --compare CLI: another build's `referee` (e.g. main's dist/src/cli/main.js), run side by side.
    const compare = arg('compare', '');
    const rounds = Number(arg('rounds', compare ? '2' : '1'));
    const results: CostRound[] = [];
    for (let i = 0; i < rounds; i++) {
      if (compare) {
        const args = ['--seconds', seconds, '--streams', streams];
        const [own, other] = await Promise.all([inChild(CLI, args), inChild(compare, args)]);
        results.push({ own, other });
      } else results.push({ own: await costCampaign(options) });
    }
    console.log(JSON.stringify(results, null, 2));
    const compared = compare ? { name: arg('compare-name', 'main') } : undefined;
    if (!process.argv.includes('--no-doc')) await writeSection('cost', costSection(results, compared));
    process.exitCode = results.every((r) => r.own.failures.length === 0) ? 0 : 1;
  }
}
