// Scenario tests for grid-2002-06 (seeds/000_e22677692262c4ad.txt), sections A.1-A.3 and B-B.3, each named
// after its section. Dice are supplied.
import { describe, expect, it } from 'vitest';
import { ADMIN, BANK, erase, player, PUBLIC } from '../../src/core/index.js';
import type { Json, RuleModule } from '../../src/core/index.js';
import { grid200206 } from '../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import { Table } from '../support/table.js';
import { at, june as harness, nweek, ORIGIN, place, rules } from '../support/harness/june.js';
import type { JunePosition } from '../support/harness/june.js';

/** A June game with the Big Stick, the Shield and the Ball of Wax all on (1,1) (F.2, F.3, F.4), in the position given. */
const june = (position: JunePosition = {}): Table => harness({ ...ORIGIN, ...position });
const square = (t: Table, x: number, y: number) => rules(t).squares[`${x},${y}`];

describe('A.1 The Grid: "20 units wide by 20 units tall"', () => {
  it.each([
    [0, 1],
    [21, 20],
    [1, 0],
    [20, 21],
  ])('A.1: (%i,%i) is not a square of the Grid', (x, y) => {
    const t = june({ players: { alice: null } });
    expect(t.refuse('alice', 'enter', { x, y }).code).toBe('off-grid');
  });
});

describe('A.2 Grid Objects: Mobile or Stationary, Passable or Impassable', () => {
  it('A.2: no other Grid Object may enter the square of an Impassable object', () => {
    const t = june({ players: { alice: null }, objects: [['big-rock', 5, 5]] });
    expect(t.refuse('alice', 'enter', { x: 5, y: 5 }).message).toContain('Impassable');
  });

  it('A.2: a Move into an Impassable object fails and the player stays (R-J1)', () => {
    const t = june({ players: { alice: [5, 5] }, objects: [['big-rock', 6, 6]] });
    const d = t.act('alice', 'move', { x: 6, y: 6 });
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(d.events.map((e) => e.type)).toContain('move-failed');
  });

  it('A.2: a Move off the edge of the Grid fails and the player stays (R-J1)', () => {
    const t = june({ players: { alice: [1, 1] } });
    t.act('alice', 'move', { x: 0, y: 1 });
    expect(at(t, 'alice')).toEqual([1, 1]);
  });

  it('A.2: "All Grid Objects are Passable MOs unless otherwise specified" - a player may stand on a Passable object', () => {
    const t = june({
      players: { alice: [5, 5] },
      objects: [
        ['gremlin', 5, 5],
        ['radar-tower', 6, 6],
      ],
    });
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(at(t, 'alice')).toEqual([6, 6]);
  });

  it('B: "no two players may ever occupy the same square"', () => {
    const t = june({ players: { alice: [5, 5], bob: null } });
    expect(t.refuse('bob', 'enter', { x: 5, y: 5 }).code).toBe('occupied');
    t.act('bob', 'enter', { x: 6, y: 6 });
    t.act('bob', 'move', { x: 5, y: 5 });
    expect(at(t, 'bob')).toEqual([6, 6]);
  });
});

describe('A.3 Grid Squares: Substance, Depth, Wet, Frozen and the temperature', () => {
  it('A.3.1: "All squares are of substance Turf if no other substance has been given"', () => {
    const t = june();
    expect(square(t, 3, 3)).toBeUndefined();
    t.admin('square', { x: 3, y: 3, substance: 'Earth', depth: -2 });
    expect(square(t, 3, 3)).toEqual({ substance: 'Earth', depth: -2, wet: false, frozen: false });
  });

  it('A.3.1: "If a square of Substance of Earth becomes Wet, its substance becomes Mud"', () => {
    const t = june();
    t.admin('square', { x: 3, y: 3, substance: 'Earth' });
    t.admin('square', { x: 3, y: 3, wet: true });
    expect(square(t, 3, 3)?.substance).toBe('Mud');
  });

  it('A.3.1: below zero all Wet squares become Frozen; above zero Frozen squares become Wet; above 20 Wet squares dry', () => {
    const t = june();
    t.admin('square', { x: 3, y: 3, wet: true });
    t.admin('temperature', { degrees: -5 });
    expect(square(t, 3, 3)).toMatchObject({ wet: false, frozen: true });
    t.admin('temperature', { degrees: 5 });
    expect(square(t, 3, 3)).toMatchObject({ wet: true, frozen: false });
    t.admin('temperature', { degrees: 25 });
    expect(square(t, 3, 3)).toBeUndefined();
  });

  it('A.3.1: a square made Wet while it is below zero freezes at once', () => {
    const t = june();
    t.admin('temperature', { degrees: -1 });
    t.admin('square', { x: 4, y: 4, wet: true });
    expect(square(t, 4, 4)).toMatchObject({ wet: false, frozen: true });
  });

  it('A.3.1: "When a player enters a square of Fire, e loses 2d5 points"', () => {
    const t = june({ players: { alice: null } });
    t.admin('square', { x: 6, y: 6, substance: 'Fire' });
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.act('alice', 'move', { x: 6, y: 6 }, [3, 4]);
    expect(t.game.balances.alice).toBe(-7);
    expect(t.game.balances[BANK]).toBe(7);
  });

  it('A.3.1: an MO entering a Frozen square "is immediately moved an additional unit in the same direction"', () => {
    const t = june({ players: { alice: null } });
    t.admin('temperature', { degrees: -3 });
    t.admin('square', { x: 6, y: 6, frozen: true });
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(at(t, 'alice')).toEqual([7, 7]);
  });

  it('A.3.1: the extra unit is not moved if it is not possible (an Impassable object), and the player stays on the ice', () => {
    const t = june({ players: { alice: null } });
    t.admin('temperature', { degrees: -3 });
    t.admin('square', { x: 6, y: 5, frozen: true });
    place(t, 'big-rock', 7, 5);
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(at(t, 'alice')).toEqual([6, 5]);
  });

  it('A.3.1: a slide onto another Frozen square slides on again (R-J5)', () => {
    const t = june({ players: { alice: null } });
    t.admin('temperature', { degrees: -3 });
    t.admin('square', { x: 6, y: 5, frozen: true });
    t.admin('square', { x: 7, y: 5, frozen: true });
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(at(t, 'alice')).toEqual([8, 5]);
  });

  it('A.3.1: entering the Grid onto a Frozen square does not slide: it is not "from any consecutive square"', () => {
    const t = june({ players: { alice: null } });
    t.admin('temperature', { degrees: -3 });
    t.admin('square', { x: 6, y: 5, frozen: true });
    t.act('alice', 'enter', { x: 6, y: 5 });
    expect(at(t, 'alice')).toEqual([6, 5]);
  });
});

describe('B.1 Entrance', () => {
  it('B.1: "A Player may enter the Grid at any legal location", at once', () => {
    const t = june({ players: { alice: null } });
    expect(at(t, 'alice')).toBeNull();
    t.act('alice', 'enter', { x: 12, y: 3 });
    expect(at(t, 'alice')).toEqual([12, 3]);
    expect(t.refuse('alice', 'enter', { x: 1, y: 1 }).code).toBe('already-on-grid');
  });

  it('B.1: "A Player cannot enter the Grid if there are fewer than two unoccupied locations on the Grid"', () => {
    const t = june();
    const names = Array.from({ length: 400 }, (_, i) => `p${i}`);
    t.join(...names);
    // 398 players fill all but two squares; the 399th may still enter (two unoccupied); the 400th may not.
    let i = 0;
    for (let x = 1; x <= 20; x++) {
      for (let y = 1; y <= 20; y++) {
        if (i < 399) t.act(names[i] as string, 'enter', { x, y });
        i++;
      }
    }
    expect(t.refuse('p399', 'enter', { x: 20, y: 20 }).code).toBe('grid-full');
  });
});

describe('B.2 Movement: "Once per nweek ... Moves on the Grid happen when they are recognized by the Administrator"', () => {
  it('B.2: a move is made when the referee accepts (recognises) it, not at the end of the nweek (R-J2)', () => {
    const t = june({ players: { alice: [5, 5] } });
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(at(t, 'alice')).toEqual([6, 5]);
  });

  it('B.2: once per nweek - a second move in the same nweek is refused, the next nweek allows one', () => {
    const t = june({ players: { alice: [5, 5] } });
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(t.refuse('alice', 'move', { x: 7, y: 5 }).code).toBe('already-moved');
    nweek(t);
    t.act('alice', 'move', { x: 7, y: 5 });
    expect(at(t, 'alice')).toEqual([7, 5]);
  });

  it('B.2: "only ... to any of the units surrounding eir current location"', () => {
    const t = june({ players: { alice: [5, 5] } });
    expect(t.refuse('alice', 'move', { x: 7, y: 5 }).code).toBe('illegal-move');
    expect(t.refuse('alice', 'move', { x: 5, y: 5 }).code).toBe('illegal-move');
  });

  it("B.2: a failed Move still uses the nweek's move (the announcement was made and recognised)", () => {
    const t = june({ players: { alice: [5, 5], bob: [6, 5] } });
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(t.refuse('alice', 'move', { x: 4, y: 5 }).code).toBe('already-moved');
  });
});

describe('B.3 Inventory', () => {
  it('B.3: a player on the square of a carryable object may pick it up; it travels with em; e may drop it', () => {
    const t = june({
      players: { alice: [5, 5] },
      objects: [['big-stick', 5, 5]],
      holding: { alice: ['big-stick:2'] },
    });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('alice', 'drop', { object: 'big-stick:2' });
    const stick = rules(t).objects.find((o) => o.id === 'big-stick:2');
    expect(stick?.place).toEqual({ on: [6, 6] });
  });

  it('B.3: an object on another square cannot be picked up', () => {
    const t = june({ players: { alice: [5, 5] }, objects: [['shield', 9, 9]] });
    expect(t.refuse('alice', 'pickup', { object: 'shield:2' }).code).toBe('not-here');
  });

  it('B.3: "Only Passable MOs may be carryable" - a Radar Tower (a Stationary object) cannot be carried', () => {
    const t = june({ players: { alice: [5, 5] }, objects: [['radar-tower', 5, 5]] });
    expect(t.refuse('alice', 'pickup', { object: 'radar-tower:2' }).code).toBe('not-carryable');
  });

  it('B.3: "If a player leaves the grid, e first drops all carryable objects in eir possession"', () => {
    const t = june({
      players: { alice: [5, 5] },
      objects: [
        ['big-stick', 5, 5],
        ['shield', 5, 5],
      ],
      holding: { alice: ['big-stick:2', 'shield:3'] },
    });
    t.act('alice', 'leave');
    for (const id of ['big-stick:2', 'shield:3'])
      expect(rules(t).objects.find((o) => o.id === id)?.place).toEqual({ on: [5, 5] });
    expect(at(t, 'alice')).toBeNull();
    t.expectConsistent();
  });

  it('B.3: a player cannot drop what e does not hold', () => {
    const t = june({ players: { alice: [5, 5] }, objects: [['big-stick', 5, 5]] });
    expect(t.refuse('alice', 'drop', { object: 'big-stick:2' }).code).toBe('not-held');
  });
});

// C: "This section, and all sections preceding it in this rule, defer to any and all rules or sections of rules
// which contradict it." A test-only rule, enacted mid-game: the Big Stick may only be carried by Football players.
const footballStick: RuleModule<JuneState> = {
  id: 'test/football-stick',
  section: 'Football Sticks (a test rule)',
  text: 'The Big Stick may only be carried by Football players.',
  answers: {
    'may-pick-up'(ctx, q: Json) {
      const { player: name, object } = q as { player: string; object: string };
      if (!object.startsWith('big-stick')) return undefined;
      return ctx.rules.players[name]?.football ? true : 'only Football players may carry the Big Stick';
    },
  },
};

describe('C Deference: the sections above defer to any rule that contradicts them', () => {
  it('C: a rule enacted mid-game that restricts carrying the Big Stick to Football players prevails over B.3', () => {
    const t = new Table([erase({ ...grid200206, id: 'june-test', optional: [footballStick] })]);
    t.create('june-test', { rolls: [1, 1, 1] });
    t.join('alice', 'bob');
    place(t, 'big-stick', 5, 5);
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.admin('enact', { module: 'test/football-stick' });
    expect(t.refuse('alice', 'pickup', { object: 'big-stick:3' }).message).toContain('Football');
    t.admin('player-facts', { player: 'alice', football: true });
    t.act('alice', 'pickup', { object: 'big-stick:3' });
    expect(rules(t).objects.find((o) => o.id === 'big-stick:3')?.place).toEqual({ heldBy: 'alice' });
    t.expectConsistent();
  });
});

describe('Visibility', () => {
  it('a Bonus Box placed by the Administrator is seen by no one else, in views or the log', () => {
    const t = june({ players: { alice: null }, objects: [['bonus-box', 7, 7]] });
    expect(JSON.stringify(t.view(ADMIN))).toContain('bonus-box');
    for (const viewer of [PUBLIC, player('alice')]) {
      expect(JSON.stringify(t.view(viewer))).not.toContain('bonus-box');
      expect(JSON.stringify(t.kernel.logView(t.entries, viewer))).not.toContain('bonus-box');
    }
  });
});
