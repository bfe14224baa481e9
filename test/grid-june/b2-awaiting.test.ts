// Issue 14, who is missing, for the June Grid (seeds/000_e22677692262c4ad.txt). B.2: "Once per nweek, any
// Player on the Grid may announce that e intends to move"; F.1: a Toad "may not make a move of eir own free
// will". The wait is for the Players on the Grid who are not Toads, until the nweek's end.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import { june, place, rules, sq, toadMaker } from '../support/harness/june.js';

describe('B.2 Movement: "Once per nweek, any Player on the Grid may announce" (issue 14, who is missing)', () => {
  it("B.2: Players on the Grid are awaited until the nweek's last nday; a move marks its Player done", () => {
    const t = june({ players: { alice: [5, 5], bob: [10, 10], carol: null } });
    expect(t.kernel.awaiting(t.game)).toEqual({
      what: 'moves for nweek 1',
      players: [
        { name: 'alice', done: false },
        { name: 'bob', done: false },
      ],
      until: { nweek: 1, nday: 7 },
      how: expect.stringContaining('move X Y') as string,
      late: expect.any(String) as string,
    });
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(t.kernel.awaiting(t.game)?.players).toEqual([
      { name: 'alice', done: true },
      { name: 'bob', done: false },
    ]);
    t.admin('tick', { nweek: true }, [sq(20, 19)]); // F.4: nweek 2's Ball of Wax
    expect(t.kernel.awaiting(t.game)).toMatchObject({
      what: 'moves for nweek 2',
      until: { nweek: 2, nday: 7 },
    });
    expect(t.kernel.awaiting(t.game)?.players.every((p) => !p.done)).toBe(true);
  });

  it('F.1 Toads: "E may not make a move of eir own free will", so a Toad is not awaited', () => {
    const t = june({ optional: [toadMaker], players: { alice: [5, 5], bob: [10, 10] } });
    t.admin('enact', { module: 'test/toad-maker' });
    t.admin('toad', { player: 'alice' });
    expect(t.kernel.awaiting(t.game)?.players).toEqual([{ name: 'bob', done: false }]);
  });

  it('Non-interference: two games differing only in hidden Bonus Boxes give the same awaiting to every viewer', () => {
    const make = () => june({ players: { alice: [5, 5], bob: [10, 10] } });
    const a = make();
    const b = make();
    place(a, 'bonus-box', 15, 3, '+5');
    place(a, 'bonus-box', 3, 17, 'a hat');
    for (const t of [a, b]) t.act('bob', 'move', { x: 11, y: 11 });
    expect(rules(a).objects.length).not.toBe(rules(b).objects.length);
    expect(a.kernel.awaiting(a.game)).toEqual(b.kernel.awaiting(b.game));
    for (const v of [PUBLIC, player('alice'), player('bob')])
      expect(a.view(v).awaiting).toEqual(b.view(v).awaiting);
  });
});
