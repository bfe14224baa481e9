// Load over loopback: real `referee serve` processes (SQLite: one; PostgreSQL: one or more), many games and
// players, autocannon keeping one connection per player busy with announcements that are always legal in
// The Grid of January 2002 (alternately `enter` at the player's own unit and `leave`). Every request has its
// own Idempotency-Key; afterwards every acknowledged key is looked for in the logs, so "nothing lost" is
// checked, not assumed. Run alone: `node dist/bench/server-load.js [--store sqlite|postgres] [--processes N]`.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openStore } from '../src/store/open.js';
import type { ServeProcess } from './serve-process.js';
import { startServe } from './serve-process.js';

const CLI = fileURLToPath(new URL('../src/cli/main.cjs', import.meta.url));
const PG_BASE = process.env.REFEREE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface LoadOptions {
  readonly store: 'sqlite' | 'postgres';
  readonly processes: number;
  readonly games: number;
  readonly playersPerGame: number;
  readonly seconds: number;
  readonly sync?: 'full' | 'normal';
  /** Each game's commands all go to one process (as a load balancer hashing on the game would send them). */
  readonly affinity?: boolean;
  /** Where each server process writes a V8 CPU profile when it stops (`--profile DIR`), to see where time goes. */
  readonly profileDir?: string;
}

export interface LoadResult extends LoadOptions {
  readonly acknowledged: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly lost: number;
  readonly duplicated: number;
  readonly serverCpuMsPerThousand: number;
  readonly postgresCpuMsPerThousand: number;
}

/** utime + stime of a process, in seconds, from /proc (0 where it cannot be read). */
function processCpu(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (which may hold spaces, so after its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** CPU seconds used so far by the server processes, and by every PostgreSQL process on this machine. */
function cpuSeconds(serverPids: readonly number[]): { servers: number; postgres: number } {
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += processCpu(pid);
    } catch {
      // gone meanwhile
    }
  }
  return { servers: serverPids.reduce((sum, pid) => sum + processCpu(pid), 0), postgres };
}

export interface Player {
  readonly game: string;
  readonly name: string;
  readonly token: string;
  readonly unit: readonly [number, number];
}

/** Starts one `referee serve` and resolves with its address once it listens. */
function startServer(db: string, sync: string, profileDir?: string): Promise<ServeProcess> {
  return startServe(CLI, ['--db', db, '--sync', sync, 'serve', '--port', '0'], {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    stderr: 'inherit',
  });
}

export async function post(
  url: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** autocannon as a promise (its typings describe only the callback form's return). */
export const run = (opts: autocannon.Options): Promise<autocannon.Result> =>
  new Promise((resolve, reject) => {
    void autocannon(opts, (err, result) => (err ? reject(err as Error) : resolve(result)));
  });

/** Creates `games` games of The Grid (`load0`…) with `playersPerGame` players each, through the API. */
export async function loadPlayers(url: string, games: number, playersPerGame: number): Promise<Player[]> {
  const players: Player[] = [];
  for (let g = 0; g < games; g++) {
    const game = `load${g}`;
    await post(url, '/api/games', { ruleset: 'grid-2002-01', game });
    for (let p = 0; p < playersPerGame; p++) {
      const name = `p${p}`;
      const joined = await post(url, `/api/games/${game}/join`, { player: name });
      // Units on a diagonal walk, one each, so a player's enter is never into another's unit.
      players.push({
        game,
        name,
        token: String(joined.token),
        unit: [(p % 20) + 1, Math.floor(p / 20) + 1],
      });
    }
  }
  return players;
}

/**
 * autocannon keeping one connection per player busy for `seconds` with announcements that are always legal
 * (alternately `enter` at the player's own unit and `leave`), each with its own Idempotency-Key: the keys
 * sent and those acknowledged are added to `sent` and `acked` (as GAME/PLAYER/N).
 */
export function announce(
  url: string,
  players: readonly Player[],
  seconds: number,
  sent: Set<string>,
  acked: Set<string>,
): Promise<autocannon.Result> {
  let next = 0;
  return run({
    url,
    connections: players.length,
    duration: seconds,
    // One connection per player, each with its own two-request cycle and keys.
    setupClient(client) {
      const pl = players[next++ % players.length] as Player;
      let n = 0;
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${pl.token}` };
      const path = `/api/games/${pl.game}/commands`;
      // One request in flight per connection: the response that arrives is to the key set last.
      const keyed = (body: string): autocannon.Request => ({
        method: 'POST',
        path,
        setupRequest(req) {
          const key = `${pl.game}/${pl.name}/${n++}`;
          sent.add(key);
          return { ...req, headers: { ...headers, 'idempotency-key': key }, body };
        },
        onResponse(status) {
          if (status === 200) acked.add(`${pl.game}/${pl.name}/${n - 1}`);
        },
      });
      client.setRequests([
        keyed(JSON.stringify({ type: 'enter', args: { x: pl.unit[0], y: pl.unit[1] } })),
        keyed(JSON.stringify({ type: 'leave', args: {} })),
      ]);
    },
  });
}

export async function serverLoad(options: LoadOptions): Promise<LoadResult> {
  const sync = options.sync ?? 'full';
  const dir = mkdtempSync(join(tmpdir(), 'referee-load-'));
  const schema = `load_${process.pid}_${Date.now()}`;
  const db = options.store === 'sqlite' ? join(dir, 'load.db') : `${PG_BASE}?schema=${schema}`;
  const servers: ServeProcess[] = [];
  try {
    // One process first (it creates the schema), then the others.
    servers.push(await startServer(db, sync, options.profileDir));
    for (let i = 1; i < options.processes; i++) servers.push(await startServer(db, sync, options.profileDir));
    const first = servers[0]?.url ?? '';

    const players = await loadPlayers(first, options.games, options.playersPerGame);

    const acked = new Set<string>();
    const sent = new Set<string>();
    // Which process a player's connection talks to. With affinity (what a load balancer hashing on the
    // game id in the path does), every command of a game goes to one process, so processes never race
    // each other for a game; without it, a game's players are spread over every process.
    const home = (pl: Player, i: number): number =>
      options.affinity ? Number(pl.game.slice(4)) % servers.length : i % servers.length;
    const groups = servers.map((_, s) => players.filter((pl, i) => home(pl, i) === s));
    const cpuBefore = cpuSeconds(servers.map((x) => x.child.pid ?? 0));
    const results = await Promise.all(
      servers.map((server, s) => {
        const mine = groups[s] ?? [];
        return mine.length === 0
          ? Promise.resolve(undefined)
          : announce(server.url, mine, options.seconds, sent, acked);
      }),
    );
    const ran = results.filter((r) => r !== undefined);
    const cpuAfter = cpuSeconds(servers.map((x) => x.child.pid ?? 0));

    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(
      servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(0) : s.child.once('exit', r)))),
    );

    // Every acknowledged key must have been applied (the store keeps command ids as player:NAME:KEY), and
    // the logs must hold no more commands than keys were applied: nothing lost, nothing twice.
    const store = await openStore(db);
    let lost = 0;
    let applied = 0;
    let entries = 0;
    try {
      for (const key of sent) {
        const [game, name] = key.split('/');
        if (await store.command(game ?? '', `player:${name ?? ''}:${key}`)) applied++;
        else if (acked.has(key)) lost++;
      }
      for (let g = 0; g < options.games; g++) {
        for (const e of (await store.entries(`load${g}`)) ?? []) {
          const c = e.event.command as { type?: string; by?: { role?: string } } | undefined;
          if (e.event.type === 'command' && c?.by?.role === 'player' && c.type !== 'join') entries++;
        }
      }
    } finally {
      await store.close();
    }
    const duplicated = entries - applied;
    return {
      ...options,
      sync,
      acknowledged: acked.size,
      perSecond: acked.size / options.seconds,
      // Per process the median and 99th percentile; across processes the worst of them.
      p50: Math.max(...ran.map((r) => r.latency.p50)),
      p99: Math.max(...ran.map((r) => r.latency.p99)),
      errors: ran.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: ran.reduce((n, r) => n + r.non2xx, 0),
      lost,
      duplicated,
      // CPU spent per 1,000 acknowledged commands while the load ran: flat as processes are added means the
      // work divides across processes (and would spread over more cores than this machine has).
      serverCpuMsPerThousand: acked.size ? ((cpuAfter.servers - cpuBefore.servers) * 1e6) / acked.size : 0,
      postgresCpuMsPerThousand: acked.size
        ? ((cpuAfter.postgres - cpuBefore.postgres) * 1e6) / acked.size
        : 0,
    };
  } finally {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    if (options.store === 'postgres') {
      const client = new pg.Client({ connectionString: PG_BASE });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const r = await serverLoad({
    store: arg('store', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite',
    processes: Number(arg('processes', '1')),
    games: Number(arg('games', '10')),
    playersPerGame: Number(arg('players', '10')),
    seconds: Number(arg('seconds', '10')),
    sync: arg('sync', 'full') === 'normal' ? 'normal' : 'full',
    affinity: !process.argv.includes('--spread'),
    ...(arg('profile', '') ? { profileDir: arg('profile', '') } : {}),
  });
  console.log(JSON.stringify(r));
}
