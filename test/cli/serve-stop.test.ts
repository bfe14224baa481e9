// Issue 13, item 4: `referee serve` stops on SIGTERM. The built program is spawned; SIGTERM exits with code 0
// and what it acknowledged is kept. (SIGTERM in the middle of a verify storm with streams open is in
// test/campaigns/cost.test.ts.) Nothing here is timed: each step waits for what the program says or does.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_MAIN, removeTempDirs, tempDir } from '../support/cli.js';

afterAll(removeTempDirs);

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly exited: Promise<number | null>;
}

function serve(db: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, '--db', db, 'serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1]) resolve({ child, url: m[1], exited });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before listening: ${err}`)));
  });
}

describe('Issue 13 item 4: referee serve stops on SIGTERM', () => {
  it('with nothing under way it exits with code 0, and what it acknowledged is kept', async () => {
    const db = join(tempDir(), 'g.db');
    const s = await serve(db);
    const made = await fetch(`${s.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ruleset: 'life', game: 'kept' }),
    });
    expect(made.status).toBe(201);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const again = await serve(db);
    const games = (await (await fetch(`${again.url}/api/games`)).json()) as { id: string }[];
    expect(games.map((g) => g.id)).toEqual(['kept']);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
