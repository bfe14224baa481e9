// The fingerprint of the code that folds games' states, for snapshots (issue 17): a snapshot is used only by
// the code that wrote it (src/core/snapshot.ts). The kernel itself fingerprints the text of every fold the
// registry holds; this adds every file of the kernel and the rulesets as this process runs them, so a change
// in any helper a fold calls (which no fold's own text shows) leaves old snapshots unused too. The program's
// version number would not: it is not raised for each change, and a copy built from other sources may carry
// the same one.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where this file is: dist/src/node (built) or src/node (sources, as the tests run them). */
const HERE = dirname(fileURLToPath(import.meta.url));

/** The folders whose code decides how a state folds. */
const FOLDING = ['core', 'rulesets'];

/**
 * SHA-256 of every .js or .ts file under the kernel's and the rulesets' folders beside this one (names
 * relative to them, in sorted order, and contents), read once. A program bundled into one file has no such
 * folders: its own file is hashed instead, which holds them all.
 */
export function codeVersion(root = join(HERE, '..')): string {
  const hash = createHash('sha256');
  const folders = FOLDING.map((f) => join(root, f)).filter((f) => existsSync(f));
  if (folders.length === 0) {
    hash.update(readFileSync(fileURLToPath(import.meta.url)));
    return hash.digest('hex');
  }
  const walk = (dir: string): void => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        hash.update(`${relative(root, path)}\n`);
        hash.update(readFileSync(path));
      }
    }
  };
  for (const f of folders) walk(f);
  return hash.digest('hex');
}

let known: string | undefined;

/** codeVersion() of this program, worked out once per process (when a first snapshot is read or written). */
export const programCode = (): string => (known ??= codeVersion());
