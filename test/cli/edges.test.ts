// Issue 13 through the built program (`npm run build` first): item 8's --db naming a folder or a missing
// folder is one line and exit 2; the database and its WAL are created readable by their owner only; a
// report for an nweek not begun is refused; items 5 and 6's serve settings refuse bad values before
// anything listens; the CLI's --id still does a command once, and refuses the id reused for another command.
import { spawn } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { Cli, CLI_MAIN, removeTempDirs, tempDir } from '../support/cli.js';

afterAll(removeTempDirs);

describe('item 8: --db that cannot be a database file', () => {
  it('a folder, or a file in a folder that does not exist: one line, exit 2, nothing made', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'afolder'));
    const cli = new Cli(dir);
    for (const db of ['afolder', 'missing/referee.db', 'missing/deeper/referee.db']) {
      const r = cli.bare(['--db', db, 'games']);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^referee: bad-path: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(() => statSync(join(dir, 'missing'))).toThrow();
  });
});

describe('item 8: the database holds master secrets', () => {
  it('is created 0600 by the program', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'g1');
    expect((statSync(cli.dbPath).mode & 0o777).toString(8)).toBe('600');
  });

  it('and so are its -wal and -shm while it is open', async () => {
    const path = join(tempDir(), 'open.db');
    const store = new SqliteStore(path);
    try {
      await store.listGames();
      for (const f of [path, `${path}-wal`, `${path}-shm`])
        expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
    } finally {
      await store.close();
    }
  });
});

describe('item 8: a report for an nweek that has not begun', () => {
  it('is refused (exit 2), not "Nothing happened"', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'g1');
    expect(cli.ok('report', 'g1', '--nweek', '1')).toContain('nweek 1');
    expect(cli.bad('report', 'g1', '--nweek', '2')).toMatch(/unknown-nweek: nweek 2 has not begun/);
  });
});

describe('items 5 and 6: serve settings are checked before anything listens', () => {
  it('refuses --creation operator without a usable operator token, and a bad --trust-proxy', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'short'), 'abc\n');
    const cli = new Cli(dir);
    const bad = (args: string[], env: Record<string, string> = {}) => {
      const r = cli.bare(['--db', 'x.db', 'serve', '--port', '0', ...args], env);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      return r.stderr;
    };
    expect(bad(['--creation', 'operator'])).toMatch(/operator token/);
    expect(bad(['--creation', 'operator', '--operator-token-file', 'short'])).toMatch(/at least 32/);
    expect(bad(['--creation', 'operator', '--operator-token-file', 'nosuch'])).toMatch(/cannot read/);
    expect(bad([], { REFEREE_CREATION: 'operator', REFEREE_OPERATOR_TOKEN: 'short' })).toMatch(/at least 32/);
    expect(bad(['--creation', 'closed'])).toMatch(/open or operator/);
    expect(bad(['--trust-proxy', '10.0.0.1,not-an-address'])).toMatch(/not-an-address/);
    expect(bad(['--trust-proxy', '10.0.0.0/33'])).toMatch(/10\.0\.0\.0\/33/);
    expect(bad([], { REFEREE_TRUST_PROXY: 'everyone' })).toMatch(/everyone/);
  });
});

describe("item 7: the CLI's --id", () => {
  it('the same command twice is done once; the id reused for another command is refused', () => {
    const cli = new Cli();
    cli.ok(
      'new',
      'grid-2002-01',
      '--game',
      'g1',
      '--dice',
      'manual',
      '--rolls',
      '1,1,2,2,3,3,4,4,5,5,1,2,2,3,3,4,4,5,5,1',
    );
    cli.ok('join', 'g1', 'alice');
    const first = cli.run('dice', 'g1', '4', '--id', 'd-1');
    expect(first.status, first.stderr).toBe(0);
    const before = cli.exported('g1');
    const again = cli.run('dice', 'g1', '4', '--id', 'd-1');
    expect(again.status, again.stderr).toBe(0);
    expect(cli.exported('g1')).toBe(before);
    expect(cli.bad('dice', 'g1', '5', '--id', 'd-1')).toMatch(/^referee: idempotency-key-reused: /);
    expect(cli.exported('g1')).toBe(before);
  });
});

describe('items 5 and 6: referee serve with --creation operator and --trust-proxy', () => {
  it('creates only with the operator token, and counts failures per forwarded client', async () => {
    const dir = tempDir();
    const token = 'op_serve_test_0123456789abcdefghijklmnop';
    writeFileSync(join(dir, 'operator-token'), `${token}\n`, { mode: 0o600 });
    const child = spawn(
      process.execPath,
      [
        CLI_MAIN,
        '--db',
        'x.db',
        'serve',
        '--port',
        '0',
        '--creation',
        'operator',
        '--operator-token-file',
        'operator-token',
        '--trust-proxy',
        'loopback',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString('utf8');
          const m = / at (http:\/\/[^\s]+?)\/?\n/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code ?? '?'}: ${out}`)));
      });
      const call = async (path: string, headers: Record<string, string>, body?: unknown) => {
        const res = await fetch(`${base}${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        return { status: res.status, text: await res.text() };
      };
      const game = { ruleset: 'grid-2002-01', game: 'g1' };
      expect((await call('/api/games', {}, game)).status).toBe(401);
      const made = await call('/api/games', { authorization: `Bearer ${token}` }, game);
      expect(made.status, made.text).toBe(201);
      // Through a trusted proxy (loopback), the forwarded client is the one counted.
      const guess = (client: string) =>
        call('/api/games/g1/me', { authorization: 'Bearer nr_guess', 'x-forwarded-for': client });
      for (let i = 0; i < 20; i++) expect((await guess('203.0.113.1')).status).toBe(401);
      expect((await guess('203.0.113.1')).status).toBe(429);
      expect((await guess('203.0.113.2')).status).toBe(401);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
