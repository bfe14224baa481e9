// 4. The deadline: "If a player does not submit a needed action (moving, choosing a card to defend with, etc.)
// within a reasonable amount of time (determined by the Moderator, generally a checkpoint period), play will
// proceed as if the player had chosen to perform no action."
// T-12: a checkpoint period is one nday (the Administrator's `tick`); the Moderator waits `deadline` whole ndays
// (the game's configuration, one by default) after the nday in which the action became needed. A turn's player
// who lets it pass ends eir turn having done nothing more; a defender who lets it pass plays no card.
// T-27 (edition 2): the Moderator measures that time from public moments only. A turn's deadline runs from the
// nday the turn began; nothing private (an action, a refusal, an attack waiting for its defence) restarts or
// pauses it, so when a turn ends publicly tells no one what happened in it. When it passes, a defence still
// awaited is decided as no card (the defender did not submit eir needed action in time) and the turn ends.
import { fromEdition, toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import { own } from './types.js';
import type { DeadlineEvent, DeadlinePassed, DefenceCommitted } from './events.js';
import { ndayCount } from './board.js';
import { answered, hasQuestion } from './tell.js';
import { END_DEADLINE, endTurn, runOrders } from './turns.js';
import { resolve } from './combat.js';
import type { Ctx, TunnelersModule } from './ctx.js';

export const DEFAULT_DEADLINE = 1;

/** "choosing a card to defend with": the defender let the time pass, so e defends with no card. */
export function defendLate(ctx: Ctx, defender: string): void {
  answered(ctx, defender);
  const e: DefenceCommitted = {
    type: 'defence-committed',
    vis: toPlayers(defender),
    player: defender,
    card: null,
    late: true,
  };
  ctx.emit(e);
  resolve(ctx, null);
}

export const deadlineModule: TunnelersModule = {
  id: 'deadline',
  section: '4. Turn Procedure (the deadline)',
  text: 'If a player does not submit a needed action (moving, choosing a card to defend with, etc.) within a reasonable amount of time (determined by the Moderator, generally a checkpoint period), play will proceed as if the player had chosen to perform no action.',
  hooks: {
    ndayEnd(ctx) {
      const s = ctx.rules;
      if (!s.started || ctx.state.ended) return;
      const now = ndayCount(ctx.state);
      const c = s.combat;
      const turn = s.turn;
      if (c && !(fromEdition(ctx.state, 2) && turn)) {
        // Edition 1 (T-12 as first read): the defender's own wait, and the turn's wait stops meanwhile.
        if (now - c.since < s.deadline) return;
        defendLate(ctx, c.defender);
        return;
      }
      if (!turn) return;
      // T-11: standing orders held back when a turn began run now, if the player has not acted meanwhile.
      // T-30 (edition 3): not orders given during the turn, which are for eir later turns (T-9): running them
      // here (and skipping the deadline) made when the turn ended depend on what the player did in private.
      if (
        (own(s.orders, turn.player) ?? []).length > 0 &&
        !turn.acted &&
        !turn.ordersRun &&
        !(fromEdition(ctx.state, 3) && turn.ordersGiven === true) &&
        !hasQuestion(s, turn.player)
      ) {
        runOrders(ctx, turn.player);
        return;
      }
      if (now - turn.since < s.deadline) return;
      const e: DeadlinePassed = { type: 'deadline-passed', vis: 'public', player: turn.player };
      ctx.emit(e);
      // T-27: the defence still awaited is no card; the turn ends whatever the combat did (the line above is
      // already out, and from edition 2 a turn's end gives no reason, so a combat changes no public line).
      const pending = ctx.rules.combat;
      if (pending) defendLate(ctx, pending.defender);
      if (ctx.rules.turn?.player === turn.player) endTurn(ctx, END_DEADLINE);
    },
  },
  evolve: { 'deadline-passed': (s) => s } satisfies Folds<TunnelersState, DeadlineEvent>,
  describe: {
    'deadline-passed': (e) =>
      `${e.player} did not act in time: play proceeds as if e had chosen to do nothing more.`,
  } satisfies Texts<DeadlineEvent>,
};
