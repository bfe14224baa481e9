// Issue 13, "Rules that confirm what is hidden" and "public ids": two June games that differ only in where
// (and whether) the Administrator put Bonus Boxes give every viewer but the Administrator the same views, the
// same log lines and the same refusals. Rulings R-J30 to R-J33 in docs/rulings.md. Manual dice throughout.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { postMessage } from '../../src/forum/index.js';
import type { Table } from '../support/table.js';
import { outsideView, refusal } from '../support/outside-view.js';
import { admin, newGame, openReferee } from '../forum/support.js';
import { june, give, place, points, rules, sq, toadMaker } from '../support/harness/june.js';

const VIEWERS: readonly Viewer[] = [PUBLIC, player('alice'), player('bob')];
/** Those whose Radar does not reach a Box beside alice (hers shows her where it is, G.1, not its id). */
const OTHERS: readonly Viewer[] = [PUBLIC, player('bob')];

/** Two games with the same public commands; `hide` is what only the Administrator does in the first. */
function twoGames(
  hide: (t: Table) => void,
  options: { toads?: boolean; stick?: [number, number] } = {},
): [Table, Table] {
  const make = (): Table => {
    const t = june({
      ...(options.toads ? { optional: [toadMaker] } : {}),
      stick: options.stick ?? [1, 1],
      players: { alice: [5, 5], bob: [10, 10] },
    });
    if (options.toads) {
      t.admin('enact', { module: 'test/toad-maker' });
      t.admin('toad', { player: 'alice' });
    }
    return t;
  };
  const a = make();
  hide(a);
  return [a, make()];
}

/** Three Boxes, none within the Radar (2 squares) of alice on (5,5) or bob on (10,10). */
const boxes = (t: Table): void => {
  place(t, 'bonus-box', 15, 3, '+5');
  place(t, 'bonus-box', 16, 16, '-2');
  place(t, 'bonus-box', 3, 17, 'a hat');
};

describe('R-J31 (issue 13, item 2): a command names no hidden object', () => {
  it('B.4 catch: `catch bonus-box:N` is refused as an unknown id whether or not Box N exists', () => {
    const [a, b] = twoGames(boxes);
    expect(rules(a).objects.some((o) => o.id === 'bonus-box:1')).toBe(true);
    for (const id of ['bonus-box:1', 'bonus-box:2', 'bonus-box:3', 'bonus-box:4']) {
      const inA = refusal(a.refuse('alice', 'catch', { object: id }));
      const inB = refusal(b.refuse('alice', 'catch', { object: id }));
      expect(inA).toBe(`unknown-object: there is no ${id}`);
      expect(inA).toBe(inB);
    }
    expect(outsideView(a, VIEWERS)).toBe(outsideView(b, VIEWERS));
  });

  it('B.3 pickup: a Toad standing on a Box is told there is no such object, as if there were none', () => {
    const hide = (t: Table): void => void place(t, 'bonus-box', 5, 5, '+5');
    const [a, b] = twoGames(hide, { toads: true });
    const inA = refusal(a.refuse('alice', 'pickup', { object: 'bonus-box:1' }));
    const inB = refusal(b.refuse('alice', 'pickup', { object: 'bonus-box:1' }));
    expect(inA).toBe('not-here: there is no bonus-box:1 on (5,5)');
    expect(inA).toBe(inB);
    expect(outsideView(a, OTHERS)).toBe(outsideView(b, OTHERS));
  });

  it('F.2 whack: a Box next to the Stick holder is refused in the words used for a name that is nothing', () => {
    const hide = (t: Table): void => void place(t, 'bonus-box', 6, 6, '+5');
    const [a, b] = twoGames(hide, { stick: [5, 5] });
    // (alice's Radar shows her the Box at (6,6): she may know it is there, but not its id.)
    const whack = (t: Table): string => {
      t.act('alice', 'pickup', { object: 'big-stick' });
      return refusal(t.refuse('alice', 'whack', { target: 'bonus-box:1' }));
    };
    const [inA, inB] = [whack(a), whack(b)];
    expect(inA).toBe('bad-target: a Whack is for a player or a Gremlin; there is no such bonus-box:1');
    expect(inA).toBe(inB);
    expect(outsideView(a, OTHERS)).toBe(outsideView(b, OTHERS));
  });

  it('forum text: "I will catch bonus-box:1" gets the same answer whether or not the Box exists', async () => {
    const answers: unknown[] = [];
    for (const withBox of [true, false]) {
      const r = openReferee();
      await newGame(r, 'g1', 'grid-2002-06', ['alice'], [sq(1, 1), sq(1, 2), sq(20, 20)]);
      if (withBox) await admin(r, 'g1', 'place', { kind: 'bonus-box', x: 9, y: 9, name: '+5' });
      const results = await postMessage(r, 'g1', 'alice', 'I will catch bonus-box:1.');
      answers.push(results.map((x) => [x.status, x.error]));
    }
    expect(answers[0]).toEqual([
      ['rejected', { code: 'unknown-object', message: 'there is no bonus-box:1' }],
    ]);
    expect(answers[0]).toEqual(answers[1]);
  });
});

describe('R-J30 (issue 13, item 1): a public id counts only public objects', () => {
  it('E.1: the first Big Rock bought is numbered the same with three Boxes hidden or none', () => {
    const [a, b] = twoGames(boxes);
    for (const t of [a, b]) {
      give(t, 'alice', 40);
      // 10+5d3 = 15, then the Siren's 1d6: none.
      t.act('alice', 'buy-rock', { x: 3, y: 3 }, [1, 1, 1, 1, 1, 1]);
    }
    const rock = (t: Table) => rules(t).objects.find((o) => o.kind === 'big-rock')?.id;
    expect(rock(a)).toBe(rock(b));
    expect(outsideView(a, VIEWERS)).toBe(outsideView(b, VIEWERS));
    // The Boxes have their own count, which only the Administrator sees.
    expect(
      rules(a)
        .objects.filter((o) => o.kind === 'bonus-box')
        .map((o) => o.id),
    ).toEqual(['bonus-box:1', 'bonus-box:2', 'bonus-box:3']);
    a.expectConsistent();
  });
});

describe('R-J32 (issue 13, item 2): the size of a public draw counts only what the public sees', () => {
  it('E.1 "placed randomly": the square is drawn in secret, and the public lines are the same with Boxes hidden or none', () => {
    const [a, b] = twoGames(boxes);
    for (const t of [a, b]) give(t, 'alice', 40);
    // 5+5d3 = 10; the square: the last vacant one, (20,19) (the Ball of Wax is on (20,20)), which is a
    // different result in each game since the vacant squares differ; then the Siren's 1d6.
    const vacant = (t: Table): number =>
      400 - new Set(rules(t).objects.flatMap((o) => ('on' in o.place ? [o.place.on.join()] : []))).size;
    const da = a.act('alice', 'buy-rock', {}, [1, 1, 1, 1, 1, vacant(a), 1]);
    const db = b.act('alice', 'buy-rock', {}, [1, 1, 1, 1, 1, vacant(b), 1]);
    expect(vacant(a)).toBe(vacant(b) - 3);
    for (const d of [da, db]) {
      const drawn = d.events.find((e) => e.type === 'rock-square-drawn');
      expect(drawn).toMatchObject({ vis: 'admin', at: [20, 19] });
      expect(drawn?.rolls?.[0]).toMatchObject({ secret: true });
      const chosen = d.events.find((e) => e.type === 'rock-square-chosen');
      expect(chosen).toEqual({ type: 'rock-square-chosen', vis: 'public', at: [20, 19] });
    }
    const lines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
    expect(lines(a)).toContain('The Big Rock will go to (20,19).');
    expect(lines(a).join('\n')).not.toContain('choice of');
    expect(outsideView(a, VIEWERS)).toBe(outsideView(b, VIEWERS));
    a.expectConsistent();
    b.expectConsistent();
  });

  it('edition 1: a game created before R-J32 still draws in public over every vacant square, and verifies', () => {
    const t = june({ edition: 1, players: { alice: [5, 5] } });
    place(t, 'bonus-box', 15, 3, '+5');
    give(t, 'alice', 40);
    const d = t.act('alice', 'buy-rock', {}, [1, 1, 1, 1, 1, 1, 1]);
    const chosen = d.events.find((e) => e.type === 'rock-square-chosen');
    expect(chosen?.vis).toBe('public');
    // 400 squares less alice, the Big Stick, the Shield, the Ball of Wax and the Box.
    expect(chosen?.rolls?.[0]).toMatchObject({ expr: 'choice of 395', secret: false });
    expect(d.events.some((e) => e.type === 'rock-square-drawn')).toBe(false);
    // ...and its ids counted the Box: alice's body was made 1st, the Box 2nd, so the Rock is the 3rd.
    expect(rules(t).objects.find((o) => o.kind === 'big-rock')?.id).toBe('big-rock:3');
    t.expectConsistent();
  });
});

describe('R-J33 (issue 13, item 2): a Big Rock bought for a square that holds a hidden Box', () => {
  it('E.1 "cannot be placed in the location the purchasing Player specified": the text forces the failure; the public line is the one any occupied square gives', () => {
    const a = june({ players: { alice: [5, 5], bob: [10, 10] } });
    place(a, 'bonus-box', 16, 16, '+5');
    give(a, 'alice', 40);
    a.act('alice', 'buy-rock', { x: 16, y: 16 }, [1, 1, 1, 1, 1]);
    // The same purchase for bob's square, which everyone sees occupied.
    const b = june({ players: { alice: [5, 5], bob: [10, 10] }, points: { alice: 40 } });
    b.act('alice', 'buy-rock', { x: 10, y: 10 }, [1, 1, 1, 1, 1]);
    const failure = (t: Table): string | undefined =>
      t.kernel
        .logView(t.entries, PUBLIC, t.game)
        .map((l) => l.text)
        .find((l) => l.includes('cannot buy'));
    expect(failure(a)).toBe(
      'alice cannot buy the Big Rock ((16,16) is neither vacant nor a Big Rock) and loses 15 points.',
    );
    expect(failure(b)).toBe(
      'alice cannot buy the Big Rock ((10,10) is neither vacant nor a Big Rock) and loses 15 points.',
    );
    expect(points(a, 'alice')).toBe(25);
    // Nothing public names the Box or what it holds.
    const out = outsideView(a, VIEWERS);
    expect(out).not.toContain('bonus-box');
    expect(out).not.toContain('Bonus Box');
    expect(out).not.toContain('+5');
  });
});
