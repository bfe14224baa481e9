// The doors of the house (issue 28 items 1 and 3): the store and the kernel are the engine's insides. Only the
// engine (which hands each room the narrow port it needs: src/engine/ports/), the composition root that opens
// the store and wires the rooms (src/house/), and the store and core themselves may import src/store/** or the
// kernel (src/core/kernel.ts, or the Kernel class through core's index). A room that needs the store's types
// (a Notice, a StoreError) has them from the engine's ports, so a change of the store touches the engine alone.
import { describe, expect, it } from 'vitest';
import { importEdges } from './import-graph.js';
import type { ImportEdge } from './import-graph.js';

/** The rooms that may name the store and the kernel. */
const INSIDE = ['engine', 'house', 'store', 'core'];

const roomOf = (path: string): string => path.split('/')[1] ?? '';

/** Whether an edge reaches the store or the kernel. */
function insides(e: ImportEdge): boolean {
  if (roomOf(e.to) === 'store') return true;
  if (e.to === 'src/core/kernel.ts') return true;
  return e.to === 'src/core/index.ts' && (e.names ?? []).includes('Kernel');
}

/** The rooms that may name the Referee itself: the engine that defines it, the house that builds it. */
const BUILDERS = ['engine', 'house'];

/**
 * Each import of the Referee from a room outside the engine and the root, as "from → to": of its file (any
 * name: the rooms take its records from the ports), or of the name Referee from anywhere (a re-export).
 */
export function refereeNamed(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(
      (e) =>
        !BUILDERS.includes(roomOf(e.from)) &&
        (e.to === 'src/engine/referee.ts' || (e.names ?? []).includes('Referee')),
    )
    .map((e) => `${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
}

/** Each import of the store or the kernel from a room outside the engine and the root, as "from → to". */
export function openDoors(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter((e) => !INSIDE.includes(roomOf(e.from)) && insides(e))
    .map((e) => `${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
}

describe('the narrow ports (issue 28)', () => {
  const root = new URL('../..', import.meta.url).pathname;

  it('issue 28: no file outside the engine and the composition root imports the store or the kernel', () => {
    expect(openDoors(importEdges(root, 'src'))).toEqual([]);
  });

  it('issue 28: no room outside the engine and the house names the Referee; each is given its door (src/engine/ports/use-cases.ts)', () => {
    expect(refereeNamed(importEdges(root, 'src'))).toEqual([]);
  });

  it('issue 28: the check finds the Referee named outside the engine and the house, by its file or by its name', () => {
    const edge = (from: string, to: string, typeOnly = false, names: string[] = []): ImportEdge => ({
      from,
      to,
      typeOnly,
      names,
    });
    expect(
      refereeNamed([
        edge('src/clock/clockwork.ts', 'src/engine/referee.ts', true, ['Referee']),
        edge('src/server/routes-write.ts', 'src/engine/referee.ts', true, ['Accepted']),
        edge('src/cli/context.ts', 'src/engine/index.ts', false, ['Referee']),
        edge('src/clock/clockwork.ts', 'src/engine/ports/index.ts', true, ['ClockDoor']),
        edge('src/house/house.ts', 'src/engine/referee.ts', false, ['Referee']),
        edge('src/engine/preview.ts', 'src/engine/referee.ts', true, ['Accepted']),
      ]),
    ).toEqual([
      'src/clock/clockwork.ts → src/engine/referee.ts (type)',
      'src/server/routes-write.ts → src/engine/referee.ts (type)',
      'src/cli/context.ts → src/engine/index.ts',
    ]);
  });

  it('issue 28: the check finds the store and the kernel imported from outside, of values or of types, and lets the rest be', () => {
    const edge = (from: string, to: string, typeOnly = false, names: string[] = []): ImportEdge => ({
      from,
      to,
      typeOnly,
      names,
    });
    expect(
      openDoors([
        edge('src/clock/firing.ts', 'src/store/store.ts', true, ['Notice']),
        edge('src/cli/context.ts', 'src/store/postgres/connection.ts', false, ['redact']),
        edge('src/server/live.ts', 'src/core/kernel.ts'),
        edge('src/channels/producers.ts', 'src/core/index.ts', true, ['GameState', 'Kernel']),
        edge('src/channels/producers.ts', 'src/core/index.ts', true, ['GameState']),
        edge('src/clock/firing.ts', 'src/engine/ports/outbox.ts', true, ['Notice']),
        edge('src/engine/referee.ts', 'src/store/store.ts'),
        edge('src/house/open.ts', 'src/store/open.ts'),
        edge('src/store/sqlite.ts', 'src/core/kernel.ts'),
        edge('src/core/index.ts', 'src/core/kernel.ts'),
      ]),
    ).toEqual([
      'src/clock/firing.ts → src/store/store.ts (type)',
      'src/cli/context.ts → src/store/postgres/connection.ts',
      'src/server/live.ts → src/core/kernel.ts',
      'src/channels/producers.ts → src/core/index.ts (type)',
    ]);
  });
});
