// Issue 17: a progress bar on a terminal for long work (src/cli/progress.ts) — verify, import, export, migrate
// and the replay of a long log — and nothing at all otherwise. The bar is drawn into a stand-in for a terminal
// (an object that says it is a TTY and keeps what is written), never timed; the verbs are run as they are in
// the tests and in scripts, with stderr a pipe, on a game long enough for a bar, and must print nothing more.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGridLog } from '../../bench/grid-log.js';
import { Kernel } from '../../src/core/index.js';
import { LONG_WORK, mayDraw, NO_PROGRESS, openProgress } from '../../src/cli/progress.js';
import { useNativeHashes } from '../../src/node/native-hash.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { Cli, removeTempDirs } from '../support/cli.js';

/** A stand-in for a terminal: says it is one, and keeps everything written to it. */
function terminal(isTTY = true): {
  isTTY: boolean;
  columns: number;
  text: () => string;
  write(s: string): boolean;
} {
  const chunks: string[] = [];
  return { isTTY, columns: 120, text: () => chunks.join(''), write: (s: string) => chunks.push(s) > 0 };
}

/** What a bar wrote, its terminal controls taken out. */
// eslint-disable-next-line no-control-regex -- the escape character is what a terminal's controls start with
const shown = (text: string): string => text.replace(/\x1b(\[[0-9;?]*[A-Za-z]|[78])/g, '');

describe('issue 17: the progress bar', () => {
  it('on a terminal: draws the label, the share done and the counts, and clears its line at the end', async () => {
    const tty = terminal();
    const bar = await openProgress('verifying g1', 123_456, { stream: tty });
    expect(shown(tty.text())).toMatch(/^verifying g1 -+ 0% 0\/123,456 entries, /);
    bar.update(61_728);
    bar.update(123_456);
    bar.stop();
    const text = tty.text();
    expect(shown(text)).toMatch(/verifying g1 =+ 100% 123,456\/123,456 entries, /);
    // The bar leaves nothing behind: no new line, and its line is cleared (ESC [2K) last.
    expect(text).not.toContain('\n');
    expect(text.endsWith('\x1b[2K')).toBe(true);
    // Nothing is drawn after the end.
    bar.update(5);
    bar.stop();
    expect(tty.text()).toBe(text);
  });

  it('draws the count reached when the work ended, not the total, if it ended early; asks a total once', async () => {
    const tty = terminal();
    let asked = 0;
    const total = () => {
      asked++;
      return Promise.resolve(LONG_WORK * 2);
    };
    const bar = await openProgress('exporting g1', total, { stream: tty });
    bar.update(LONG_WORK);
    bar.stop();
    expect(asked).toBe(1);
    expect(shown(tty.text())).toContain(
      `50% ${LONG_WORK.toLocaleString('en-US')}/${(LONG_WORK * 2).toLocaleString('en-US')} entries`,
    );
  });

  it('draws nothing for short work (it would only flash), and nothing when the total cannot be known', async () => {
    for (const total of [LONG_WORK - 1, 0, undefined, () => Promise.resolve(undefined)]) {
      const tty = terminal();
      const bar = await openProgress('verifying g1', total, { stream: tty });
      expect(bar).toBe(NO_PROGRESS);
      bar.update(10);
      bar.stop();
      expect(tty.text()).toBe('');
    }
    // A smaller minimum draws shorter work.
    const tty = terminal();
    const short = await openProgress('verifying g1', 10, { stream: tty, minimum: 10 });
    short.update(10);
    short.stop();
    expect(shown(tty.text())).toContain('10/10 entries');
  });

  it('not on a terminal, or with --json: nothing drawn, and the total is never asked for', async () => {
    for (const [stream, json] of [
      [terminal(false), false],
      [terminal(true), true],
    ] as const) {
      let asked = 0;
      expect(mayDraw({ stream, json })).toBe(false);
      const bar = await openProgress(
        'verifying g1',
        () => {
          asked++;
          return Promise.resolve(LONG_WORK * 3);
        },
        { stream, json },
      );
      expect(bar).toBe(NO_PROGRESS);
      bar.update(LONG_WORK);
      bar.stop();
      expect(asked).toBe(0);
      expect(stream.text()).toBe('');
    }
    // A stream that does not say it is a terminal is not one.
    expect(mayDraw({ stream: { write: () => true } })).toBe(false);
  });
});

describe('issue 17: the verbs on a log long enough for a bar, with stderr not a terminal', () => {
  const root = mkdtempSync(join(tmpdir(), 'referee-progress-'));
  let cli: Cli;
  let length = 0;
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    removeTempDirs();
  });

  beforeAll(async () => {
    cli = new Cli();
    useNativeHashes();
    const store = new SqliteStore(cli.dbPath, { sync: 'normal' });
    length = buildGridLog(new Kernel(defaultRegistry()), store, 'long', LONG_WORK + 500);
    await store.close();
  }, 180_000);

  it('verify, export, show (a replay) and import print exactly what they print without a bar', () => {
    // `ok` requires exit 0 and nothing at all on stderr.
    expect(cli.ok('verify', 'long')).toMatch(
      new RegExp(`^long verifies: ${length} log entries, \\d+ commands`),
    );
    const exported = cli.ok('export', 'long');
    expect(exported.split('\n').length).toBe(length + 2);
    expect(cli.ok('show', 'long')).not.toBe('');
    expect(cli.ok('show', 'long', '--json')).toMatch(/^\{/);
    const other = new Cli();
    writeFileSync(join(other.dir, 'long.jsonl'), exported);
    expect(other.ok('import', 'long.jsonl')).toBe(
      `imported long (grid-2002-01), ${length} log entries, verified\n`,
    );
    expect(other.ok('export', 'long')).toBe(exported);
  }, 300_000);
});
