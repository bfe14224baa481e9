// Issue 28 item 5: rule code refuses with a value, never by throwing. A command handler returns a Refusal
// (`return refuse(code, message)`); a helper that may refuse returns one for its caller to pass on (a check:
// `Refusal | undefined`; a look-up: `T | Refusal`, told apart with isRefusal), up to the handler, a module's
// onJoin or a Field Match's Effect, which return it too. Only the kernel throws a Rejection (its own checks, and
// the Refusal an onJoin returns). This test reads every ruleset's folder with TypeScript's own parser and fails
// on the doors back to throwing: a `.reject` (the decision's `ctx.reject`, an effect's `fx.reject`, under any
// name), or a Rejection made or thrown in rule code. (A ruleset's `initial(config)`, which runs before there is a
// decision, refuses a bad configuration with core's bare `reject('bad-config', …)`: that is the kernel's
// game creation, and not a `.reject`.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const RULESETS = join(ROOT, 'src', 'rulesets');

/** Every ruleset's folder (a new ruleset is held to it from its first file). */
const RULESET_DIRS = readdirSync(RULESETS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** The places in one file where rule code throws a refusal instead of returning it (see the header). */
function thrownRefusals(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node, what: string): void => {
    const line = source.getLineAndCharacterOfPosition(n.getStart(source)).line + 1;
    found.push(`${name}:${line}: ${what}`);
  };
  walk(source, (n) => {
    // `ctx.reject(…)`, `this.ctx.reject(…)`, `fx.reject(…)`, or `.reject` handed on uncalled.
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'reject') at(n, `${n.getText(source)} throws`);
    if (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression))
      if (n.argumentExpression.text === 'reject') at(n, `${n.getText(source)} throws`);
    // A Rejection made by hand (`throw new Rejection(…)`) or an effect API that declares `reject()` again.
    if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'Rejection')
      at(n, 'a Rejection made in rule code');
    if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'reject')
      at(n, 'a reject() method (return a Refusal instead)');
  });
  return found;
}

const read = (file: string): [string, string] => [relative(ROOT, file), readFileSync(file, 'utf8')];

describe('no rule code throws a refusal (issue 28 item 5)', () => {
  it('finds every way back to throwing, and not a returned refusal or a comment (the check itself)', () => {
    const returned = `
      // a helper once called ctx.reject('no-turn', '…') here: comments and strings are not code
      function requireTurn(ctx: Ctx): Refusal<C> | undefined {
        if (!ctx.rules.turn) return refuse('no-turn', 'ctx.reject is gone');
        return undefined;
      }
      const t = pick(candidates, ref);
      if (isRefusal(t)) return t;
      const initial = () => reject('bad-config', 'takes no configuration');`;
    expect(thrownRefusals('returned.ts', returned)).toEqual([]);
    const thrown = `
      if (s.started) return ctx.reject('already-started', 'the game has already started');
      this.ctx.reject(code, message);
      const no = fx['reject'];
      throw new Rejection(ruleError('dead', 'dead'));
      class EffectContext { reject(code: string, message: string): never { throw new Error(message); } }`;
    expect(thrownRefusals('thrown.ts', thrown)).toEqual([
      'thrown.ts:2: ctx.reject throws',
      'thrown.ts:3: this.ctx.reject throws',
      "thrown.ts:4: fx['reject'] throws",
      'thrown.ts:5: a Rejection made in rule code',
      'thrown.ts:6: a reject() method (return a Refusal instead)',
    ]);
  });

  it('reads every ruleset', () => {
    expect(RULESET_DIRS).toEqual(
      expect.arrayContaining([
        'grid-2002-01',
        'grid-2002-06',
        'tunnelers',
        'rooms',
        'quests',
        'field-match',
        'life',
      ]),
    );
  });

  it.each(RULESET_DIRS)('%s: refuses by returning a Refusal, never by throwing one', (ruleset) => {
    const files = sources(join(RULESETS, ruleset));
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => thrownRefusals(...read(f)))).toEqual([]);
  });
});
