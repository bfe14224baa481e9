// Running a CommonJS file with its compiled code kept between processes (issue 17): V8 compiles the file once,
// and later processes take the compiled code from a cache file instead of parsing and compiling it again.
// Node 22 does this for every module (module.enableCompileCache); Node 20 does not, so the command line's
// bundle (scripts/bundle-cli.js) is run here as a vm.Script, which can carry V8's code cache.
//
// A cache is used only if it was made for this very file by this very Node: its header names the Node
// version, the platform and V8's version, and the length and CRC-32 of the source it was made from and of its
// own compiled code. V8 checks its own version, flags and the source's length, but not the compiled code's
// bytes (a damaged cache runs damaged code), hence the checksums. A cache that fails any check is ignored
// and made again; one that cannot be written is not kept (the file still runs, compiled as usual).
//
// What is in a cache is what the process that made it had compiled by the end of its run (V8 compiles a
// function when it is first called). So the header also lists the runs (the verbs) whose code it holds, and
// a run of a verb not yet listed writes the cache again, with its own code added: after each verb has run
// once, every run finds its code compiled.
import { isAscii } from 'node:buffer';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

/** The start of every cache file, with the version of its layout. */
const MAGIC = Buffer.from('referee-code-cache/1\n', 'latin1');

/** What a cache file says of itself, before its compiled code. */
interface Header {
  readonly node: string;
  readonly platform: string;
  readonly v8: string;
  readonly source: { readonly length: number; readonly crc: number };
  readonly code: { readonly length: number; readonly crc: number };
  /** The runs whose compiled code the cache holds. */
  readonly runs: readonly string[];
}

/** What became of the cache when the file was compiled. */
export type CacheUse =
  /** V8 took its compiled code. */
  | 'used'
  /** There was none (or caching is off). */
  | 'none'
  /** There was one, made for another file or another Node, or damaged: it was ignored. */
  | 'ignored'
  /** It passed our checks but V8 refused it (other V8 flags): ignored. */
  | 'refused';

export interface CachedModule {
  readonly exports: unknown;
  readonly cache: CacheUse;
  /**
   * Called once the program's work is done: writes the cache if it was not used, or if it holds no code of
   * `run` yet, with every function compiled so far. Returns the file written, or undefined.
   */
  keep(run: string): string | undefined;
}

export interface CodeCacheOptions {
  /**
   * Where the cache may be: read from the first of these that holds one, written to the first that can be
   * written. By default beside the file, then in the user's cache folder (for a copy installed where its
   * user cannot write).
   */
  readonly places?: readonly string[];
  /** No cache at all (NODE_DISABLE_COMPILE_CACHE, as Node 22's own cache has it). */
  readonly disabled?: boolean;
}

/** The default places of the cache of `file`: beside it, then under $XDG_CACHE_HOME (or ~/.cache). */
export function cachePlaces(file: string): string[] {
  const home = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  // One cache per installed copy: the folder's path, as a checksum, tells copies apart.
  const copy = crc32(dirname(file)).toString(16);
  return [`${file}.v8-cache`, join(home, 'nomic-referee', `${basename(file)}-${copy}.v8-cache`)];
}

/** The header this process would write for `source`: what a cache must say to be used here. */
function expected(source: Buffer): Omit<Header, 'code' | 'runs'> {
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    v8: process.versions.v8,
    source: { length: source.length, crc: crc32(source) },
  };
}

/** A cache file's header and compiled code, if it is one made for `source` here; else undefined. */
export function readCache(bytes: Buffer, source: Buffer): { header: Header; code: Buffer } | undefined {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const length = bytes.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4 + length;
  if (start > bytes.length) return undefined;
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(MAGIC.length + 4, start).toString('utf8')) as Header;
  } catch {
    return undefined;
  }
  const want = expected(source);
  const code = bytes.subarray(start);
  const fits =
    header.node === want.node &&
    header.platform === want.platform &&
    header.v8 === want.v8 &&
    header.source?.length === want.source.length &&
    header.source.crc === want.source.crc &&
    header.code?.length === code.length &&
    header.code.crc === crc32(code) &&
    Array.isArray(header.runs);
  return fits ? { header, code } : undefined;
}

/** A cache file: the header, then V8's compiled code. */
export function cacheFile(source: Buffer, code: Buffer, runs: readonly string[]): Buffer {
  const header: Header = { ...expected(source), code: { length: code.length, crc: crc32(code) }, runs };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([MAGIC, length, json, code]);
}

/** Writes `bytes` to `path` whole or not at all (another process may be reading or writing it). */
function writeWhole(path: string, bytes: Buffer): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, bytes, { mode: 0o644 });
    renameSync(temporary, path);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/**
 * Runs the CommonJS file `file` (as require() would, with its own require, module, __filename and
 * __dirname), compiled from its code cache when there is a usable one.
 */
export function requireWithCodeCache(file: string, options: CodeCacheOptions = {}): CachedModule {
  const bytes = readFileSync(file);
  // The bundle is ASCII (scripts/bundle-cli.js): one byte a character, nothing to decode.
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  const places = options.disabled ? [] : (options.places ?? cachePlaces(file));
  let found: { header: Header; code: Buffer } | undefined;
  let seen = false;
  for (const place of places) {
    let stored: Buffer;
    try {
      stored = readFileSync(place);
    } catch {
      continue;
    }
    seen = true;
    // One not made for this file here (an older build's, another Node's): perhaps the next place has one.
    found = readCache(stored, bytes);
    if (found) break;
  }
  // Node's own wrapper of a CommonJS module, so the file runs as it would under require().
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${text}\n});`;
  const script = new Script(wrapped, { filename: file, ...(found ? { cachedData: found.code } : {}) });
  const cache: CacheUse = found
    ? script.cachedDataRejected
      ? 'refused'
      : 'used'
    : seen
      ? 'ignored'
      : 'none';
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run(module.exports, createRequire(file), module, file, dirname(file));
  let kept = false;
  return {
    exports: module.exports,
    cache,
    keep(name) {
      if (kept || places.length === 0) return undefined;
      kept = true;
      const runs = cache === 'used' ? (found?.header.runs ?? []) : [];
      if (cache === 'used' && runs.includes(name)) return undefined;
      const stored = cacheFile(bytes, script.createCachedData(), [...runs, name]);
      for (const place of places) {
        try {
          writeWhole(place, stored);
          return place;
        } catch {
          // Not writable here (a copy installed by another user, a read-only disk): the next place.
        }
      }
      return undefined;
    },
  };
}
