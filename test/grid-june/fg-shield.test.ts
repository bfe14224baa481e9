// F.3 The Shield (grid-2002-06, seeds/000_e22677692262c4ad.txt), with supplied dice. Rulings FG-1 to FG-3 and
// FG-17: docs/rulings-grid-june-fg.md.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import type { Table } from '../support/table.js';
import { at, destroyer, eventTypes, june, give, placeOf, rules, sq } from '../support/harness/june.js';

/** alice at (5,5) holding the Big Stick; bob at `bobAt` holding the Shield. */
function shielded(aliceAt: [number, number] = [5, 5], bobAt: [number, number] = [6, 6]): Table {
  const t = june({ stick: aliceAt, shield: bobAt, players: { alice: aliceAt, bob: bobAt } });
  t.act('alice', 'pickup', { object: 'big-stick' });
  t.act('bob', 'pickup', { object: 'shield' });
  return t;
}

describe('F.3 The Shield: "If at any time there is no Shield, the Shield is placed on a random legal square"', () => {
  it('F.3: the game starts with the Shield on a random legal square, in public', () => {
    const t = june({ stick: [1, 1], shield: [17, 2] });
    expect(placeOf(t, 'shield')).toEqual({ on: [17, 2] });
    const line = t.kernel
      .logView(t.entries, PUBLIC, t.game)
      .find((l) => l.type === 'placed-at-random' && l.text.includes('Shield'));
    expect(line?.text).toBe('The Shield is placed at (17,2) (there was no Shield).');
    t.expectConsistent();
  });

  it('F.3: a Shield that ceases to exist is replaced at once on a random legal square', () => {
    const t = june({ optional: [destroyer] });
    t.admin('enact', { module: 'test/destroy' });
    t.admin('destroy', { id: 'shield' }, [sq(8, 3)]);
    expect(placeOf(t, 'shield')).toEqual({ on: [8, 3] });
    t.expectConsistent();
  });

  it('F.3: the Shield is Passable and Carryable: a player may stand on it, pick it up, and carry it', () => {
    const t = june({ shield: [4, 4], players: { bob: [4, 4] } });
    t.act('bob', 'pickup', { object: 'shield' });
    t.act('bob', 'move', { x: 5, y: 5 });
    expect(placeOf(t, 'shield')).toEqual({ heldBy: 'bob' });
  });
});

describe('F.3: "the Whacking/Shooting player is moved two spaces away from the player with the Shield, who is not moved"', () => {
  it('F.3: a Whack at the player with the Shield moves the Whacker two spaces away; the Shielded player stays and is not Dizzy', () => {
    const t = shielded();
    // The Shield is spent and a new one placed at (15,15) (FG-3); then the Big Stick reappears at (10,10) (F.2).
    const d = t.act('alice', 'whack', { target: 'bob' }, [sq(15, 15), sq(10, 10)]);
    expect(at(t, 'alice')).toEqual([3, 3]);
    expect(at(t, 'bob')).toEqual([6, 6]);
    expect(rules(t).fg.dizzy).toEqual([]);
    expect(eventTypes(d.events).slice(2)).toEqual([
      'whacked',
      'shield-reflects',
      'object-moved',
      'object-moved',
      'object-removed',
      'placed-at-random',
      'big-stick-reappears',
      'object-moved',
    ]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [10, 10] });
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      "bob's Shield turns back alice's Whack: alice is moved two spaces away, bob is not moved, and the Shield is spent.",
    );
    t.expectConsistent();
  });

  it('F.3: "and the Shield is then [destroyed]" - it leaves bob, and a Shield is placed on a random legal square (FG-3)', () => {
    const t = shielded();
    t.act('alice', 'whack', { target: 'bob' }, [sq(15, 15), sq(10, 10)]);
    const shields = rules(t).objects.filter((o) => o.kind === 'shield');
    expect(shields.map((o) => o.place)).toEqual([{ on: [15, 15] }]);
    // The new Shield protects no one until it is picked up: a second Whack knocks bob away.
    const stick = 'big-stick';
    t.act('bob', 'move', { x: 5, y: 5 });
    t.act('alice', 'move', { x: 4, y: 4 });
    t.admin('place', { kind: 'big-stick', x: 4, y: 4 });
    t.act('alice', 'pickup', { object: `big-stick:${rules(t).made}` });
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 20)]);
    expect(at(t, 'bob')).toEqual([7, 7]);
    expect(placeOf(t, stick)).toEqual({ on: [10, 10] });
    t.expectConsistent();
  });

  it("F.3: the Whacker's two spaces are Moves: they stop at the edge of the Grid", () => {
    const t = shielded([2, 2], [3, 3]);
    const d = t.act('alice', 'whack', { target: 'bob' }, [sq(15, 15), sq(10, 10)]);
    expect(at(t, 'alice')).toEqual([1, 1]);
    expect(d.events.find((e) => e.type === 'push-stopped')).toMatchObject({ id: 'player:alice', at: [1, 1] });
  });

  it("F.3: a Shield lying on the player's square, not possessed, protects no one", () => {
    const t = june({ stick: [5, 5], shield: [6, 6], players: { alice: [5, 5], bob: [6, 6] } });
    t.act('alice', 'pickup', { object: 'big-stick' });
    t.act('alice', 'whack', { target: 'bob' }, [sq(10, 10)]);
    expect(at(t, 'bob')).toEqual([8, 8]);
    expect(placeOf(t, 'shield')).toEqual({ on: [6, 6] });
  });

  it('F.3: a Pinball shot at the player with the Shield moves the Shooter two spaces away; nothing in the square moves; the Gun is spent', () => {
    const t = june({ stick: [6, 5], shield: [6, 5], players: { alice: [5, 5], bob: [6, 5] } });
    t.act('bob', 'pickup', { object: 'shield' });
    give(t, 'alice', 2);
    t.act('alice', 'buy-gun');
    const d = t.act('alice', 'fire', { x: 6, y: 5 }, [sq(12, 1)]);
    expect(at(t, 'alice')).toEqual([3, 5]);
    expect(at(t, 'bob')).toEqual([6, 5]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [6, 5] });
    expect(placeOf(t, 'shield')).toEqual({ on: [12, 1] });
    expect(rules(t).fg.guns).toEqual([]);
    expect(d.events.find((e) => e.type === 'shield-reflects')).toMatchObject({
      how: 'shot',
      attacker: 'alice',
    });
    t.expectConsistent();
  });

  it('F.3 repealed: the rules no longer answer that bob has a Shield, so the Whack knocks him away (precedence)', () => {
    const t = shielded();
    t.admin('repeal', { module: 'shield' });
    t.act('alice', 'whack', { target: 'bob' }, [sq(10, 10)]);
    expect(at(t, 'bob')).toEqual([8, 8]);
    expect(placeOf(t, 'shield')).toEqual({ heldBy: 'bob' });
  });
});
