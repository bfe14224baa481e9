// The crash campaign: real `referee serve` processes (SQLite: one on a temporary file; PostgreSQL: two or
// three on a fresh schema) take commands over HTTP while a killer sends SIGKILL to a random one every
// 200-600 ms and starts it again. The driver sends each command with its own Idempotency-Key and, when the
// connection fails or the server answers 5xx, sends it again with the same key to another live process,
// until it gets an answer. Afterwards the logs are read from the store: every acknowledged (2xx) command
// must be there exactly once, no key applied twice, and every game must replay and verify (`referee verify`).
//
// Run: `node dist/bench/campaigns/crash.js --store sqlite|postgres --processes N --commands 10000`
// (also --games G --players P). Prints the figures as JSON; exit 1 unless 0 lost, 0 duplicated, all verified.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openStore } from '../../src/store/open.js';

/** The built program beside this built script (a test running the TypeScript names it with `cli`). */
const BUILT_CLI = fileURLToPath(new URL('../../src/cli/main.cjs', import.meta.url));
const PG_BASE = process.env.REFEREE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Grid of January 2002: `enter` at the player's own unit and `leave` alternate, always legal. */
const RULESET = 'grid-2002-01';

export interface CrashOptions {
  readonly store: 'sqlite' | 'postgres';
  readonly processes: number;
  /** Commands to submit in all (each with its own key). */
  readonly commands: number;
  readonly games?: number;
  readonly playersPerGame?: number;
  /** The killer's pause between two kills is drawn from [minKillMs, maxKillMs]. */
  readonly minKillMs?: number;
  readonly maxKillMs?: number;
  /** Kills stop once this many have been sent (default: no limit, kills go on until the driver is done). */
  readonly maxKills?: number;
  /**
   * At least this many kills, however fast the commands go: the i-th is due once i/(minKills+1) of the
   * commands are issued, and if the killer has not got there by itself it is woken then (a command is not
   * issued while a due kill waits for the previous restart). Other commands are in flight when it strikes.
   */
  readonly minKills?: number;
  /** The program to run: dist/src/cli/main.cjs (the default, beside this script once built). */
  readonly cli?: string;
  /** Progress lines on stderr. */
  readonly verbose?: boolean;
}

export interface CrashResult {
  readonly store: 'sqlite' | 'postgres';
  readonly processes: number;
  readonly games: number;
  readonly players: number;
  /** Commands submitted (keys used). */
  readonly commands: number;
  /** Answered 2xx: committed, by the server's word. */
  readonly acknowledged: number;
  /** Answered 4xx (the rules' refusal): never expected of these commands. */
  readonly rejected: number;
  /** Never answered after every retry: neither acknowledged nor refused. */
  readonly unanswered: number;
  /** Acknowledged but not in the log. */
  readonly lost: number;
  /** Keys found in the log more than once, plus player commands in the log with no key. */
  readonly duplicated: number;
  /** Keys in the log that were never acknowledged (a command committed whose answer never arrived). */
  readonly appliedUnacknowledged: number;
  /** Acknowledged with `duplicate: true`: a retry found the command committed by an earlier try. */
  readonly answeredAsDuplicate: number;
  readonly kills: number;
  readonly restarts: number;
  /** Requests sent again with the same key (connection failed, timed out, or 5xx). */
  readonly retries: number;
  readonly verified: boolean;
  readonly problems: readonly string[];
  readonly seconds: number;
}

interface Slot {
  readonly index: number;
  child: ChildProcess | undefined;
  url: string | undefined;
  /** Taking requests: started, listening, not yet killed. */
  alive: boolean;
  /** The end of its stderr, for a report when something goes wrong. */
  stderr: string;
}

interface Player {
  readonly game: string;
  readonly name: string;
  readonly token: string;
  readonly unit: readonly [number, number];
  /** What the player sends next: `enter` when in Limbo, `leave` when on the Grid. */
  onGrid: boolean;
  sent: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number): number => lo + Math.floor(Math.random() * (hi - lo + 1));

/** The environment of a child: nothing but --db decides where games are kept. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.REFEREE_DB;
  delete env.DATABASE_URL;
  delete env.REFEREE_SYNC;
  return env;
}

/** Every child this module started and has not seen exit: killed if this process exits first. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** Starts `referee serve` in a slot; resolves once it listens (on a free port the system picks). */
function start(slot: Slot, db: string, cli: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--db', db, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: childEnv(),
    });
    children.add(child);
    slot.child = child;
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      if (slot.alive || out.length > 4096) return;
      out += chunk;
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1] && slot.child === child) {
        slot.url = m[1];
        slot.alive = true;
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-4096);
    });
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (slot.child === child) slot.alive = false;
      reject(new Error(`referee serve exited (${code ?? signal ?? '?'}) before listening: ${slot.stderr}`));
    });
  });
}

/** Kills a slot's process with SIGKILL and resolves once it is gone. */
async function kill(slot: Slot): Promise<void> {
  const child = slot.child;
  slot.alive = false;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** Stops a slot's process politely (SIGTERM), then firmly if it does not go. */
async function stop(slot: Slot): Promise<void> {
  const child = slot.child;
  slot.alive = false;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

async function postJson(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function crashCampaign(options: CrashOptions): Promise<CrashResult> {
  const began = Date.now();
  const gamesCount = options.games ?? 6;
  const perGame = options.playersPerGame ?? 6;
  const minKill = options.minKillMs ?? 200;
  const maxKill = options.maxKillMs ?? 600;
  const cli = options.cli ?? BUILT_CLI;
  const log = (line: string): void => {
    if (options.verbose) process.stderr.write(`[crash ${options.store}] ${line}\n`);
  };
  const run = randomBytes(4).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), 'referee-crash-'));
  const schema = `crash_${run}`;
  const db = options.store === 'sqlite' ? join(dir, 'crash.db') : `${PG_BASE}?schema=${schema}`;
  const slots: Slot[] = Array.from({ length: options.processes }, (_, index) => ({
    index,
    child: undefined,
    url: undefined,
    alive: false,
    stderr: '',
  }));
  const problems: string[] = [];
  let kills = 0;
  let restarts = 0;
  let retries = 0;
  let acknowledged = 0;
  let rejected = 0;
  let unanswered = 0;
  let answeredAsDuplicate = 0;
  const acked = new Set<string>();
  const sentIds = new Set<string>();
  let driving = true;
  let killer: Promise<void> = Promise.resolve();
  /** Ends the killer's pause at once; set while it pauses. */
  let wake: (() => void) | undefined;
  /** Removes the temporary folder, or drops the schema. */
  const cleanup = async (): Promise<void> => {
    rmSync(dir, { recursive: true, force: true });
    if (options.store === 'postgres') {
      const client = new pg.Client({ connectionString: PG_BASE });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    }
  };

  /** Starts a slot again after a kill, trying until it listens (20 tries). */
  const restart = async (slot: Slot): Promise<void> => {
    for (let tries = 1; ; tries++) {
      try {
        await start(slot, db, cli);
        restarts++;
        return;
      } catch (e) {
        if (tries >= 20) {
          problems.push(`process ${slot.index} would not start again: ${(e as Error).message}`);
          return;
        }
        await sleep(50);
      }
    }
  };

  try {
    // One process first (on PostgreSQL it creates the schema), then the others.
    for (const slot of slots) await start(slot, db, cli);
    const first = slots[0]?.url ?? '';
    log(`${slots.length} process(es) on ${options.store === 'sqlite' ? db : `schema ${schema}`}`);

    const players: Player[] = [];
    for (let g = 0; g < gamesCount; g++) {
      const game = `crash${g}`;
      await postJson(first, '/api/games', { ruleset: RULESET, game });
      for (let p = 0; p < perGame; p++) {
        const name = `p${p}`;
        const joined = await postJson(first, `/api/games/${game}/join`, { player: name });
        // One unit per player, so a player's `enter` is never into another's unit.
        const unit = [(p % 20) + 1, Math.floor(p / 20) + 1] as const;
        players.push({ game, name, token: String(joined.token), unit, onGrid: false, sent: 0 });
      }
    }

    // The killer: every 200-600 ms, SIGKILL to a random live process, which is then started again. With one
    // process nothing answers until it is back (the driver waits, then sends again), and the next pause
    // starts once it is. With several, restarts run beside the next pauses, so more than one process may be
    // down at once, but the last live one is never killed: the campaign is about answers, not an outage.
    const restarting = new Set<Promise<void>>();
    killer = (async () => {
      while (driving && (options.maxKills === undefined || kills < options.maxKills)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, between(minKill, maxKill));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        if (!driving) break;
        const live = slots.filter((s) => s.alive);
        if (slots.length > 1 && live.length < 2) continue;
        const victim = live[Math.floor(Math.random() * live.length)];
        if (!victim) continue;
        await kill(victim);
        kills++;
        const back = restart(victim);
        restarting.add(back);
        void back.then(() => restarting.delete(back));
        if (slots.length === 1) await back;
      }
      await Promise.all([...restarting]);
    })();

    /** A live process other than the one that just failed, if there is one; waits while none is up. */
    const pick = async (avoid: string | undefined): Promise<string | undefined> => {
      for (let waited = 0; waited < 60_000; waited += 10) {
        const live = slots.filter((s) => s.alive && s.url !== undefined);
        const others = live.filter((s) => s.url !== avoid);
        const pool = others.length > 0 ? others : live;
        const url = pool[Math.floor(Math.random() * pool.length)]?.url;
        if (url !== undefined) return url;
        await sleep(10);
      }
      return undefined;
    };

    /** Sends one command until it is answered (2xx or 4xx), the same key every time. */
    const submit = async (pl: Player, key: string): Promise<void> => {
      const body = pl.onGrid
        ? { type: 'leave', args: {} }
        : { type: 'enter', args: { x: pl.unit[0], y: pl.unit[1] } };
      sentIds.add(`player:${pl.name}:${key}`);
      let failed: string | undefined;
      for (let attempt = 1; attempt <= 500; attempt++) {
        if (attempt > 1) retries++;
        const url = await pick(failed);
        if (url === undefined) break;
        let status: number;
        let json: Record<string, unknown>;
        try {
          const res = await fetch(`${url}/api/games/${pl.game}/commands`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${pl.token}`,
              'idempotency-key': key,
            },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(20_000),
          });
          status = res.status;
          json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        } catch {
          // The connection failed (the process was killed before, during or after the command) or
          // timed out: whether it was committed is unknown, so the same key goes to another process.
          failed = url;
          continue;
        }
        if (status >= 500) {
          failed = url;
          continue;
        }
        if (status >= 200 && status < 300) {
          acknowledged++;
          acked.add(`${pl.game}\n${pl.name}\n${key}`);
          if (json.duplicate === true) answeredAsDuplicate++;
          pl.onGrid = !pl.onGrid;
        } else {
          rejected++;
          const code = (json.error as { code?: string } | undefined)?.code;
          if (problems.length < 20) problems.push(`${pl.game} ${pl.name} ${key}: ${status} ${code ?? ''}`);
          // Follow the rules' word, so the player's next command is legal again.
          if (code === 'already-on-grid') pl.onGrid = true;
          if (code === 'not-on-grid') pl.onGrid = false;
        }
        return;
      }
      unanswered++;
    };

    let issued = 0;
    let lastReport = Date.now();
    await Promise.all(
      players.map(async (pl) => {
        while (issued < options.commands) {
          const n = issued++;
          // A kill that is due (see minKills) strikes now, while the other players' commands are in flight.
          const due = Math.min(
            Math.floor((n * ((options.minKills ?? 0) + 1)) / options.commands),
            options.maxKills ?? Infinity,
          );
          for (let waited = 0; kills < due && driving && waited < 60_000; waited += 5) {
            wake?.();
            await sleep(5);
          }
          const key = `${run}-${pl.game}-${pl.name}-${pl.sent++}`;
          await submit(pl, key);
          if (Date.now() - lastReport > 2000) {
            lastReport = Date.now();
            log(`${acknowledged} acknowledged, ${kills} kills, ${retries} retries`);
          }
        }
      }),
    );
    driving = false;
    await killer;
    log(`driven: ${acknowledged} acknowledged, ${kills} kills; stopping`);
  } catch (e) {
    driving = false;
    await killer;
    await Promise.all(slots.map((s) => stop(s)));
    await cleanup();
    throw e;
  }
  driving = false;
  await Promise.all(slots.map((s) => stop(s)));

  // The checks, on what the store holds once every process has gone.
  let lost = 0;
  let duplicated = 0;
  let appliedUnacknowledged = 0;
  let verified = true;
  try {
    const store = await openStore(db);
    try {
      const counts = new Map<string, number>();
      for (let g = 0; g < gamesCount; g++) {
        const game = `crash${g}`;
        for (const e of (await store.entries(game)) ?? []) {
          if (e.event.type !== 'command') continue;
          const c = e.event.command as { type?: string; id?: string; by?: { role?: string } } | undefined;
          if (c?.by?.role !== 'player' || c.type === 'join') continue;
          if (c.id === undefined) {
            duplicated++;
            problems.push(`${game} entry ${e.seq}: a player's command without a key`);
            continue;
          }
          const where = `${game}\n${c.id}`;
          counts.set(where, (counts.get(where) ?? 0) + 1);
        }
      }
      for (const [where, n] of counts) {
        if (n > 1) {
          duplicated += n - 1;
          problems.push(`${where.replace('\n', ' ')} is in the log ${n} times`);
        }
      }
      for (const a of acked) {
        const [game = '', name = '', key = ''] = a.split('\n');
        const id = `player:${name}:${key}`;
        const inLog = counts.get(`${game}\n${id}`) ?? 0;
        const recorded = await store.command(game, id);
        if (inLog === 0 || !recorded) {
          lost++;
          if (problems.length < 40) problems.push(`acknowledged ${game} ${id} is not in the log`);
        }
      }
      for (const where of counts.keys()) {
        const [game = '', id = ''] = where.split('\n');
        const [, name = '', key = ''] = /^player:([^:]*):(.*)$/.exec(id) ?? [];
        if (!acked.has(`${game}\n${name}\n${key}`)) appliedUnacknowledged++;
      }
    } finally {
      await store.close();
    }
    // Every game replays from nothing, its hash chain and every roll checked, by the program itself.
    for (let g = 0; g < gamesCount; g++) {
      const r = spawnSync(process.execPath, [cli, '--db', db, 'verify', `crash${g}`], {
        encoding: 'utf8',
        env: childEnv(),
        timeout: 120_000,
      });
      if (r.status !== 0) {
        verified = false;
        problems.push(`verify crash${g}: exit ${r.status ?? 'none'} ${r.stderr.trim()} ${r.stdout.trim()}`);
      }
    }
  } finally {
    await cleanup();
  }

  return {
    store: options.store,
    processes: options.processes,
    games: gamesCount,
    players: gamesCount * perGame,
    commands: sentIds.size,
    acknowledged,
    rejected,
    unanswered,
    lost,
    duplicated,
    appliedUnacknowledged,
    answeredAsDuplicate,
    kills,
    restarts,
    retries,
    verified,
    problems,
    seconds: (Date.now() - began) / 1000,
  };
}

/** Whether a campaign showed what it must: nothing acknowledged lost, nothing applied twice, all verified. */
export const passed = (r: CrashResult): boolean =>
  r.lost === 0 && r.duplicated === 0 && r.verified && r.unanswered === 0 && r.rejected === 0;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const store = arg('store', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';
  const r = await crashCampaign({
    store,
    processes: Number(arg('processes', store === 'postgres' ? '3' : '1')),
    commands: Number(arg('commands', '10000')),
    games: Number(arg('games', '6')),
    playersPerGame: Number(arg('players', '6')),
    verbose: !process.argv.includes('--quiet'),
  });
  console.log(JSON.stringify(r, null, 2));
  process.exitCode = passed(r) ? 0 : 1;
}
