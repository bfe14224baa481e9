// Issue 13, item 1 ("Counts and numbering reveal hidden entries"): every number a non-admin viewer is given
// counts only what e may see. A viewer's log lines are numbered 1, 2, 3… with no gap where a hidden entry
// lies, and eir position (Kernel.position) is the number of eir last line; the Administrator keeps the log's
// real seq.
import { describe, expect, it } from 'vitest';
import { ADMIN, canSee, player, PUBLIC } from '../../src/core/index.js';
import type { LogLine, Viewer } from '../../src/core/index.js';
import type { Table } from '../support/table.js';
import { june, place } from '../support/harness/june.js';
import { act, started } from '../support/harness/tunnelers.js';

const lines = (t: Table, viewer: Viewer): LogLine[] => t.kernel.logView(t.entries, viewer, t.game);
const numbered = (t: Table, viewer: Viewer) => lines(t, viewer).map((l) => [l.seq, l.text]);

/** A viewer's numbering is 1..n without a gap, n is eir position, and n counts exactly what e may see. */
function expectOwnNumbering(t: Table, viewer: Viewer): void {
  const seen = lines(t, viewer);
  expect(seen.map((l) => l.seq)).toEqual(seen.map((_, i) => i + 1));
  expect(t.kernel.position(t.game, viewer)).toBe(seen.length);
  expect(seen.length).toBe(t.entries.filter((e) => canSee(e.event.vis, viewer)).length);
}

describe('issue 13 item 1: counts and numbering count only what the viewer may see', () => {
  it("June Grid: the public's and other players' lines are numbered without a gap around alice's Radar reveal", () => {
    const game = (boxAt: [number, number]): Table => {
      const t = june({ players: { alice: null, bob: [15, 15] } });
      place(t, 'bonus-box', boxAt[0], boxAt[1], '+5');
      t.act('alice', 'enter', { x: 5, y: 5 }); // "alice is at (5,5)"; a Box at (7,7) is within her Radar
      t.act('bob', 'move', { x: 15, y: 16 });
      return t;
    };
    const near = game([7, 7]);
    const far = game([1, 20]);
    // The reveal is there (so the check below is not vacuous), and alice alone sees it.
    const reveal = (t: Table) => t.entries.filter((e) => e.event.type === 'radar-reveal');
    expect(reveal(near)).toHaveLength(1);
    expect(reveal(far)).toHaveLength(0);
    for (const viewer of [PUBLIC, player('bob'), player('alice')]) {
      expectOwnNumbering(near, viewer);
      expectOwnNumbering(far, viewer);
    }
    // Nothing the public or bob is given tells the two games apart: not the lines, not their numbers.
    for (const viewer of [PUBLIC, player('bob')]) {
      expect(numbered(near, viewer)).toEqual(numbered(far, viewer));
      expect(near.kernel.position(near.game, viewer)).toBe(far.kernel.position(far.game, viewer));
    }
    // Alice sees her reveal as the line after her arrival, in her own numbering.
    const own = lines(near, player('alice'));
    const i = own.findIndex((l) => l.type === 'radar-reveal');
    expect(own[i]?.seq).toBe((own[i - 1]?.seq ?? 0) + 1);
    // The Administrator keeps the log's real numbers.
    expect(lines(near, ADMIN).map((l) => l.seq)).toEqual(near.entries.map((e) => e.seq));
    expect(near.kernel.position(near.game, ADMIN)).toBe(near.entries.length);
  });

  it("Tunnelers: a public viewer's numbering does not depend on how far a mole moved", () => {
    const game = (path: string | undefined): Table => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' } });
      if (path !== undefined) act(t, 'alice', 'move', { path });
      act(t, 'alice', 'end-turn');
      act(t, 'bob', 'end-turn');
      return t;
    };
    const still = game(undefined);
    const moved = game('c4');
    // The move wrote private entries (so the check below is not vacuous) ...
    expect(moved.entries.length).toBeGreaterThan(still.entries.length);
    // ... which the public's numbering does not count.
    expectOwnNumbering(still, PUBLIC);
    expectOwnNumbering(moved, PUBLIC);
    expect(numbered(moved, PUBLIC)).toEqual(numbered(still, PUBLIC));
    expect(moved.kernel.position(moved.game, PUBLIC)).toBe(still.kernel.position(still.game, PUBLIC));
    // Bob's numbering does not count alice's private entries either; alice's counts her own.
    expect(moved.kernel.position(moved.game, player('bob'))).toBe(
      still.kernel.position(still.game, player('bob')),
    );
    expectOwnNumbering(moved, player('alice'));
    expect(moved.kernel.position(moved.game, player('alice'))).toBeGreaterThan(
      still.kernel.position(still.game, player('alice')),
    );
  });

  it('logView numbers on from a given position, so a slice of the log is numbered as the whole is', () => {
    const t = june({ players: { alice: null, bob: [15, 15] } });
    place(t, 'bonus-box', 7, 7, '+5');
    t.act('alice', 'enter', { x: 5, y: 5 });
    for (const viewer of [PUBLIC, player('alice'), player('bob'), ADMIN]) {
      const whole = lines(t, viewer);
      for (const cut of [1, 5, t.entries.length - 2]) {
        const head = t.kernel.logView(t.entries.slice(0, cut), viewer, t.game);
        const from = viewer.role === 'admin' ? cut : head.length;
        const tail = t.kernel.logView(t.entries.slice(cut), viewer, t.game, from);
        expect([...head, ...tail]).toEqual(whole);
      }
    }
  });
});
