// `referee clock`: a process that serves nothing keeps a rhythm game's time, and stops cleanly on SIGTERM. The
// one clock test in real time, so it asks only for what any speed gives: at least two ticks, each of a distinct
// boundary in order, within a generous wait (a fast machine just gets there sooner).
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_MAIN, Cli, removeTempDirs } from '../support/cli.js';
import { SqliteStore } from '../../src/store/sqlite.js';

afterAll(removeTempDirs);

/** The scheduled instants of the game's boundary-fired entries, read from the file as another process would. */
async function fired(path: string): Promise<string[]> {
  const store = new SqliteStore(path);
  try {
    const entries = (await store.entries('g1')) ?? [];
    return entries.filter((e) => e.event.type === 'boundary-fired').map((e) => e.event.scheduled as string);
  } finally {
    await store.close();
  }
}

/**
 * Runs `referee ARGS` over the game g1 (a rhythm of 1 s) until its log holds at least two boundaries, then
 * stops it with SIGTERM; what it printed, and the boundaries.
 */
async function keepsTime(cli: Cli, args: readonly string[]): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_MAIN, '--db', cli.db, ...args], {
    cwd: cli.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    let seen: string[] = [];
    const deadline = Date.now() + 300_000;
    while (seen.length < 2 && Date.now() < deadline && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
      seen = await fired(cli.dbPath);
    }
    expect(seen.length, `stdout:\n${stdout}\nstderr:\n${stderr}`).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual(seen);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/clock: g1: nday ended at /);
    expect(stderr).toMatch(/clock: the clock stopped/);
    return { stdout, stderr };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

function rhythmGame(): Cli {
  const cli = new Cli();
  // K16: an nday a second is the operator's to allow (--rhythm-floor), as for a demonstration.
  cli.ok('new', 'grid-2002-01', '--game', 'g1', '--rhythm-floor', '1');
  cli.ok('admin', 'g1', 'schedule', 'every=1');
  return cli;
}

describe('referee clock and referee serve keep time', () => {
  it("referee clock fires a rhythm game's boundaries as ticks, serving nothing, and stops on SIGTERM", async () => {
    const { stdout } = await keepsTime(rhythmGame(), ['clock']);
    expect(stdout).toMatch(/keeping time for/);
  });

  it('referee serve fires them too, beside the server, and stops on SIGTERM', async () => {
    const { stdout } = await keepsTime(rhythmGame(), ['serve', '--port', '0']);
    expect(stdout).toMatch(/ at http:/);
  });

  it('refuses a grace that is not a number of seconds, with one line and nothing started', () => {
    const cli = new Cli();
    expect(cli.bad('clock', '--grace', 'soon')).toBe('referee: --grace is a number of seconds (0 or more)');
    expect(cli.bad('serve', '--clock-grace', '-1')).toBe(
      'referee: --clock-grace is a number of seconds (0 or more)',
    );
  });
});
