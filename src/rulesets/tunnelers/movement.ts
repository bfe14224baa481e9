// 3.1 Movement: "Moles move using their movement stat. It costs 1 movement point for a mole to enter a tunneled
// square, and 2 movement points to enter an un-tunneled square (tunneling it in the process). A mole cannot move
// off the edge of the board or enter a square occupied by another mole. A mole can be moved however many squares
// eir available movement points permit. If a mole does not have sufficient movement points to enter a square, e
// does not enter the square."
// 4: "The Moderator privately responds with the results of movement. If the mole encountered anything
// unexpected, its movement stops at that point and the player is asked what e wants to do."
// The module; the move action itself is in action-move.ts.
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { MovementEvent } from './events.js';
import { tunnel } from './board.js';
import { touched } from './turn-state.js';
import { actionCommand } from './turns.js';
import { moveAction } from './action-move.js';
import type { TunnelersModule } from './ctx.js';

export const movementModule: TunnelersModule = {
  id: 'movement',
  section: '3.1. Movement',
  text: "It costs 1 movement point for a mole to enter a tunneled square, and 2 movement points to enter an un-tunneled square (tunneling it in the process). A mole cannot move off the edge of the board or enter a square occupied by another mole. A mole can be moved however many squares eir available movement points permit. If a mole does not have sufficient movement points to enter a square, e does not enter the square. A mole's movement points are set to eir movement stat at the beginning of the player's turn, plus or minus the effects of cards played on the mole.",
  commands: { move: actionCommand(moveAction) },
  evolve: {
    moved: (s, e, game) => {
      const next: TunnelersState = {
        ...s,
        moles: s.moles.map((m) => (m.player === e.player ? { ...m, at: e.to } : m)),
        tunnels: tunnel(s.tunnels, e.to),
        turn: s.turn ? { ...s.turn, visited: [...s.turn.visited, e.to] } : null,
      };
      return touched(next, game, Math.max(0, (s.turn?.movement ?? 0) - e.cost));
    },
    'movement-added': (s, e) =>
      s.turn ? { ...s, turn: { ...s.turn, movement: Math.max(0, s.turn.movement + e.amount) } } : s,
  } satisfies Folds<TunnelersState, MovementEvent>,
  describe: {
    moved: (e) =>
      `${e.player}'s mole moves from ${e.from} to ${e.to} (${e.dug ? 'digging through rock' : 'along a tunnel'}, ${e.cost} movement point${e.cost > 1 ? 's' : ''}).`,
    'movement-added': (e) =>
      `${e.player}'s mole has ${e.amount >= 0 ? e.amount : -e.amount} movement point${Math.abs(e.amount) === 1 ? '' : 's'} ${e.amount >= 0 ? 'more' : 'fewer'} this turn.`,
  } satisfies Texts<MovementEvent>,
};
