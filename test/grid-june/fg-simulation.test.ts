// F.2, F.3 and G under random play: a seeded game of 30 nweeks, 8 scripted players Whacking, shooting, building
// Radar Towers and walking into Bonus Boxes, with fair dice. No invariant breaks, replay and verify hold, and no
// Box that is still hidden is named or typed in any output but the Administrator's.
import { describe, expect, it } from 'vitest';
import { ADMIN, ledgerTotal, player, PUBLIC } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import { Table } from '../support/table.js';
import { rng } from '../support/rng.js';
import { juneRuleset } from '../support/harness/june.js';

const PLAYERS = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'];

function invariants(t: Table): void {
  const s = t.game.rules as JuneState;
  const ids = s.objects.map((o) => o.id);
  expect(new Set(ids).size).toBe(ids.length);
  // "There exists ... the Big Stick" / "the Shield": at every moment, at least one of each.
  expect(s.objects.some((o) => o.kind === 'big-stick')).toBe(true);
  expect(s.objects.some((o) => o.kind === 'shield')).toBe(true);
  const players = new Map<string, string>();
  for (const o of s.objects) {
    if (o.kind !== 'player' || !('on' in o.place) || s.de.toads[o.id.slice(7)]) continue;
    const key = o.place.on.join(',');
    expect(players.get(key), `${o.id} shares ${key}`).toBeUndefined();
    players.set(key, o.id);
  }
  // A Gremlin knocked off the Grid waits in Limbo; no Bonus Box stands under a player who could open it.
  for (const id of s.fg.knockedOff)
    expect(s.objects.find((o) => o.id === id)?.place).toEqual({ limbo: true });
  for (const o of s.objects)
    if (o.kind === 'bonus-box' && 'on' in o.place) expect(players.has(o.place.on.join(','))).toBe(false);
  for (const p of s.fg.guns) expect(PLAYERS).toContain(p);
  expect(ledgerTotal(t.game.balances)).toBe(0);
}

describe('F.2, F.3, G: a seeded random game of 30 nweeks', () => {
  it('8 scripted players Whacking, shooting, building and opening Boxes: invariants hold, replay and verify, no hidden Box leaks', () => {
    // The seed is one whose game reaches every event counted below (the ids of edition 2, R-J30, changed the path).
    const random = rng(2002_07_01);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const n = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    const t = new Table([juneRuleset()]);
    t.create('grid-2002-06', { dice: 'fair' });
    t.join(...PLAYERS);
    for (const p of PLAYERS) t.admin('points', { to: p, amount: 40, reason: 'opening balance' });
    const kinds = new Map<string, number>();
    let boxes = 0;
    const tryIt = (c: Command) => {
      const before = t.state;
      const r = t.try(c);
      if (r.ok) kinds.set(c.type, (kinds.get(c.type) ?? 0) + 1);
      else expect(t.state).toBe(before);
      invariants(t);
    };

    for (let week = 0; week < 30; week++) {
      for (let k = 0; k < 2; k++) {
        const effect = pick(['+3', '-2', '+1d6', '-1d4', 'a hat']);
        boxes++;
        tryIt({
          type: 'place',
          by: ADMIN,
          args: { kind: 'bonus-box', x: n(1, 20), y: n(1, 20), name: `${effect} FX${boxes}` },
        });
      }
      if (random() < 0.4)
        tryIt({ type: 'place', by: ADMIN, args: { kind: 'gremlin', x: n(1, 20), y: n(1, 20) } });
      const gremlins = (t.game.rules as JuneState).objects
        .filter((o) => o.kind === 'gremlin')
        .map((o) => o.id);
      if (gremlins.length && random() < 0.2)
        tryIt({
          type: 'gremlin-active',
          by: ADMIN,
          args: { gremlin: pick(gremlins), active: random() < 0.6 },
        });
      if (random() < 0.2)
        tryIt({ type: 'radar', by: ADMIN, args: { player: pick(PLAYERS), radar: n(0, 4) } });
      // ...and, to give every action its chance, a Big Stick or a Shield at someone's feet.
      const standing = (t.game.rules as JuneState).objects.filter(
        (o) => o.kind === 'player' && 'on' in o.place,
      );
      const someone = standing.length ? pick(standing) : undefined;
      if (someone && 'on' in someone.place) {
        const [x, y] = someone.place.on;
        tryIt({ type: 'place', by: ADMIN, args: { kind: pick(['big-stick', 'shield']), x, y } });
      }
      for (let day = 0; day < 7; day++) {
        for (const p of PLAYERS) {
          const s = t.game.rules as JuneState;
          const me = s.objects.find((o) => o.id === `player:${p}`);
          const at = me && 'on' in me.place ? me.place.on : undefined;
          const by = player(p);
          const c = (type: string, args: Record<string, Json> = {}): Command => ({ type, by, args });
          const near = (d: number): Record<string, Json> =>
            at ? { x: at[0] + n(-d, d), y: at[1] + n(-d, d) } : { x: 1, y: 1 };
          const here = at
            ? s.objects
                .filter((o) => 'on' in o.place && o.place.on[0] === at[0] && o.place.on[1] === at[1])
                .map((o) => o.id)
            : [];
          const targets = at
            ? s.objects
                .filter(
                  (o) =>
                    (o.kind === 'player' || o.kind === 'gremlin') &&
                    'on' in o.place &&
                    Math.max(Math.abs(o.place.on[0] - at[0]), Math.abs(o.place.on[1] - at[1])) === 1,
                )
                .map((o) => (o.kind === 'player' ? o.id.slice(7) : o.id))
            : [];
          const armed = s.objects.some(
            (o) => o.kind === 'big-stick' && 'heldBy' in o.place && o.place.heldBy === p,
          );
          if (armed && targets.length && random() < 0.7) {
            tryIt(c('whack', { target: pick(targets) }));
            continue;
          }
          const gear = here.filter((id) => id.startsWith('big-stick') || id.startsWith('shield'));
          if (gear.length && random() < 0.7) {
            tryIt(c('pickup', { object: pick(gear) }));
            continue;
          }
          const options: Command[] = at
            ? [
                c('move', near(1)),
                c('move', near(1)),
                ...here.map((id) => c('pickup', { object: id })),
                ...here.map((id) => c('pickup', { object: id })),
                ...targets.map((target) => c('whack', { target })),
                ...targets.map((target) => c('whack', { target })),
                c('buy-gun'),
                c('fire', near(1)),
                c('fire', near(1)),
                c('build-tower'),
                ...(random() < 0.2 ? [c('leave')] : []),
              ]
            : [c('enter', { x: n(1, 20), y: n(1, 20) }), c('buy-gun')];
          if (random() < 0.5) tryIt(pick(options));
        }
        tryIt({ type: 'tick', by: ADMIN, args: {} });
      }
    }

    for (const type of ['whack', 'fire', 'buy-gun', 'build-tower', 'pickup', 'gremlin-active', 'radar'])
      expect(kinds.get(type) ?? 0, type).toBeGreaterThan(0);
    for (const type of [
      'dizzy',
      'gremlin-returns',
      'shield-reflects',
      'push-stopped',
      'radar-reveal',
      'box-opened',
    ])
      expect(t.entries.filter((e) => e.event.type === type).length, type).toBeGreaterThan(0);
    t.expectConsistent();

    // Boxes still hidden: no output but the Administrator's names one or says what type it is.
    const s = t.game.rules as JuneState;
    const hidden = s.objects.filter((o) => o.kind === 'bonus-box');
    expect(hidden.length).toBeGreaterThan(0);
    const opened = t.entries.filter((e) => e.event.type === 'box-opened').length;
    expect(opened).toBeGreaterThan(0);
    const revealed = Object.values(s.fg.revealed).flat().length;
    expect(revealed).toBeGreaterThan(0);
    for (const viewer of [PUBLIC, ...PLAYERS.map(player)]) {
      const out =
        JSON.stringify(t.kernel.view(t.game, viewer)) +
        JSON.stringify(t.kernel.logView(t.entries, viewer, t.game));
      expect(out).not.toContain('bonus-box');
      expect(out).not.toContain('"secret":true');
      for (const box of hidden) expect(out).not.toContain(`${box.name ?? '?'}"`);
    }
  });
});
