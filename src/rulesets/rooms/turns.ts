// Host rule "Turns": players take turns in the order they joined; one of them, the active player, acts at a
// time. A turn allows the map's actionsPerTurn actions (3 unless the map says); moving along one passage,
// picking up one token and dropping one token are an action each. The active player ends eir turn with
// end-turn (nothing ends it by itself), or the Administrator ends it for em with skip. Rulings H5-H7. H11: a map
// may set a turn deadline in whole ndays; then the end of the nday that many ndays after the turn began ends it
// too, as the Administrator's skip would (on a calendar, at that nday's boundary: issue 14).
import { z } from 'zod';
import { command, ndayCount, playerCommand, refuse } from '../../core/index.js';
import type { Folds, GameState, Refusal, RuleModule, Texts } from '../../core/index.js';
import type { RoomsCtx, RoomsEvent, RoomsState, Turn, TurnBegan, TurnEnded } from './types.js';
import type { RoomsErrorCode } from './errors.js';
import { actionsPerTurn } from './parameters.js';

/** The question 'may-act' {player, action}: may this player take this action now? Silence allows. */
export interface MayAct {
  readonly player: string;
  readonly action: string;
}

/** Actions the active player has left this turn. PQ2: an amendment may lower Actions per turn under the actions already used: then none are left. */
export const actionsLeft = (s: RoomsState, game: GameState): number =>
  s.turn ? Math.max(0, actionsPerTurn(s, game) - s.turn.used) : 0;

/** The turn with one more action used, if it is this player's turn (folds of action events call this). */
export const spending = (turn: Turn | null, player: string): Turn | null =>
  turn && turn.player === player ? { ...turn, used: turn.used + 1 } : turn;

/**
 * The refusal of an action unless `player` is the active player with an action left and no rule forbids the
 * action (the Quests rules forbid other actions while a Quest is being created); undefined: e may. `action`
 * says what, for messages. The command passes it on: `const no = requireAction(…); if (no) return no;`.
 */
export function requireAction<S extends RoomsState>(
  ctx: RoomsCtx<S>,
  player: string,
  action: string,
): Refusal<RoomsErrorCode> | undefined {
  const no = requireActive(ctx, player, action);
  if (no) return no;
  const s = ctx.rules;
  if (actionsLeft(s, ctx.state) <= 0)
    return refuse(
      'no-actions-left',
      `${player} has used all ${actionsPerTurn(s, ctx.state)} actions of this turn; e can only end-turn`,
    );
  const why = ctx.forbids('may-act', { player, action });
  if (why !== null) return refuse('not-now', `${player} cannot ${action} now: ${why}`);
  return undefined;
}

/** The refusal unless `player` is the active player (undefined: e is). */
export function requireActive<S extends RoomsState>(
  ctx: RoomsCtx<S>,
  player: string,
  doing: string,
): Refusal<RoomsErrorCode> | undefined {
  const turn = ctx.rules.turn;
  if (!turn || turn.player !== player)
    return refuse(
      'not-your-turn',
      `${player} cannot ${doing}: it is ${turn ? `${turn.player}'s turn` : 'nobody\u2019s turn'}`,
    );
  return undefined;
}

/**
 * Ends the turn in progress, `turn` (the caller has found one: skip refuses when there is none), and begins the
 * next player's, in joining order.
 */
export function endTurn<S extends RoomsState>(ctx: RoomsCtx<S>, turn: Turn, by: TurnEnded['by']): void {
  const ended: TurnEnded = { type: 'turn-ended', vis: 'public', player: turn.player, turn: turn.n, by };
  ctx.emit(ended);
  const order = ctx.rules.places.map((p) => p.player);
  const next = order[(order.indexOf(turn.player) + 1) % order.length] ?? turn.player;
  beginTurn(ctx, next, turn.n + 1);
}

function beginTurn<S extends RoomsState>(ctx: RoomsCtx<S>, player: string, n: number): void {
  const e: TurnBegan = {
    type: 'turn-began',
    vis: 'public',
    player,
    turn: n,
    actions: actionsPerTurn(ctx.rules, ctx.state),
  };
  ctx.emit(e);
}

const noArgs = z.object({}).strict();

export function turnsModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'turns',
    section: 'Turns (host)',
    text: 'Players take turns in the order they joined; the player whose turn it is, is the active player, and only e may act. The first player to join begins turn 1. A turn allows the number of actions the map sets (3 if it does not); moving along a passage, picking up a token and dropping a token are one action each. A turn ends when the active player says so (end-turn), or when the Administrator ends it for em (skip), or (H11) when the turn deadline the map sets, in whole ndays after the nday it began, has passed; then the next player in order begins a turn.',
    onJoin(ctx, player) {
      if (ctx.rules.turn === null) beginTurn(ctx, player, 1);
    },
    hooks: {
      // H11: the turn's deadline, counted in ndays from the nday the turn began (a public moment).
      ndayEnd(ctx) {
        const { turn, turnDeadline } = ctx.rules;
        if (turnDeadline === undefined || !turn || turn.since === undefined) return;
        if (ndayCount(ctx.clock) - turn.since >= turnDeadline) endTurn(ctx, turn, 'deadline');
      },
    },
    commands: {
      'end-turn': playerCommand<S, typeof noArgs, RoomsErrorCode, RoomsEvent>({
        summary: 'end your turn; the next player in order becomes active',
        args: noArgs,
        run(ctx, by) {
          const no = requireActive(ctx, by.name, 'end the turn');
          if (no) return no;
          // The active player's turn is in progress (requireActive found it).
          const turn = ctx.rules.turn;
          if (turn) endTurn(ctx, turn, 'player');
          return undefined;
        },
      }),
      skip: command<S, typeof noArgs, RoomsErrorCode, RoomsEvent>({
        actor: 'admin',
        summary: "end the active player's turn for em (a player who has gone quiet)",
        args: noArgs,
        run(ctx) {
          const turn = ctx.rules.turn;
          if (!turn) return refuse('no-turn', 'no turn is in progress: nobody has joined yet');
          endTurn(ctx, turn, 'admin');
          return undefined;
        },
      }),
    },
    evolve: {
      'turn-began': (s, e, game) => ({
        ...s,
        turn: {
          n: e.turn,
          player: e.player,
          used: 0,
          ...(s.turnDeadline !== undefined ? { since: ndayCount(game.clock) } : {}),
        },
      }),
      'turn-ended': (s) => ({ ...s, turn: null }),
    } satisfies Folds<S, TurnBegan | TurnEnded>,
    describe: {
      'turn-began': (e) =>
        `Turn ${e.turn} begins: ${e.player} is the active player, with ${e.actions} action${e.actions === 1 ? '' : 's'}.`,
      'turn-ended': (e) =>
        e.by === 'player'
          ? `${e.player} ends turn ${e.turn}.`
          : e.by === 'deadline'
            ? `${e.player}'s turn ${e.turn} ends: the time for it ran out.`
            : `The Administrator ends ${e.player}'s turn ${e.turn}.`,
    } satisfies Texts<TurnBegan | TurnEnded>,
  };
}
