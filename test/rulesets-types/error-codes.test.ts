// Issue 28 item 5: each ruleset's error codes are a closed set, listed once (its errors.ts) and declared on the
// ruleset. The compiler holds rule code to the list; this test holds the list to the code (every code the
// sources refuse with is listed, every listed code is used) and docs/error-codes.md to the list.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KERNEL_ERROR_CODES, refusalCodes } from '../../src/core/index.js';
import type { AnyRuleset } from '../../src/core/index.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { life } from '../../src/rulesets/life/index.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The source folders whose rule code each ruleset runs. */
const SOURCES: Readonly<Record<string, readonly string[]>> = {
  'grid-2002-01': ['grid-2002-01'],
  'grid-2002-06': ['grid-2002-06'],
  life: ['field-match', 'life'],
  rooms: ['rooms'],
  'rooms+quests': ['rooms', 'quests'],
  tunnelers: ['tunnelers'],
};

const sourcesOf = (dirs: readonly string[]): string[] =>
  dirs.flatMap((d) => {
    const dir = join(ROOT, 'src', 'rulesets', d);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'errors.ts')
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  });

/** Every code written as the first argument of a refusal: refuse('x', …), ctx.reject('x', …), reject('x', …). */
function codesRefusedIn(sources: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of sources)
    for (const m of text.matchAll(/\b(?:refuse|reject)\(\s*'([a-z0-9-]+)'/g)) found.add(m[1] as string);
  return found;
}

/** A Field Match's conditions give their codes in its definition (code: 'x'). */
function conditionCodesIn(sources: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of sources)
    for (const m of text.matchAll(/\bcode: '([a-z0-9-]+)'/g)) found.add(m[1] as string);
  return found;
}

/** The codes docs/error-codes.md lists under a heading, in order. */
function documented(heading: string): string[] {
  const doc = readFileSync(join(ROOT, 'docs', 'error-codes.md'), 'utf8');
  const start = doc.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/error-codes.md has a section "${heading}"`).toBeGreaterThanOrEqual(0);
  const rest = doc.slice(start + heading.length + 5);
  const section = rest.slice(0, rest.search(/\n## |$/));
  return [...section.matchAll(/^- `([a-z0-9-]+)`/gm)].map((m) => m[1] as string);
}

describe('error codes are a closed set per ruleset (issue 28 item 5)', () => {
  it('every shipped ruleset declares its list, without repeats and apart from the kernel`s', () => {
    expect(RULESETS.map((r) => r.id).sort()).toEqual(Object.keys(SOURCES).sort());
    for (const r of RULESETS) {
      const own = r.errorCodes ?? [];
      expect(own.length, r.id).toBeGreaterThan(0);
      expect(new Set(own).size, `${r.id} lists a code twice`).toBe(own.length);
      for (const c of own) expect(KERNEL_ERROR_CODES as readonly string[], `${r.id}: ${c}`).not.toContain(c);
    }
  });

  it.each(RULESETS.map((r) => [r.id, r] as const))(
    '%s refuses only with its codes and the kernel`s, and uses every code it lists',
    (id: string, ruleset: AnyRuleset) => {
      const sources = sourcesOf(SOURCES[id] ?? []);
      const allowed = refusalCodes(ruleset.errorCodes ?? []);
      const refused = codesRefusedIn(sources);
      expect(refused.size).toBeGreaterThan(0);
      for (const c of refused)
        expect(allowed.has(c), `${id} refuses with "${c}", not in its list`).toBe(true);
      const conditions = id === 'life' ? conditionCodesIn(sources) : new Set<string>();
      for (const c of ruleset.errorCodes ?? [])
        expect(refused.has(c) || conditions.has(c), `${id} lists "${c}" but never refuses with it`).toBe(
          true,
        );
    },
  );

  it('a Field Match lists the codes its definition gives its conditions', () => {
    const conditions = life.match.actions.flatMap((a) => a.trigger.when.map((w) => w.code));
    expect(conditions.length).toBeGreaterThan(0);
    for (const c of conditions) expect(life.errorCodes).toContain(c);
  });

  it('docs/error-codes.md lists exactly the kernel`s codes and each ruleset`s, in order', () => {
    expect(documented('Kernel (every game)')).toEqual([...KERNEL_ERROR_CODES]);
    for (const r of RULESETS) expect(documented(`\`${r.id}\``), r.id).toEqual([...(r.errorCodes ?? [])]);
  });
});
