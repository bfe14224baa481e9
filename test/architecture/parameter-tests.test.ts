// Issue 24, Done means: "each parameter has a test that changes it and shows the rule following the new value".
// A guard: for every ruleset in the registry, every declared parameter's name appears (any case, spaces as
// written) in the title of at least one test (`it(…)` / `test(…)`, read with TypeScript's parser) in that
// ruleset's test folder. A new ruleset must be given its folder here; a parameter declared without its test
// fails, naming it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { sourceFiles } from './import-graph.js';

/** Each ruleset's test folders (rooms and rooms+quests share test/quests; Life's Field Match its own). */
const TEST_FOLDERS: Readonly<Record<string, readonly string[]>> = {
  'grid-2002-01': ['test/grid'],
  'grid-2002-06': ['test/grid-june'],
  tunnelers: ['test/tunnelers'],
  rooms: ['test/quests'],
  'rooms+quests': ['test/quests'],
  life: ['test/life', 'test/field-match'],
};

const ROOT = new URL('../..', import.meta.url).pathname;

/** The text of a title argument: a string, or a template's literal parts (its `${…}` left out). */
function titleText(node: ts.Node | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' … ');
  return undefined;
}

/** Whether a call is a test that runs: it(…), test(…), it.only / it.concurrent (not skip or todo). */
function isTest(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'it' || callee.text === 'test';
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression))
    return (
      (callee.expression.text === 'it' || callee.expression.text === 'test') &&
      ['only', 'concurrent', 'sequential'].includes(callee.name.text)
    );
  return false;
}

/** The titles of every test in a file's source. */
export function testTitles(source: string, name = 'x.test.ts'): string[] {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTest(node.expression)) {
      const title = titleText(node.arguments[0]);
      if (title !== undefined) out.push(title);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const squeeze = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ');

/** The parameters whose name no title contains. */
export function untested(names: readonly string[], titles: readonly string[]): string[] {
  const all = titles.map(squeeze);
  return names.filter((n) => !all.some((t) => t.includes(squeeze(n))));
}

const titlesIn = (folders: readonly string[]): string[] =>
  folders
    .map((f) => join(ROOT, f))
    .filter((f) => existsSync(f))
    .flatMap((f) => sourceFiles(f))
    .filter((f) => f.endsWith('.test.ts'))
    .flatMap((f) => testTitles(readFileSync(f, 'utf8'), f));

describe('issue 24: every declared parameter has a test named after it', () => {
  const registry = defaultRegistry();

  it('every ruleset of the registry has its test folders here', () => {
    expect(registry.ids().filter((id) => TEST_FOLDERS[id] === undefined)).toEqual([]);
  });

  for (const id of registry.ids()) {
    it(`${id}: every parameter's name is in the title of a test of its folder`, () => {
      const names = (registry.get(id)?.parameters?.list ?? []).map((p) => p.name);
      const missing = untested(names, titlesIn(TEST_FOLDERS[id] ?? []));
      expect(missing, `parameters of ${id} with no test named after them`).toEqual([]);
    });
  }

  it('the guard fails for a parameter no test names, and reads titles as TypeScript does', () => {
    const source = [
      "it('Grid size 25: the board is drawn 25 wide', () => {});",
      'test(`Move distance ${2}: two units a move`, () => {});',
      "it.skip('Shiny Thing points 40', () => {});",
      "describe('Location dice', () => { it.only('Location dice 2d10 teleport', () => {}); });",
      "// it('Scary Dark Thing points 7', () => {});",
      'const s = "it(\'Shiny Things 7\')";',
    ].join('\n');
    const titles = testTitles(source);
    expect(titles).toEqual([
      'Grid size 25: the board is drawn 25 wide',
      'Move distance  … : two units a move',
      'Location dice 2d10 teleport',
    ]);
    expect(
      untested(
        [
          'Grid size',
          'move distance',
          'Shiny Thing points',
          'Scary Dark Thing points',
          'Location dice',
          'Shiny Things',
        ],
        titles,
      ),
    ).toEqual(['Shiny Thing points', 'Scary Dark Thing points', 'Shiny Things']);
  });
});
