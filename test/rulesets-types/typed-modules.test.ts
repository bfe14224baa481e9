// Issue 28 item 5: a module's events are typed where it folds, describes and emits them. typed-events.test.ts
// finds an event field read as an open record; this test finds the door that lets one in:
// - an `evolve:` or `describe:` not held to its events' union (`{ ... } satisfies Folds<S, XEvent>` /
//   `satisfies Texts<XEvent>`): without it each fold declares its own parameter type (`(e: Moved) =>`), which the
//   method-style maps of RuleModule accept bivariantly, so nothing checks it against what is emitted;
// - in a ruleset whose emits are typed, a Decision, RuleModule or Trigger that leaves out E (the events the rules
//   may emit), a command()/playerCommand() given fewer than its four type arguments (E then defaults to any
//   GameEvent), or a read of `ctx.events` other than through eventsOf().
// Read with TypeScript's own parser, in every ruleset's folder (a new ruleset is held to it from its first file).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const RULESETS = join(ROOT, 'src', 'rulesets');

/** Every ruleset's folder: each `evolve:`/`describe:` held to its events, each emit typed (a new one included). */
const RULESET_DIRS = readdirSync(RULESETS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const FOLDS_HELD = RULESET_DIRS;
const EMITS_TYPED = RULESET_DIRS;

/** How many type arguments each generic must be given in a ruleset whose emits are typed (E the last). */
const ARITY: Readonly<Record<string, number>> = {
  Decision: 3,
  RuleModule: 3,
  Trigger: 3,
  command: 4,
  playerCommand: 4,
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  );
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const lineOf = (source: ts.SourceFile, node: ts.Node): number =>
  source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/** `evolve:` / `describe:` properties not written `{ ... } satisfies Folds<...>` / `Texts<...>`. */
function unheldFolds(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  walk(source, (n) => {
    if (!ts.isPropertyAssignment(n) || !ts.isIdentifier(n.name)) return;
    const wanted = n.name.text === 'evolve' ? 'Folds' : n.name.text === 'describe' ? 'Texts' : undefined;
    if (wanted === undefined) return;
    const init = n.initializer;
    const held =
      ts.isSatisfiesExpression(init) &&
      ts.isTypeReferenceNode(init.type) &&
      ts.isIdentifier(init.type.typeName) &&
      init.type.typeName.text === wanted;
    if (!held)
      found.push(`${name}:${lineOf(source, n)}: ${n.name.text} not held to its events (satisfies ${wanted})`);
  });
  return found;
}

/** Places a ruleset's code could emit or read an event as any GameEvent (see the header). */
function untypedEmits(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const short = (what: string, n: ts.Node, given: number): void => {
    found.push(`${name}:${lineOf(source, n)}: ${what} given ${given} type arguments, not ${ARITY[what]}`);
  };
  walk(source, (n) => {
    if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) {
      const what = n.typeName.text;
      const given = n.typeArguments?.length ?? 0;
      if (what !== 'command' && what !== 'playerCommand' && ARITY[what] !== undefined && given < ARITY[what])
        short(what, n, given);
    }
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
      const what = n.expression.text;
      const given = n.typeArguments?.length ?? 0;
      if ((what === 'command' || what === 'playerCommand') && given < (ARITY[what] ?? 0))
        short(what, n, given);
    }
    // `ctx.events` read other than as eventsOf's argument: its entries are then open records.
    if (ts.isPropertyAccessExpression(n) && n.name.text === 'events') {
      const call = n.parent;
      const viaEventsOf =
        ts.isCallExpression(call) &&
        ts.isIdentifier(call.expression) &&
        call.expression.text === 'eventsOf' &&
        call.arguments[0] === n;
      if (!viaEventsOf)
        found.push(`${name}:${lineOf(source, n)}: ${n.getText(source)} read without eventsOf`);
    }
  });
  return found;
}

const filesOf = (ruleset: string): string[] => sources(join(RULESETS, ruleset));
const read = (file: string): [string, string] => [relative(ROOT, file), readFileSync(file, 'utf8')];

describe('typed modules (issue 28 item 5)', () => {
  it('finds an evolve or describe not held to its events (the check itself)', () => {
    const held = `const m = {
      evolve: { moved: (s, e) => s } satisfies Folds<S, Moved>,
      describe: { moved: (e) => e.player } satisfies Texts<Moved>,
    };`;
    expect(unheldFolds('held.ts', held)).toEqual([]);
    const loose = `const m = {
      evolve: { moved: (s: S, e: Moved): S => s },
      describe: { moved: (e: Moved) => e.player } satisfies Record<string, unknown>,
    };`;
    expect(unheldFolds('loose.ts', loose)).toEqual([
      'loose.ts:2: evolve not held to its events (satisfies Folds)',
      'loose.ts:3: describe not held to its events (satisfies Texts)',
    ]);
  });

  it('finds a decision, module or command that leaves out the events, and a raw ctx.events (the check itself)', () => {
    const typed = `
      type Ctx = Decision<S, C, E>;
      const m: RuleModule<S, C, E> = { commands: { go: command<S, Z, C, E>({}), me: playerCommand<S, Z, C, E>({}) } };
      const n = eventsOf<E, 'moved'>(ctx.events, 'moved').length;`;
    expect(untypedEmits('typed.ts', typed)).toEqual([]);
    const open = `
      function f(ctx: Decision<S, C>): void {}
      const m: RuleModule<S, C> = { commands: { go: command<S, Z, C>({}), me: playerCommand({}) } };
      const n = ctx.events.filter((e) => e.type === 'moved').length;`;
    expect(untypedEmits('open.ts', open)).toEqual([
      'open.ts:2: Decision given 2 type arguments, not 3',
      'open.ts:3: RuleModule given 2 type arguments, not 3',
      'open.ts:3: command given 3 type arguments, not 4',
      'open.ts:3: playerCommand given 0 type arguments, not 4',
      'open.ts:4: ctx.events read without eventsOf',
    ]);
  });

  it.each(FOLDS_HELD)('%s: every evolve and describe is held to its events', (ruleset) => {
    const files = filesOf(ruleset);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => unheldFolds(...read(f)))).toEqual([]);
  });

  it.each(EMITS_TYPED)('%s: every decision, module and command names the events it may emit', (ruleset) => {
    expect(filesOf(ruleset).flatMap((f) => untypedEmits(...read(f)))).toEqual([]);
  });
});
