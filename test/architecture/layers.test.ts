// The one-way layers (docs/architecture.md; issue 28's "with the other one-way rules the project already
// keeps"): cli → house → server → channels/clock → forum → engine → rulesets/store → core. A file may import its own
// room, a room beside it (cli and server, channels and clock, rulesets and store) and the rooms below, never a
// room above: that is what lets the kernel run with no I/O and each edge be swapped without touching the rest.
// Type-only imports count too: a type names what a room knows of another.
import { describe, expect, it } from 'vitest';
import { importEdges } from './import-graph.js';
import type { ImportEdge } from './import-graph.js';

/** Each room of src/ and its floor: higher imports lower or level, never the other way. */
const FLOOR: Readonly<Record<string, number>> = {
  core: 0,
  types: 0, // declarations of packages' types (src/types/*.d.ts)
  node: 1, // what only Node has (entropy, native hashes), for the rooms above the kernel
  rulesets: 1,
  store: 1,
  engine: 2,
  forum: 3,
  channels: 4,
  clock: 4,
  server: 5,
  house: 6, // the composition root (issue 28 item 2): opens the store, builds and wires the rooms below
  cli: 7,
};

const roomOf = (path: string): string => path.split('/')[1] ?? '';

/** Each import of a room above its own, as "from → to". */
export function upward(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => {
      const from = FLOOR[roomOf(e.from)];
      const to = FLOOR[roomOf(e.to)];
      if (from === undefined || to === undefined)
        throw new Error(`a room with no floor: ${roomOf(from === undefined ? e.from : e.to)}`);
      return to > from;
    })
    .map((e) => `${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
}

describe('the one-way layers (issue 28)', () => {
  const root = new URL('../..', import.meta.url).pathname;

  it('issue 28: no file of src/ imports a room above its own', () => {
    expect(upward(importEdges(root, 'src'))).toEqual([]);
  });

  it('issue 28: the check finds an import upward, of values or of types, and lets level and downward ones be', () => {
    const edge = (from: string, to: string, typeOnly = false): ImportEdge => ({ from, to, typeOnly });
    expect(
      upward([
        edge('src/core/kernel.ts', 'src/engine/referee.ts'),
        edge('src/store/store.ts', 'src/channels/courier.ts', true),
        edge('src/cli/main.ts', 'src/server/app.ts'),
        edge('src/channels/mail/watcher.ts', 'src/clock/time.ts'),
        edge('src/engine/referee.ts', 'src/core/kernel.ts'),
      ]),
    ).toEqual([
      'src/core/kernel.ts → src/engine/referee.ts',
      'src/store/store.ts → src/channels/courier.ts (type)',
    ]);
  });
});
