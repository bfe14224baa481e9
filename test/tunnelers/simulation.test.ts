// A deterministic simulated game: 4 to 10 scripted players with fair dice from a fixed secret, played to the
// last surviving mole. Invariants hold after every command; the society's ledger ends at zero; replay and
// verify pass.
import { describe, expect, it } from 'vitest';
import { ledgerTotal, player } from '../../src/core/index.js';
import { tunnelersRuleset } from '../../src/rulesets/tunnelers/index.js';
import type { TunnelersState } from '../../src/rulesets/tunnelers/index.js';
import { adjacent } from '../../src/rulesets/tunnelers/board.js';
import { Table } from '../support/table.js';
import { rng } from '../support/rng.js';
import { joined } from '../support/harness/tunnelers.js';
import { nextCommand } from './bot.js';

const SOCIETY = 'The Underground Society';

/** What must be true after every command. */
export function invariants(t: Table): void {
  const s = t.game.rules as TunnelersState;
  // 2.2: the sixty cards are all somewhere: deck, discards, hands, or committed to an attack.
  const cards = [...s.deck, ...s.discard, ...Object.values(s.hands).flat(), ...(s.combat?.cards ?? [])];
  expect(cards).toHaveLength(s.started ? 60 : 0);
  for (const h of Object.values(s.hands)) expect(h.length).toBeLessThanOrEqual(5);
  // 3.1: no two moles share a square; every mole stands in a tunnel; no mole is dead but on the board.
  const squares = s.moles.map((m) => m.at);
  expect(new Set(squares).size).toBe(squares.length);
  for (const m of s.moles) {
    expect(Object.hasOwn(s.tunnels, m.at)).toBe(true);
    expect(m.health).toBeGreaterThan(0);
    expect(m.health).toBeLessThanOrEqual(m.max.health);
    expect(s.dead).not.toContain(m.player);
  }
  expect(s.moles.length + s.dead.length).toBe(s.order.length);
  expect(ledgerTotal(t.game.balances)).toBe(0);
  expect(t.game.balances[SOCIETY] ?? 0).toBeGreaterThanOrEqual(0);
  if (s.combat) expect(adjacent(s.combat.from, s.combat.at)).toBe(true);
}

/** Plays a game to its end; returns the table and how many commands were accepted and refused. */
export function playGame(seed: number, players: readonly string[], late: readonly string[] = []) {
  const random = rng(seed);
  const t = new Table([tunnelersRuleset]);
  t.create('tunnelers', { dice: 'fair', ndays: 3 });
  joined(t, ...players);
  t.admin('start');
  let accepted = 0;
  let refused = 0;
  const waiting = [...late];
  for (let i = 0; i < 20_000 && !t.game.ended; i++) {
    // 5: a latecomer joins the running game now and then (while there is room).
    if (waiting.length > 0 && i % 20 === 10) joined(t, waiting.shift() as string);
    const command = nextCommand(t.game.rules as TunnelersState, random);
    const before = t.state;
    const r = t.try(command);
    if (r.ok) accepted++;
    else {
      refused++;
      expect(t.state).toBe(before);
    }
    invariants(t);
  }
  return { t, accepted, refused };
}

describe('Tunnelers: a simulated game to the last surviving mole', () => {
  for (const [seed, players, late] of [
    [48, ['ann', 'ben', 'cat', 'dan'], ['eve']],
    // Seed 2004 since T-27 (edition 2): the deadline no longer restarts, so 2003's game had no discard.
    [2004, ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy', 'jon'], []],
  ] as const) {
    it(`${players.length} scripted players (seed ${seed}): the game ends with one mole, the society at zero; replay and verify pass`, () => {
      const { t, accepted, refused } = playGame(seed, players, late);
      const s = t.game.rules as TunnelersState;
      expect(t.game.ended).not.toBeNull();
      expect(s.moles).toHaveLength(1);
      const winner = s.moles[0]?.player as string;
      expect(t.game.ended?.winners).toEqual([winner]);
      expect(t.game.balances[SOCIETY]).toBe(0);
      // Every death paid the Moderator one point.
      expect(t.game.balances['The Moderator']).toBe(s.dead.length);
      expect(accepted).toBeGreaterThan(50);
      expect(refused).toBeGreaterThan(0);
      expect(t.game.players).toHaveLength(players.length + late.length);
      // Every kind of thing happened.
      const types = new Set(t.entries.map((e) => e.event.type));
      for (const type of [
        'moved',
        'cards-played',
        'discarded',
        'attack-committed',
        'combat-revealed',
        'mole-died',
        'announcement',
        'turn-ended',
      ])
        expect(types, type).toContain(type);
      expect(t.kernel.view(t.game, player(winner))).toMatchObject({ ended: { winners: [winner] } });
      t.expectConsistent();
    });
  }
});
