// "Neatening Up: The Grid": "Amend r301 to be: ..." - a running January game becomes a June game at that
// point of its log, and play goes on; replay and verify cross the amendment.
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC } from '../../src/core/index.js';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import { grid200206Ruleset, JUNE_REPEALS, locationOf } from '../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import type { Table } from '../support/table.js';
import { grid, placing } from '../support/harness/grid.js';
import { nweek } from '../support/harness/june.js';

/** The January Grid (which may be amended to the June one), Shiny Thing 1 at (8,8), alice at (5,5). */
function januaryGame(): Table {
  const t = grid({
    rulesets: [grid200201Ruleset, grid200206Ruleset],
    rolls: placing([8, 8]),
    players: { alice: [5, 5], bob: null, carol: null },
  });
  t.act('carol', 'enter', { x: 8, y: 8 }, [2, 2]); // finds Shiny Thing 1: +25, it teleports to (2,2)
  t.tick(true);
  t.act('alice', 'move', { x: 6, y: 6 }); // announced in nweek 2, not yet made
  return t;
}

describe('The amendment of r301 (January -> June)', () => {
  it('amend: players, their squares and points carry over; a pending January move is made at once (R-J8)', () => {
    const t = januaryGame();
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    const june = t.game.rules as JuneState;
    expect(t.game.ruleset).toBe('grid-2002-06');
    expect(locationOf(june, 'alice')).toEqual([6, 6]);
    expect(locationOf(june, 'carol')).toEqual([8, 8]);
    expect(locationOf(june, 'bob')).toBeUndefined();
    expect(t.game.balances.carol).toBe(25);
    // The move made under the January rule was this nweek's move.
    expect(t.refuse('alice', 'move', { x: 7, y: 7 }).code).toBe('already-moved');
    t.expectConsistent();
  });

  it('amend: the Shiny and Scary Dark Things leave the Grid, and their last places are never shown', () => {
    const t = januaryGame();
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    const admin = JSON.stringify(t.view(ADMIN));
    expect(admin).not.toMatch(/shiny|scary/i);
    const publicLog = t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
    expect(publicLog).toContain(
      'The Shiny Things and Scary Dark Things, which the amended rule no longer has, leave the Grid.',
    );
    expect(publicLog.join('\n')).not.toContain('(2,2)');
  });

  it("amend: the log records the proposal's repeal list", () => {
    const t = januaryGame();
    const d = t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    const amended = d.events.find((e) => e.type === 'ruleset-amended');
    expect(amended?.repeals).toEqual(JUNE_REPEALS);
    expect(amended?.from).toBe('grid-2002-01');
  });

  it('amend: after the amendment the June rules govern - moves are made when recognised', () => {
    const t = januaryGame();
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    nweek(t);
    t.act('carol', 'move', { x: 9, y: 9 });
    expect(locationOf(t.game.rules as JuneState, 'carol')).toEqual([9, 9]);
    t.act('bob', 'enter', { x: 1, y: 1 });
    t.expectConsistent();
  });

  it('amend: only the January text can be amended into the June text', () => {
    const t = januaryGame();
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    expect(t.refuseAdmin('amend', { ruleset: 'grid-2002-06' }).code).toBe('not-allowed');
    expect(t.refuseAdmin('amend', { ruleset: 'grid-2002-01' }).code).toBe('not-allowed');
    expect(t.refuseAdmin('amend', { ruleset: 'no-such' }).code).toBe('unknown-ruleset');
  });

  it('amend: each log line is described by the text in force when it was written', () => {
    const t = januaryGame();
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    nweek(t);
    t.act('carol', 'move', { x: 9, y: 9 });
    const text = t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
    expect(text).toContain('alice announces a move to (6,6).'); // January's words
    expect(text).toContain('carol moves towards (9,9).'); // June's
  });

  it('amend: only the Administrator amends', () => {
    const t = januaryGame();
    expect(t.refuse('alice', 'amend', { ruleset: 'grid-2002-06' }).code).toBe('not-allowed');
  });
});
