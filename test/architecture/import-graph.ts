// The import graph of src/, read with TypeScript's own parser (issue 28 item 6): every static `import … from`,
// `import '…'` and `export … from` between the project's own files, each edge marked whether it carries values
// at run time. Dynamic `import()` is left out on purpose: it runs when called, after every module has been
// evaluated, so it cannot make a module see another half-initialised.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import or re-export between two files of the tree, by paths relative to the tree's root. */
export interface ImportEdge {
  readonly from: string;
  readonly to: string;
  /** True for `import type` / `export type` (erased by the compiler, so no edge at run time). */
  readonly typeOnly: boolean;
  /** The names imported or re-exported (`A` of `import { A as B }`); none for `*`, a default or a bare import. */
  readonly names?: readonly string[];
}

/** Every .ts file under `dir`, by path. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The file a relative specifier names, as NodeNext resolves it from TypeScript sources ('.js' is the '.ts'). */
function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // a package, not one of ours
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base,
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Whether a declaration is erased at run time. Under the project's `verbatimModuleSyntax`, only a declaration
 * marked `type` as a whole is erased; `import { type A } from` stays as `import {} from`, which still loads
 * the module, so it counts as a value edge here.
 */
function erased(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) return node.importClause?.isTypeOnly === true;
  return node.isTypeOnly;
}

/** The names a declaration imports or re-exports by name, as the imported module spells them. */
function namesOf(node: ts.ImportDeclaration | ts.ExportDeclaration): string[] {
  const named = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
  if (named === undefined || (!ts.isNamedImports(named) && !ts.isNamedExports(named))) return [];
  return named.elements.map((e) => (e.propertyName ?? e.name).text);
}

/** The edges out of the files of `root`/`dir`, with paths relative to `root`. */
export function importEdges(root: string, dir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(join(root, dir))) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
      const spec = statement.moduleSpecifier;
      if (spec === undefined || !ts.isStringLiteral(spec)) continue;
      const target = resolveSpecifier(file, spec.text);
      if (target === undefined) {
        if (spec.text.startsWith('.'))
          throw new Error(`${relative(root, file)}: cannot resolve '${spec.text}'`);
        continue;
      }
      edges.push({
        from: relative(root, file),
        to: relative(root, target),
        typeOnly: erased(statement),
        names: namesOf(statement),
      });
    }
  }
  return edges;
}

/**
 * The strongly connected components of more than one file (or one file importing itself), by Tarjan's
 * algorithm: each is a set of files every one of which reaches every other through imports, i.e. a cycle.
 * Files sorted within a component, components sorted by their first file, so the answer reads the same each run.
 */
export function cycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    if (!next.has(e.to)) next.set(e.to, []);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const w = children[frame.child++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, child: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        const selfLoop = children.includes(frame.node);
        if (component.length > 1 || selfLoop) found.push(component.sort());
      }
    }
  }
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
