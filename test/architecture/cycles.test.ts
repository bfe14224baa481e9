// No value-import cycle in src/ (issue 28 item 6, "Done means": "no import cycle except type-only ones inside
// core"). A cycle of value imports means one of its modules runs while another is still half-initialised (a
// `const` read before it is set throws, a function imported early is undefined); it also means none of its files
// can be read, tested or moved alone. Shared state goes into a leaf file of its own (as
// src/rulesets/grid-2002-06/fg-state.ts does), or a function is passed in.
//
// Edges marked `type` as a whole (`import type`, `export type … from`) are erased by the compiler, so a cycle
// only of those is allowed: it costs nothing at run time.
import { describe, expect, it } from 'vitest';
import { cycles, importEdges } from './import-graph.js';

const root = new URL('../..', import.meta.url).pathname;

describe('import cycles (issue 28 item 6)', () => {
  it('issue 28 item 6: no value-import cycle in src/ (type-only edges ignored)', () => {
    const valueEdges = importEdges(root, 'src').filter((e) => !e.typeOnly);
    expect(cycles(valueEdges).map((c) => c.join(' → '))).toEqual([]);
  });
});
