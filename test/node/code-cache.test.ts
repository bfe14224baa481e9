// Running a CommonJS file with V8's code cache (src/node/code-cache.ts), as `referee` runs its bundle: the cache
// is written once, used after, and ignored (the file compiled as usual, the cache made again) whenever it was
// not made for this very file and Node, or its bytes were damaged; a verb not yet run adds its code to it.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheFile, cachePlaces, readCache, requireWithCodeCache } from '../../src/node/code-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'referee-code-cache-'));
  dirs.push(dir);
  return dir;
}

/** A CommonJS file answering `answer`, and what it finds of its own module wrapper. */
function program(dir: string, answer: number): string {
  const file = join(dir, 'program.cjs');
  writeFileSync(
    file,
    `const path = require('node:path');
exports.answer = () => ${answer};
exports.where = { file: __filename, dir: __dirname, same: module.exports === exports, sep: path.sep };
exports.twice = (xs) => xs.map((x) => x * 2);\n`,
  );
  return file;
}

describe('a CommonJS file run through its code cache', () => {
  it('runs as require() would, writes its cache once, and uses it after', () => {
    const dir = folder();
    const file = program(dir, 41);
    const places = [join(dir, 'program.cjs.v8-cache')];
    const first = requireWithCodeCache(file, { places });
    const exports = first.exports as { answer(): number; where: Record<string, unknown> };
    expect(first.cache).toBe('none');
    expect(exports.answer()).toBe(41);
    expect(exports.where).toEqual({ file, dir, same: true, sep: '/' });
    expect(first.keep('show')).toBe(places[0]);
    // Once per process.
    expect(first.keep('act')).toBeUndefined();

    const second = requireWithCodeCache(file, { places });
    expect(second.cache).toBe('used');
    expect((second.exports as { answer(): number }).answer()).toBe(41);
    // A run the cache already holds writes nothing; another adds its code and its name.
    const written = readFileSync(places[0] as string);
    expect(second.keep('show')).toBeUndefined();
    expect(readFileSync(places[0] as string).equals(written)).toBe(true);
    const third = requireWithCodeCache(file, { places });
    expect(third.cache).toBe('used');
    expect(third.keep('act')).toBe(places[0]);
    const source = readFileSync(file);
    expect(readCache(readFileSync(places[0] as string), source)?.header.runs).toEqual(['show', 'act']);
  });

  it('ignores a cache made for other source, even of the same length, and makes it again', () => {
    const dir = folder();
    const file = program(dir, 41);
    const places = [join(dir, 'cache')];
    requireWithCodeCache(file, { places }).keep('show');
    program(dir, 42);
    const changed = requireWithCodeCache(file, { places });
    expect(changed.cache).toBe('ignored');
    expect((changed.exports as { answer(): number }).answer()).toBe(42);
    expect(changed.keep('show')).toBe(places[0]);
    expect(requireWithCodeCache(file, { places }).cache).toBe('used');
  });

  it('ignores a cache whose compiled code or header is damaged, or that was made by another Node', () => {
    const dir = folder();
    const file = program(dir, 7);
    const place = join(dir, 'cache');
    requireWithCodeCache(file, { places: [place] }).keep('show');
    const good = readFileSync(place);
    const source = readFileSync(file);
    expect(readCache(good, source)).toBeDefined();

    // One byte of the compiled code changed (V8 itself would run it: it checks no checksum of its own).
    const flipped = Buffer.from(good);
    flipped[flipped.length - 20] = (flipped[flipped.length - 20] as number) ^ 0x5a;
    expect(readCache(flipped, source)).toBeUndefined();
    writeFileSync(place, flipped);
    const run = requireWithCodeCache(file, { places: [place] });
    expect(run.cache).toBe('ignored');
    expect((run.exports as { answer(): number }).answer()).toBe(7);

    // Cut short, not a cache at all, or made by another version of Node.
    expect(readCache(good.subarray(0, good.length - 1), source)).toBeUndefined();
    expect(readCache(Buffer.from('not a cache'), source)).toBeUndefined();
    const { code } = readCache(good, source) ?? { code: Buffer.alloc(0) };
    expect(readCache(cacheFile(source, code, ['show']), source)?.header.node).toBe(process.version);
    const otherNode = Buffer.from(
      good.toString('latin1').replace(`"node":"${process.version}"`, '"node":"v0.0.0"'),
      'latin1',
    );
    expect(readCache(otherNode, source)).toBeUndefined();
  });

  it('is written to the next place when the first cannot be written, and read from there', () => {
    const dir = folder();
    const file = program(dir, 3);
    // A place under a file, not a folder: it can never be written (whoever runs the test).
    writeFileSync(join(dir, 'blocked'), '');
    const places = [join(dir, 'blocked', 'cache'), join(dir, 'user', 'cache')];
    expect(requireWithCodeCache(file, { places }).keep('show')).toBe(places[1]);
    expect(requireWithCodeCache(file, { places }).cache).toBe('used');
    // A cache of an older build in the first place does not hide the good one in the next.
    const stale = requireWithCodeCache(file, { places: [join(dir, 'stale')] });
    stale.keep('show');
    program(dir, 4);
    const fresh = [join(dir, 'stale'), join(dir, 'user', 'cache')];
    requireWithCodeCache(file, { places: [fresh[1] as string] }).keep('show');
    const run = requireWithCodeCache(file, { places: fresh });
    expect(run.cache).toBe('used');
    expect((run.exports as { answer(): number }).answer()).toBe(4);
  });

  it('reads and writes nothing when caching is off', () => {
    const dir = folder();
    const file = program(dir, 5);
    const run = requireWithCodeCache(file, { disabled: true });
    expect(run.cache).toBe('none');
    expect(run.keep('show')).toBeUndefined();
    expect(existsSync(`${file}.v8-cache`)).toBe(false);
  });

  it('keeps its cache beside the file, else in the user cache folder, one for each installed copy', () => {
    const [beside, user] = cachePlaces('/opt/referee/dist/src/cli/referee.cjs');
    expect(beside).toBe('/opt/referee/dist/src/cli/referee.cjs.v8-cache');
    expect(user).toMatch(/\/nomic-referee\/referee\.cjs-[0-9a-f]+\.v8-cache$/);
    expect(cachePlaces('/home/x/referee/dist/src/cli/referee.cjs')[1]).not.toBe(user);
  });
});
