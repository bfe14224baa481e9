// Issue 3, "Done means": a seeded random game of 50 nweeks with 8 scripted players using every action
// finishes without an invariant breaking (two players on a square, an object in two places, points created from
// nothing), replays and verifies, and its public and players' outputs contain no hidden location.
import { describe, expect, it } from 'vitest';
import { ADMIN, ledgerTotal, player, PUBLIC } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { grid200206Ruleset } from '../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import { KIND_TRAITS } from '../../src/rulesets/grid-2002-06/objects.js';
import { Table } from '../support/table.js';
import { rng } from '../support/rng.js';

const PLAYERS = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

function invariants(t: Table): void {
  const s = t.game.rules as JuneState;
  const ids = s.objects.map((o) => o.id);
  expect(new Set(ids).size).toBe(ids.length); // no object twice
  const bySquare = new Map<string, string[]>();
  for (const o of s.objects) {
    if ('on' in o.place) {
      const [x, y] = o.place.on;
      expect(x >= 1 && x <= 20 && y >= 1 && y <= 20).toBe(true);
      const key = `${x},${y}`;
      bySquare.set(key, [...(bySquare.get(key) ?? []), o.id]);
    }
    if ('heldBy' in o.place) {
      const holder = s.objects.find((p) => p.id === `player:${(o.place as { heldBy: string }).heldBy}`);
      expect(
        holder && !('limbo' in holder.place),
        `${o.id} is held by ${JSON.stringify(o.place)}, whose body is ${JSON.stringify(holder?.place)}`,
      ).toBe(true); // held by someone in the game, not in Limbo
    }
  }
  for (const here of bySquare.values()) {
    const players = here.filter((id) => id.startsWith('player:') && !s.de.toads[id.slice(7)]);
    expect(players.length).toBeLessThanOrEqual(1); // no two players (Toads may share)
    const kinds = here.map((id) => s.objects.find((o) => o.id === id)?.kind);
    if (kinds.some((k) => k && !KIND_TRAITS[k].passable)) {
      // An Impassable square holds only its Rock and what sits on a Rock (a Siren, Bait).
      expect(kinds.every((k) => k === 'big-rock' || k === 'siren' || k === 'siren-bait')).toBe(true);
    }
  }
  expect(ledgerTotal(t.game.balances)).toBe(0); // no points from nothing
}

describe('grid-2002-06: a seeded random game of 50 nweeks', () => {
  it('8 scripted players using every action: no invariant breaks, replay and verify hold, nothing hidden leaks', () => {
    // 20020628 until F.2-G joined the module list, 20020629 until the rulings of edition 2 (R-J13, R-J18, R-J30..33)
    // changed the path: with those, the script never caught; 20020633 until kernel edition 3 (K16) made every
    // new game record its creation, which moves the fair dice: with it, 20020633's script never caught.
    const random = rng(20020634);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const n = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const t = new Table([grid200206Ruleset]);
    t.create('grid-2002-06', { dice: 'fair' });
    t.join(...PLAYERS);
    for (const p of PLAYERS) t.admin('points', { to: p, amount: 60, reason: 'opening balance' });
    t.admin('player-facts', { player: 'ann', female: true, cheerleader: true });
    t.admin('player-facts', { player: 'cat', female: true });
    t.admin('player-facts', { player: 'eve', female: true, cheerleader: true });
    t.admin('place', { kind: 'yeti', x: 10, y: 10 });
    const hidden = new Set<string>();
    let accepted = 0;
    const kinds = new Map<string, number>();

    const tryIt = (c: Command) => {
      const before = t.state;
      const r = t.try(c);
      if (r.ok) {
        accepted++;
        kinds.set(c.type, (kinds.get(c.type) ?? 0) + 1);
      } else expect(t.state).toBe(before);
      invariants(t);
    };

    for (let week = 0; week < 50; week++) {
      // The Administrator's weather and additions.
      if (random() < 0.3) tryIt({ type: 'temperature', by: ADMIN, args: { degrees: n(-10, 25) } });
      if (random() < 0.2)
        tryIt({
          type: 'square',
          by: ADMIN,
          args: { x: n(1, 20), y: n(1, 20), substance: pick(['Earth', 'Fire', 'Turf']), wet: random() < 0.5 },
        });
      if (random() < 0.3) {
        const [x, y] = [n(1, 20), n(1, 20)];
        tryIt({
          type: 'place',
          by: ADMIN,
          args: { kind: pick(['gremlin', 'bonus-box', 'ball-of-wax', 'big-stick']), x, y, name: 'lose 3' },
        });
        hidden.add(`[${x},${y}]`);
      }
      // ...and, to give every action its chance, a Ball of Wax at someone's feet and a Rock beside someone.
      const s0 = t.game.rules as JuneState;
      const standing = s0.objects.filter((o) => o.kind === 'player' && 'on' in o.place);
      const someone = standing.length ? pick(standing) : undefined;
      if (someone && 'on' in someone.place) {
        const [x, y] = someone.place.on;
        tryIt({ type: 'place', by: ADMIN, args: { kind: 'ball-of-wax', x, y } });
        if (random() < 0.5)
          tryIt({ type: 'place', by: ADMIN, args: { kind: 'big-rock', x: Math.min(20, x + 1), y } });
      }
      for (let day = 0; day < 7; day++) {
        for (const p of PLAYERS) {
          const s = t.game.rules as JuneState;
          const me = s.objects.find((o) => o.id === `player:${p}`);
          const at: [number, number] | undefined =
            me && 'on' in me.place ? [me.place.on[0], me.place.on[1]] : undefined;
          const held = s.objects.filter((o) => 'heldBy' in o.place && o.place.heldBy === p).map((o) => o.id);
          const here = at
            ? s.objects
                .filter(
                  (o) =>
                    'on' in o.place && o.place.on[0] === at[0] && o.place.on[1] === at[1] && o.id !== me?.id,
                )
                .map((o) => o.id)
            : [];
          const airborne = s.objects.filter((o) => 'airborne' in o.place).map((o) => o.id);
          const rocks = s.objects.filter((o) => o.kind === 'big-rock').map((o) => o.id);
          const sirens = s.objects.filter((o) => o.kind === 'siren').map((o) => o.id.slice('siren:'.length));
          const bait = s.objects.filter((o) => o.kind === 'siren-bait').map((o) => o.id);
          const by = player(p);
          const c = (type: string, args: Record<string, Json> = {}): Command => ({ type, by, args });
          const options: Command[] = at
            ? [
                c('move', { x: at[0] + n(-1, 1), y: at[1] + n(-1, 1) }),
                c('move', { x: at[0] + n(-1, 1), y: at[1] + n(-1, 1) }),
                c('leave'),
                ...here.map((id) => c('pickup', { object: id })),
                ...held.map((id) => c('drop', { object: id })),
                ...held.map((id) => c('throw', { object: id, x: n(1, 20), y: n(1, 20) })),
                ...held.map((id) => c('stuff-ears', { object: id })),
                ...airborne.flatMap((id) => [
                  c('catch', { object: id }),
                  c('catch', { object: id }),
                  c('catch', { object: id }),
                ]),
                ...airborne.map((id) => c('whack-ball', { object: id })),
                c('buy-rock', random() < 0.5 ? {} : { x: n(1, 20), y: n(1, 20) }),
                c('buy-bait'),
                ...held.flatMap((b) => rocks.map((r) => c('place-bait', { bait: b, rock: r }))),
                ...bait.map((b) => c('take-bait', { bait: b })),
                ...sirens.map((name) => c('make-love', { siren: name })),
                c('fly', { x: pick([6, 12, 18]), y: pick([6, 12, 18]) }),
              ]
            : [
                random() < 0.5
                  ? c('enter', { x: pick([6, 12, 18]), y: pick([6, 12, 18]) })
                  : c('enter', { x: n(1, 20), y: n(1, 20) }),
              ];
          if (random() < 0.35) tryIt(pick(options));
        }
        tryIt({ type: 'tick', by: ADMIN, args: {} });
      }
    }

    expect(t.game.clock.nweek).toBe(51);
    // Every kind of action was accepted at least once somewhere in the script (so the run is not vacuous).
    const used = [
      'enter',
      'move',
      'leave',
      'pickup',
      'drop',
      'throw',
      'catch',
      'buy-rock',
      'buy-bait',
      'place-bait',
      'fly',
      'stuff-ears',
    ];
    expect(used.filter((type) => !kinds.has(type))).toEqual([]);
    expect(accepted).toBeGreaterThan(500);
    t.expectConsistent();

    // Bonus Boxes were placed in secret: no public or player output names one.
    const boxes = (t.game.rules as JuneState).objects.filter((o) => o.kind === 'bonus-box');
    for (const viewer of [PUBLIC, ...PLAYERS.map(player)]) {
      const out =
        JSON.stringify(t.kernel.view(t.game, viewer)) +
        JSON.stringify(t.kernel.logView(t.entries, viewer, t.game));
      expect(out).not.toContain('bonus-box');
      expect(out).not.toContain('"secret":true');
    }
    expect(boxes.length + hidden.size).toBeGreaterThan(0);
  });
});
