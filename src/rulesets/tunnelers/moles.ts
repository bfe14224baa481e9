// 2.3 Moles: "Each player in the game controls a mole. Each mole has the following initial stats: 1 maximum
// attack strength, 0 maximum defense strength, 2 maximum movement, 5 maximum health. Stats can change during the
// game as a result of combat or cards played. If a player temporarily changes eir own mole's stat, the change
// is removed at the beginning of eir next turn. If a player temporarily changes another player's mole's stat,
// the change is removed at the end of the other player's next turn."
import { toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Mole, Stat, Stats, Temp, TunnelersState } from './types.js';
import type { HealthLost, MolesEvent, TempChanged } from './events.js';
import { moleOf } from './board.js';
import type { Ctx, TunnelersModule } from './ctx.js';

export const INITIAL_STATS: Stats = { attack: 1, defence: 0, movement: 2, health: 5 };

export const newMole = (player: string, at: string): Mole => ({
  player,
  at,
  max: INITIAL_STATS,
  health: INITIAL_STATS.health,
  temps: [],
});

/** T-5: a stat now: the maximum plus every temporary change, never below 0; health is the health points left. */
export function current(mole: Mole, stat: Stat): number {
  const temp = mole.temps.filter((t) => t.stat === stat).reduce((a, t) => a + t.delta, 0);
  return Math.max(0, (stat === 'health' ? mole.health : mole.max[stat]) + temp);
}

const changeMole = (s: TunnelersState, player: string, f: (m: Mole) => Mole): TunnelersState => ({
  ...s,
  moles: s.moles.map((m) => (m.player === player ? f(m) : m)),
});

/** T-5: damage uses up temporary health points first, then the mole's own. */
export function damaged(mole: Mole, amount: number): Mole {
  let left = amount;
  const temps: Temp[] = [];
  for (const t of mole.temps) {
    if (t.stat === 'health' && t.delta > 0 && left > 0) {
      const used = Math.min(t.delta, left);
      left -= used;
      if (t.delta - used > 0) temps.push({ ...t, delta: t.delta - used });
    } else temps.push(t);
  }
  return { ...mole, temps, health: mole.health - left };
}

/** 2.3: removes a mole's temporary changes that end now ('start' or 'end' of its player's turn). */
export function expire(s: TunnelersState, player: string, when: 'start' | 'end'): TunnelersState {
  return changeMole(s, player, (m) => ({ ...m, temps: m.temps.filter((t) => t.ends !== when) }));
}

/** A temporary change, removed per 2.3 by whose mole it is: by emself at the start, by another at the end. */
export function changeTemporarily(ctx: Ctx, by: string, target: string, stat: Stat, delta: number): void {
  const e: TempChanged = {
    type: 'temp-changed',
    vis: toPlayers(target),
    player: target,
    stat,
    delta,
    ends: by === target ? 'start' : 'end',
  };
  ctx.emit(e);
}

export function loseHealth(ctx: Ctx, player: string, amount: number, cause: string): void {
  if (amount <= 0 || !moleOf(ctx.rules, player)) return;
  const e: HealthLost = { type: 'health-lost', vis: toPlayers(player), player, amount, cause };
  ctx.emit(e);
}

/** 6: "If the defender's health points are reduced to zero or less, the mole is dead". */
export const isDying = (mole: Mole): boolean => current(mole, 'health') <= 0;

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

export const molesModule: TunnelersModule = {
  id: 'moles',
  section: '2.3. Moles',
  text: "Each mole has the following initial stats: 1 maximum attack strength, 0 maximum defense strength, 2 maximum movement, 5 maximum health. ... If a player temporarily changes eir own mole's stat, the change is removed at the beginning of eir next turn. If a player temporarily changes another player's mole's stat, the change is removed at the end of the other player's next turn.",
  evolve: {
    'temp-changed': (s, e) =>
      changeMole(s, e.player, (m) => ({
        ...m,
        temps: [...m.temps, { stat: e.stat, delta: e.delta, ends: e.ends }],
      })),
    'max-raised': (s, e) =>
      changeMole(s, e.player, (m) => ({ ...m, max: { ...m.max, [e.stat]: m.max[e.stat] + 1 } })),
    'health-restored': (s, e) =>
      changeMole(s, e.player, (m) => ({ ...m, health: Math.min(m.max.health, m.health + e.amount) })),
    'health-lost': (s, e) => changeMole(s, e.player, (m) => damaged(m, e.amount)),
  } satisfies Folds<TunnelersState, MolesEvent>,
  describe: {
    'temp-changed': (e) =>
      `${e.player}'s mole's ${e.stat} is changed by ${signed(e.delta)} until the ${e.ends} of ${e.player}'s next turn.`,
    'max-raised': (e) => `${e.player}'s mole's maximum ${e.stat} rises by 1.`,
    'health-restored': (e) =>
      `${e.player}'s mole's health is restored by ${e.amount} (not beyond its maximum).`,
    'health-lost': (e) => `${e.player}'s mole loses ${e.amount} health (${e.cause}).`,
  } satisfies Texts<MolesEvent>,
};
