// The host's fingerprint of the code that folds states (src/node/code-version.ts), which a snapshot's version
// carries: the same for the same files, different when any file of the kernel or the rulesets changes (a
// helper a fold calls included), blind to files elsewhere.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeVersion, programCode } from '../../src/node/code-version.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'referee-code-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

describe("the fingerprint of the program's folding code", () => {
  it('is the same for the same files, wherever they are, and changes with any file of core or rulesets', () => {
    const files = {
      'core/evolve.js': 'export const f = 1;',
      'rulesets/grid/moves.js': 'export const helper = (x) => x + 1;',
      'cli/main.js': 'console.log(1);',
    };
    const a = codeVersion(tree(files));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(codeVersion(tree(files))).toBe(a);
    expect(
      codeVersion(tree({ ...files, 'rulesets/grid/moves.js': 'export const helper = (x) => x + 2;' })),
    ).not.toBe(a);
    expect(codeVersion(tree({ ...files, 'core/extra.ts': '' }))).not.toBe(a);
    // Outside the folding code, and declarations: not part of it.
    expect(codeVersion(tree({ ...files, 'cli/main.js': 'console.log(2);' }))).toBe(a);
    expect(codeVersion(tree({ ...files, 'core/evolve.d.ts': 'export declare const f: 1;' }))).toBe(a);
  });

  it("this program's is worked out once, from its own kernel and rulesets", () => {
    expect(programCode()).toMatch(/^[0-9a-f]{64}$/);
    expect(programCode()).toBe(programCode());
    expect(programCode()).toBe(codeVersion(join(import.meta.dirname, '../../src')));
  });
});
