// Small files with one job (issue 28 item 6: "no file in src/ or web/ over ~500 lines"). A file past the limit
// does more than one thing, or says one thing at such length that a newcomer changing one room must read all
// of it; the check counts every file of src/ and web/src/ (code and style sheets alike), as `wc -l` does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most lines a file of src/ or web/src/ may have. */
const LIMIT = 500;

/** Lines in a text, as `wc -l` counts them (a last line with no newline counts too). */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/** Every file under `dir`, by path relative to `root`. */
function filesUnder(root: string, dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...filesUnder(root, path));
    else out.push(path);
  }
  return out.sort();
}

/** The files over the limit, as "path: n lines", leaving out the allowed ones. */
export function oversized(
  files: readonly { path: string; text: string }[],
  allowed: ReadonlySet<string> = new Set(),
): string[] {
  return files
    .filter((f) => !allowed.has(f.path))
    .map((f) => ({ path: f.path, lines: lineCount(f.text) }))
    .filter((f) => f.lines > LIMIT)
    .map((f) => `${f.path}: ${f.lines} lines`);
}

describe('small files (issue 28 item 6)', () => {
  const root = new URL('../..', import.meta.url).pathname;
  const files = ['src', 'web/src'].flatMap((dir) =>
    filesUnder(root, dir).map((path) => ({
      path: relative(root, join(root, path)),
      text: readFileSync(join(root, path), 'utf8'),
    })),
  );

  it(`no file of src/ or web/src/ is over ${LIMIT} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    expect(oversized(files)).toEqual([]);
  });

  it('the check counts lines as wc -l does and names each file over the limit', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    const lines = (n: number) => 'x\n'.repeat(n);
    expect(
      oversized(
        [
          { path: 'src/core/at-the-limit.ts', text: lines(LIMIT) },
          { path: 'src/core/one-over.ts', text: lines(LIMIT + 1) },
          { path: 'web/src/style.css', text: `${lines(LIMIT)}x` },
          { path: 'src/store/sqlite.ts', text: lines(900) },
        ],
        new Set(['src/store/sqlite.ts']),
      ),
    ).toEqual([`src/core/one-over.ts: ${LIMIT + 1} lines`, `web/src/style.css: ${LIMIT + 1} lines`]);
  });
});
