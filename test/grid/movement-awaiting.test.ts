// Issue 14, who is missing, for "The Grid" (seeds/001_c10abc9f4ae4b583.txt): "Once per week, any Player on the
// Grid may announce that e intends to move ... Moves on the Grid happen at the end of the nweek". The wait is
// for the Players on the Grid, each done once e has announced, until the nweek's end; never where to.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Table } from '../support/table.js';
import { FAR, grid as harness } from '../support/harness/grid.js';

/** alice at (5,5), bob at (8,8), carol in Limbo; nweeks of five ndays; the Things far away unless `rolls` say. */
const grid = (rolls: readonly number[] = FAR): Table =>
  harness({ rolls, ndays: 5, players: { alice: [5, 5], bob: [8, 8], carol: null } });

describe('Movement: "Once per week, any Player on the Grid may announce that e intends to move" (issue 14, who is missing)', () => {
  it("Movement: the Players on the Grid are awaited until the nweek's last nday; an announcement marks its Player done", () => {
    const t = grid();
    expect(t.kernel.awaiting(t.game)).toEqual({
      what: 'move announcements for nweek 1',
      players: [
        { name: 'alice', done: false },
        { name: 'bob', done: false },
      ],
      until: { nweek: 1, nday: 5 },
      how: expect.stringContaining('move X Y') as string,
      late: expect.any(String) as string,
    });
    t.act('bob', 'move', { x: 9, y: 9 });
    expect(t.kernel.awaiting(t.game)?.players).toEqual([
      { name: 'alice', done: false },
      { name: 'bob', done: true },
    ]);
    // carol, in Limbo, may enter at any time: she is awaited once she is on the Grid.
    t.act('carol', 'enter', { x: 12, y: 12 });
    expect(t.kernel.awaiting(t.game)?.players.map((p) => p.name)).toEqual(['alice', 'bob', 'carol']);
    // The nweek's end makes the moves; the next nweek waits for everyone again.
    t.tick(true);
    expect(t.kernel.awaiting(t.game)).toMatchObject({
      what: 'move announcements for nweek 2',
      until: { nweek: 2, nday: 5 },
    });
    expect(t.kernel.awaiting(t.game)?.players.every((p) => !p.done)).toBe(true);
  });

  it("Movement: every viewer's view carries the same awaiting, and it never says where a move goes", () => {
    const t = grid();
    t.act('alice', 'move', { x: 6, y: 6 });
    const views = [PUBLIC, player('alice'), player('bob')].map((v) => t.view(v).awaiting);
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
    expect(JSON.stringify(views[0])).not.toContain('6');
  });

  it('R8: a Player who left the Grid is not awaited; the withdrawn move still counts if e comes back this nweek', () => {
    const t = grid();
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('alice', 'leave');
    expect(t.kernel.awaiting(t.game)?.players.map((p) => p.name)).toEqual(['bob']);
    t.act('alice', 'enter', { x: 3, y: 3 });
    expect(t.kernel.awaiting(t.game)?.players).toContainEqual({ name: 'alice', done: true });
  });

  it('Non-interference: two games differing only in where the Things are give the same awaiting', () => {
    const a = grid();
    const b = grid([...FAR.slice(10), ...FAR.slice(0, 10)]);
    for (const t of [a, b]) {
      t.act('alice', 'move', { x: 6, y: 6 });
      t.tick();
    }
    expect(a.game.rules).not.toEqual(b.game.rules);
    expect(a.kernel.awaiting(a.game)).toEqual(b.kernel.awaiting(b.game));
    expect(a.view(PUBLIC).awaiting).toEqual(b.view(PUBLIC).awaiting);
  });
});
