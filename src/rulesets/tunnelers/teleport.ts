// 3.2 Playing Cards, the teleports: "XO - teleport to a location 2 squares away; XOT - ... 3 squares away; XOTQ -
// ... 4 squares away; XOTQS - ... 5 squares away. If a mole is teleported to an un-tunneled square, the square
// becomes tunneled and the mole loses one health point. If a mole attempts to teleport to a square occupied by
// another mole, both moles lose one health point and the teleport fails."
// T-3: "N squares away" is a distance of exactly N steps between adjacent squares (|files| + |ranks| = N).
import { toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Square, TunnelersState } from './types.js';
import type { TeleportEvent, Teleported } from './events.js';
import { distance, isTunneled, moleAt, moleOf, molesNextTo, tunnel } from './board.js';
import { loseHealth } from './moles.js';
import { ask, tell } from './tell.js';
import { touched } from './turn-state.js';
import { settleDeaths } from './leaving.js';
import type { Ctx, TunnelersModule } from './ctx.js';

/** A teleport of the table: its cards and its distance. */
export interface Teleport {
  readonly name: string;
  readonly distance: number;
  /** Why a mole at `from` may not teleport to `to` with it (from what the player knows), or null. */
  check(from: Square, to: Square): string | null;
}

const teleportOf = (name: string, n: number): Teleport => ({
  name,
  distance: n,
  check: (from, to) =>
    distance(from, to) === n
      ? null
      : `${to} is ${distance(from, to)} squares from your mole at ${from}; ${name} teleports exactly ${n} (files plus ranks)`,
});

export const TELEPORTS: readonly Teleport[] = [
  teleportOf('XO', 2),
  teleportOf('XOT', 3),
  teleportOf('XOTQ', 4),
  teleportOf('XOTQS', 5),
];

/** The player's mole teleports to `to` (already checked to be the right distance away). */
export function teleport(ctx: Ctx, player: string, to: Square): void {
  const mole = moleOf(ctx.rules, player);
  if (!mole) return;
  const other = moleAt(ctx.rules, to);
  if (other) {
    // "both moles lose one health point and the teleport fails"; T-15: the teleporting mole did it.
    loseHealth(ctx, player, 1, `teleporting into another mole at ${to}`);
    loseHealth(ctx, other.player, 1, 'another mole teleported into it');
    tell(ctx, other.player, 'A mole teleports into yours and fails: your mole loses 1 health point.');
    ask(
      ctx,
      player,
      `Your mole teleports into another mole at ${to}! Both lose 1 health point, and your mole stays at ${mole.at}. What will you do?`,
    );
    settleDeaths(ctx, { [player]: null, [other.player]: player });
    return;
  }
  const dug = !isTunneled(ctx.rules, to);
  const e: Teleported = { type: 'teleported', vis: toPlayers(player), player, from: mole.at, to, dug };
  ctx.emit(e);
  // "If a mole is teleported to an un-tunneled square, the square becomes tunneled and the mole loses one
  // health point."
  if (dug) loseHealth(ctx, player, 1, `teleporting into rock at ${to}`);
  const near = molesNextTo(ctx.rules, to, player);
  const where = `Your mole teleports to ${to}${dug ? ', into solid rock: it tunnels the square and loses 1 health point' : ''}.`;
  if (near.length > 0 && moleOf(ctx.rules, player) && (moleOf(ctx.rules, player)?.health ?? 0) > 0)
    ask(
      ctx,
      player,
      `${where} It senses a mole next to it at ${near.map((m) => m.at).join(' and ')}. What will you do?`,
    );
  else tell(ctx, player, where);
  settleDeaths(ctx, { [player]: null });
}

export const teleportModule: TunnelersModule = {
  id: 'teleport',
  section: '3.2. Playing Cards (teleports)',
  text: 'XO - teleport to a location 2 squares away ... XOTQS - teleport to a location 5 squares away. If a mole is teleported to an un-tunneled square, the square becomes tunneled and the mole loses one health point. If a mole attempts to teleport to a square occupied by another mole, both moles lose one health point and the teleport fails.',
  evolve: {
    teleported: (s, e, game) =>
      touched(
        {
          ...s,
          moles: s.moles.map((m) => (m.player === e.player ? { ...m, at: e.to } : m)),
          tunnels: tunnel(s.tunnels, e.to),
          turn: s.turn ? { ...s.turn, visited: [...s.turn.visited, e.to] } : null,
        },
        game,
      ),
  } satisfies Folds<TunnelersState, TeleportEvent>,
  describe: {
    teleported: (e) =>
      `${e.player}'s mole teleports from ${e.from} to ${e.to}${e.dug ? ' (into rock, which it tunnels)' : ''}.`,
  } satisfies Texts<TeleportEvent>,
};
