// The built `referee` over PostgreSQL, as separate processes: `--db postgres://…`, many processes sending
// commands to one game at once, and `referee migrate` from a SQLite file, verified by replay. Needs
// `npm run build` and a PostgreSQL server (see pg-support.ts); never skipped.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { CLI_MAIN, Cli, newManualGrid, removeTempDirs } from '../support/cli.js';
import type { Run } from '../support/cli.js';
import { dropSchema, freshSchemaName, requirePostgres, urlFor } from './pg-support.js';

const schemas: string[] = [];
afterEach(async () => {
  for (const s of schemas.splice(0)) await dropSchema(s);
});
afterAll(() => removeTempDirs());

/** A fresh schema's connection string, dropped after the test. */
async function pgSpec(): Promise<string> {
  await requirePostgres();
  const schema = freshSchemaName();
  schemas.push(schema);
  return urlFor(schema);
}

/** Runs the program without waiting for it: for several at once. */
function start(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], {
      cwd,
      env: { ...process.env, REFEREE_DB: '', DATABASE_URL: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('referee --db postgres://…', () => {
  it('plays a game on PostgreSQL like on a file: the same log, verified', async () => {
    const pgCli = new Cli(undefined, await pgSpec());
    const fileCli = new Cli();
    for (const cli of [pgCli, fileCli]) {
      newManualGrid(cli);
      cli.ok('join', 'g1', 'alice');
      cli.ok('act', 'g1', 'alice', 'enter', '10', '10', '--id', 'post-1');
      expect(cli.ok('act', 'g1', 'alice', 'enter', '10', '10', '--id', 'post-1')).toMatch(/already applied/);
      cli.ok('tick', 'g1', '--nweek');
      expect(cli.ok('verify', 'g1')).toMatch(/g1 verifies/);
    }
    // Manual dice: the two logs are the same, entry for entry, but for when each game was created (K16: the
    // creation records its instant, which the hash chain then covers).
    const events = (cli: Cli) =>
      cli
        .exported('g1')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => {
          const { prev: _p, hash: _h, ...entry } = JSON.parse(line) as Record<string, unknown>;
          const { created, ...event } = entry.event as Record<string, unknown>;
          if (entry.seq === 1) expect(typeof created).toBe('string');
          return { ...entry, event };
        });
    expect(events(pgCli)).toEqual(events(fileCli));
  });

  it('twelve processes joining one game at once: every join is in once, the log verifies', async () => {
    const cli = new Cli(undefined, await pgSpec());
    newManualGrid(cli);
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const runs = await Promise.all(names.map((n) => start(cli.dir, ['--db', cli.db, 'join', 'g1', n])));
    for (const r of runs) {
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
    }
    const board = cli.json<{ players: { name: string }[] }>('show', 'g1', '--json');
    expect(board.players.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(cli.ok('verify', 'g1')).toMatch(/g1 verifies/);
  });

  it('an unreachable server is one clear line and exit 1', () => {
    const cli = new Cli(undefined, 'postgres://postgres@127.0.0.1:1/postgres');
    const r = cli.run('games');
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^referee: io: PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:1\/postgres could not be used/,
    );
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('referee migrate --from sqlite:FILE --to postgres://…', () => {
  /** A SQLite file with a fair-dice Grid game (tokens, a command id) and a manual one. */
  function sqliteGames(): Cli {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'fair');
    cli.ok('join', 'fair', 'alice', '--id', 'join-alice');
    cli.ok('act', 'fair', 'alice', 'enter', '4', '4');
    cli.ok('tick', 'fair', '--nweek');
    newManualGrid(cli, 'manual');
    cli.ok('join', 'manual', 'bob');
    return cli;
  }

  it('copies every game whole, verified by replay; the games go on on PostgreSQL', async () => {
    const file = sqliteGames();
    const spec = await pgSpec();
    const out = file.bare(['migrate', '--from', `sqlite:${file.db}`, '--to', spec]);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    expect(out.stdout).toMatch(
      /^fair \(grid-2002-01\): \d+ log entries, 1 command id, 2 tokens, dice secret; verifies on the target/m,
    );
    expect(out.stdout).toMatch(/^manual \(grid-2002-01\): .*verifies on the target/m);
    expect(out.stdout).toMatch(/migrated 2 games from sqlite:referee\.db to postgres:/);
    const pgCli = new Cli(file.dir, spec);
    // The same logs and dice secrets (a full export carries the secret), the same command ids.
    for (const game of ['fair', 'manual']) {
      expect(pgCli.exported(game)).toBe(file.exported(game));
      expect(pgCli.ok('verify', game)).toMatch(/verifies/);
    }
    expect(pgCli.ok('join', 'fair', 'alice', '--id', 'join-alice')).toMatch(/already applied/);
    pgCli.ok('join', 'fair', 'carol');
    expect(pgCli.ok('verify', 'fair')).toMatch(/verifies/);
  });

  it('refuses (exit 2, nothing copied) when the target already has one of the games', async () => {
    const file = sqliteGames();
    const spec = await pgSpec();
    const pgCli = new Cli(file.dir, spec);
    newManualGrid(pgCli, 'manual');
    const before = pgCli.exported('manual');
    const r = file.bare(['migrate', '--from', `sqlite:${file.db}`, '--to', spec]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/already has the game manual; nothing was copied/);
    expect(pgCli.ok('games')).not.toMatch(/fair/);
    expect(pgCli.exported('manual')).toBe(before);
  });

  it('only the games named, and a missing source or unknown game is exit 2', async () => {
    const file = sqliteGames();
    const spec = await pgSpec();
    const r = file.bare(['migrate', '--from', `sqlite:${file.db}`, '--to', spec, 'manual']);
    expect(r.status).toBe(0);
    expect(new Cli(file.dir, spec).ok('games')).toMatch(/^manual\s/);
    expect(new Cli(file.dir, spec).ok('games')).not.toMatch(/fair/);
    expect(file.bare(['migrate', '--from', 'sqlite:nothing.db', '--to', spec]).status).toBe(2);
    const unknown = file.bare(['migrate', '--from', `sqlite:${file.db}`, '--to', spec, 'ghost']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/no game ghost/);
  });

  it('a source game that does not verify is not copied: exit 1', async () => {
    const file = sqliteGames();
    // Someone edited a stored entry behind the program's back.
    const db = new Database(file.dbPath);
    db.prepare(
      "UPDATE log SET event = replace(event, '\"alice\"', '\"mallory\"') WHERE game = 'fair' AND seq = (SELECT max(seq) FROM log WHERE game = 'fair' AND event LIKE '%alice%')",
    ).run();
    db.close();
    const spec = await pgSpec();
    const r = file.bare(['migrate', '--from', `sqlite:${file.db}`, '--to', spec, 'fair']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/fair does NOT verify in sqlite:referee\.db; it was not copied/);
    expect(new Cli(file.dir, spec).ok('games')).toBe('');
  });
});
