// Issue 24 item 1: a ruleset is one folder (src/rulesets/<folder>/) and its entry in the registration. So no file of
// the program outside a ruleset's folder names a ruleset, by its id or by importing from its folder, except the
// few listed here, each with the reason it must. A sixth ruleset then needs nothing outside its folder but its
// entry in the registration (docs/adding-a-ruleset.md); its commands, phrases, parameters, view and text are the
// ruleset's own, and the forum, the server, the page's forms and its generic drawing read them from it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const RULESET_ROOT = join(ROOT, 'src', 'rulesets');
const FOLDERS = readdirSync(RULESET_ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const IDS = [...RULESETS.map((r) => r.id), 'guess-the-number'];

/** The files that may name a ruleset, and why each must. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/rulesets/index.ts': 'the registration: every shipped ruleset, loaded at once (the server, the tests)',
  'src/rulesets/catalogue.ts':
    'the registration as the command line reads it: each ruleset by id, loaded when a game names it (issue 17)',
  'src/cli/demo.ts': "`npm start` and `referee demo` play a game of The Grid (README's quick start)",
  'web/src/views/registry.ts':
    "the page's own drawings of the shipped rulesets; a ruleset with none is shown by its own text render",
};

/** Every source file of the program and its page outside the rulesets' folders. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return path === RULESET_ROOT ? [] : sources(path);
    return /\.(ts|tsx|js|mjs)$/.test(d.name) ? [path] : [];
  });
}
const FILES = [
  ...sources(join(ROOT, 'src')),
  ...readdirSync(RULESET_ROOT)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(RULESET_ROOT, f)),
  ...sources(join(ROOT, 'web', 'src')),
  ...sources(join(ROOT, 'scripts')),
].map((f) => relative(ROOT, f));

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An id as a string in code ('life', "rooms+quests", `tunnelers`), not a word in a comment or a class name. */
const ID_LITERAL = new RegExp(`(['"\`])(?:${IDS.map(escape).join('|')})\\1`);
/** An import from a ruleset's folder (`from '../rulesets/grid-2002-01/index.js'`, `import('./life/…')`). */
const FOLDER_IMPORT = new RegExp(
  `(?:from\\s+|import\\s*\\(\\s*)['"][^'"]*rulesets/(?:${FOLDERS.map(escape).join('|')})/`,
);
const FOLDER_IMPORT_HERE = new RegExp(
  `(?:from\\s+|import\\s*\\(\\s*)['"]\\./(?:${FOLDERS.map(escape).join('|')})/`,
);

describe('a ruleset is one folder and its entry in the registration (issue 24 item 1)', () => {
  it('finds the program`s files and every ruleset`s folder', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FOLDERS).toEqual(expect.arrayContaining(['grid-2002-01', 'tunnelers', 'guess-the-number']));
  });

  it('no file outside a ruleset`s folder names a ruleset, but the registration and the listed few', () => {
    const naming = FILES.filter((f) => {
      const text = readFileSync(join(ROOT, f), 'utf8');
      return ID_LITERAL.test(text) || FOLDER_IMPORT.test(text) || FOLDER_IMPORT_HERE.test(text);
    });
    expect(naming.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('the guard sees a ruleset named outside its folder', () => {
    expect(ID_LITERAL.test("const sets = PHRASES['tunnelers'];")).toBe(true);
    expect(FOLDER_IMPORT.test("import { lifePhrases } from '../../rulesets/life/phrases.js';")).toBe(true);
    expect(ID_LITERAL.test('<div class="tunnelers-view">')).toBe(false);
  });
});
