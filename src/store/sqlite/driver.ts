// better-sqlite3's Database, told where its compiled part is (issue 17). Left to itself it asks the `bindings`
// package, which reads the call stack to find the package's folder and then tries a dozen places: ~5 ms of
// every command. Here the package's folder is resolved once and the same places are tried, in the same order
// (bindings' own list), so the same file is found; if none is there, better-sqlite3 is left to look itself.
// The command line's bundle (scripts/bundle-cli.js) holds better-sqlite3's JavaScript but not its compiled
// part, which `bindings` could not find from the bundle's folder: this finds it from there too.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const ADDON = 'better_sqlite3.node';

/** The folders `bindings` (1.5) tries under a package's folder, in its order. */
function places(): string[][] {
  const { platform, arch, versions } = process;
  return [
    ['build'],
    ['build', 'Debug'],
    ['build', 'Release'],
    ['out', 'Debug'],
    ['Debug'],
    ['out', 'Release'],
    ['Release'],
    ['build', 'default'],
    ['compiled', versions.node, platform, arch],
    ['addon-build', 'release', 'install-root'],
    ['addon-build', 'debug', 'install-root'],
    ['addon-build', 'default', 'install-root'],
    ['lib', 'binding', `node-v${versions.modules}-${platform}-${arch}`],
  ];
}

let found: string | null | undefined;

/** Where better-sqlite3's compiled part is, or undefined if not in any place `bindings` would look. */
export function nativeBinding(): string | undefined {
  if (found === undefined) {
    found = null;
    try {
      const root = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
      for (const place of places()) {
        const file = join(root, ...place, ADDON);
        if (existsSync(file)) {
          found = file;
          break;
        }
      }
    } catch {
      // Not resolvable from here: better-sqlite3 looks for itself.
    }
  }
  return found ?? undefined;
}

/** `new Database(path, options)`, with its compiled part found as above. */
export function openDatabase(path: string, options: Database.Options = {}): Database.Database {
  const binding = nativeBinding();
  return new Database(path, binding === undefined ? options : { ...options, nativeBinding: binding });
}
