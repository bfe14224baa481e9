// 4. Turn Procedure: "Players take turns in order by the player list maintained by the Moderator. A player
// takes eir turn by privately telling the Moderator what sets of cards e wants to play and/or what squares e
// wants eir more to attempt to enter. ... The Moderator and player continue dialogue until the player does not
// wish to take any more actions, the player is out of cards or movememt points, or the player's mole is dead.
// ... At the end of a player's turn, the Moderator tells all players of generally-known events".
// 3: "The game is played in turns, rotating among players."
// Here too are an action's command (actionCommand) and the carrying out of Standing Orders (runOrders): both go on
// into a turn's end and the next turn's beginning, which runs Standing Orders again, so they live with the turn's
// procedure. The actions themselves (action-*.ts) and the fold's note of a turn (turn-state.ts) sit below it, so
// nothing here imports back into itself.
import { z } from 'zod';
import { eventsOf, fromEdition, toPlayers, refuse } from '../../core/index.js';
import type { CommandRule, Folds, Refusal, Texts } from '../../core/index.js';
import type { TunnelersState, Turn } from './types.js';
import { own } from './types.js';
import type { Announcement, TunnelersEvent, TurnBegan, TurnEnded, TurnEvent } from './events.js';
import { ageTunnels, moleOf, molesNextTo, ndayCount } from './board.js';
import { cardsText, drawToFive, handOf } from './cards.js';
import { current, expire } from './moles.js';
import { answered, ask, hasQuestion, tell, withoutKey } from './tell.js';
import { living, nextPlayer } from './turn-state.js';
import type { Action } from './actions.js';
import { readOrder } from './orders.js';
import { tunnelersPlayerCommand } from './ctx.js';
import type { Ctx, TunnelersModule } from './ctx.js';
import type { TunnelersErrorCode } from './errors.js';

/** A short account of a mole for its player. */
export function moleText(s: TunnelersState, player: string): string {
  const m = moleOf(s, player);
  if (!m) return 'Your mole is dead.';
  return `Your mole is at ${m.at}: health ${current(m, 'health')} (maximum ${m.max.health}), attack ${current(m, 'attack')}, defence ${current(m, 'defence')}, movement ${current(m, 'movement')}.`;
}

/**
 * The refusal of a command unless it is the player's turn and nothing else is awaited (undefined: it is); the
 * command passes it on (`const no = requireTurn(ctx, by.name); if (no) return no;`).
 */
export function requireTurn(ctx: Ctx, player: string): Refusal<TunnelersErrorCode> | undefined {
  const s = ctx.rules;
  if (!s.started) return refuse('not-started', 'the game has not started yet');
  if (s.dead.includes(player)) return refuse('dead', `${player}'s mole is dead`);
  const turn = s.turn;
  if (!turn || turn.player !== player)
    return refuse('not-your-turn', `it is ${turn ? `${turn.player}'s` : "nobody's"} turn, not ${player}'s`);
  if (s.combat) return refuse('waiting', 'the Moderator is waiting for the defender to choose a card');
  return undefined;
}

/** 4: a turn begins: the draw (3.2), movement points (3.1), what the player is told, standing orders. */
export function beginTurn(ctx: Ctx, player: string): void {
  const began: TurnBegan = { type: 'turn-began', vis: 'public', player };
  ctx.emit(began);
  drawToFive(ctx, player);
  const s = ctx.rules;
  tell(
    ctx,
    player,
    `Your turn begins. ${moleText(s, player)} Movement points: ${s.turn?.movement ?? 0}. Your hand: ${cardsText(handOf(s, player))}.`,
  );
  const mole = moleOf(s, player);
  const near = mole ? molesNextTo(s, mole.at, player) : [];
  if (near.length > 0) {
    // 3.4 "If a mole is or becomes adjacent to another mole during its turn": it is, so the player is told,
    // and standing orders wait ("barring any other circumstance").
    ask(
      ctx,
      player,
      `There is a mole next to you at ${near.map((m) => m.at).join(' and ')}. What will you do?`,
    );
  } else if ((own(s.orders, player) ?? []).length > 0 && mayRunOrders(ctx)) {
    runOrders(ctx, player);
    return;
  }
  afterAction(ctx);
}

/**
 * T-11: standing orders run as a turn begins unless, in this one decision, as many turns have begun as there
 * are living players (a table of standing orders would otherwise go round for ever); they then run at the
 * next end of an nday.
 */
function mayRunOrders(ctx: Ctx): boolean {
  const begun = eventsOf<TunnelersEvent, 'turn-began'>(ctx.events, 'turn-began').length;
  return begun <= living(ctx.rules).length;
}

/** Why a turn ends, and what the Moderator privately tells its player (nothing when e already knows). */
export type TurnEnd = { readonly why: string; readonly told: string | null };

export const END_BY_PLAYER: TurnEnd = { why: 'the player ended it', told: null };
export const END_MOLE_DEAD: TurnEnd = {
  why: 'the mole is dead',
  told: 'Your turn is over: your mole is dead.',
};
export const END_OUT_OF_CARDS: TurnEnd = {
  why: 'out of cards and movement points',
  told: 'Your turn is over: you hold no card and have no movement point left.',
};
/** The player is told by runOrders, in every edition. */
export const END_ORDERS: TurnEnd = { why: 'standing orders carried out', told: null };
export const END_DEADLINE: TurnEnd = {
  why: 'no action in time',
  told: 'Your turn is over: you did not act in time.',
};

/**
 * 4: the turn ends; generally-known events are announced; the next living player's turn begins.
 * T-26 (issue 18): "At the end of a player's turn, the Moderator tells all players of generally-known events":
 * that the turn ended is known to all, but why is not ("out of cards" would tell everyone the player holds no
 * card, so any attack on em succeeds (3.4); "standing orders" that e has given some). From edition 2 the reason
 * goes to the player alone.
 */
export function endTurn(ctx: Ctx, end: TurnEnd): void {
  const turn = closeTurn(ctx, end);
  if (!turn) return;
  const next = nextPlayer(ctx.rules, turn.player);
  if (next !== null && !ctx.state.ended) beginTurn(ctx, next);
}

/**
 * The end of the turn in progress without the next one's beginning (endTurn begins it): the player told why,
 * the generally-known events announced, the public end. The turn closed, or undefined if there was none.
 */
export function closeTurn(ctx: Ctx, end: TurnEnd): Turn | undefined {
  const turn = ctx.rules.turn;
  if (!turn || ctx.state.ended) return undefined;
  const privately = fromEdition(ctx.state, 2);
  if (privately && end.told !== null) tell(ctx, turn.player, end.told);
  if (ctx.rules.heard.length > 0) {
    const a: Announcement = { type: 'announcement', vis: 'public', lines: [...ctx.rules.heard] };
    ctx.emit(a);
  }
  const ended: TurnEnded = privately
    ? { type: 'turn-ended', vis: 'public', player: turn.player }
    : { type: 'turn-ended', vis: 'public', player: turn.player, why: end.why };
  ctx.emit(ended);
  return turn;
}

/** T-29: what the Moderator tells a player who has run out of cards and movement points. */
export const OUT_OF_EVERYTHING =
  'You hold no card and have no movement point left: there is nothing more you can do this turn. It ends when you end it (end-turn) or at its deadline.';

/**
 * After anything the turn's player does: the dialogue ends by itself when the mole is dead, or when the player
 * holds no card and has no movement point left (T-10), unless a question or a defence is awaited. T-29
 * (edition 3): a player out of cards and movement points is told so, and the turn ends when e ends it or at its
 * deadline, as the turn of a player who does nothing more would: ending it at once told everyone that e had run
 * out (the same private commands ended the turn or not by what e held and where eir mole was).
 */
export function afterAction(ctx: Ctx): void {
  const s = ctx.rules;
  const turn = s.turn;
  if (!turn || ctx.state.ended || s.combat) return;
  if (!moleOf(s, turn.player)) return endTurn(ctx, END_MOLE_DEAD);
  if (hasQuestion(s, turn.player)) return;
  if (handOf(s, turn.player).length === 0 && turn.movement === 0 && mayRunOrders(ctx)) {
    if (fromEdition(ctx.state, OUT_OF_EVERYTHING_EDITION)) tell(ctx, turn.player, OUT_OF_EVERYTHING);
    else endTurn(ctx, END_OUT_OF_CARDS);
  }
}

/** The first edition in which running out of cards and movement points does not end the turn at once (T-29). */
export const OUT_OF_EVERYTHING_EDITION = 3;

/** An action as a command: the player's turn, the question answered, checked, done, then the dialogue goes on. */
export function actionCommand<A>(action: Action<A>): CommandRule<TunnelersState> {
  return tunnelersPlayerCommand<z.ZodType<A>>({
    visibility: 'private',
    summary: action.summary,
    words: action.words,
    args: action.args,
    run(ctx, by, args) {
      const no = requireTurn(ctx, by.name);
      if (no) return no;
      answered(ctx, by.name);
      const why = action.check(ctx.rules, by.name, args);
      if (why !== null) return refuse('illegal', why);
      action.run(ctx, by.name, args);
      afterAction(ctx);
    },
  });
}

/**
 * 4, Standing Orders: "If no unexpected events occur while executing Standing Orders, the player's turn will
 * automatically end afterwards." Carries out a player's Standing Orders in order (orders.ts reads them). One that
 * cannot be done, or anything unexpected (a question), stops them and the player is asked; if all are done with
 * nothing unexpected, the turn ends.
 */
export function runOrders(ctx: Ctx, player: string): void {
  const orders = own(ctx.rules.orders, player) ?? [];
  ctx.emit({ type: 'orders-run', vis: toPlayers(player), player });
  for (const text of orders) {
    const read = readOrder(text);
    const why = typeof read === 'string' ? read : read.action.check(ctx.rules, player, read.args);
    if (why !== null || typeof read === 'string') {
      ask(ctx, player, `Your standing order "${text}" cannot be carried out (${why}). What will you do?`);
      return;
    }
    read.action.run(ctx, player, read.args);
    if (ctx.state.ended || ctx.rules.turn?.player !== player) return;
    // A mole killed by its own order (a teleport into rock) ends the turn there.
    if (!moleOf(ctx.rules, player)) return afterAction(ctx);
    if (hasQuestion(ctx.rules, player)) return;
  }
  tell(ctx, player, 'Your standing orders have been carried out; your turn ends.');
  endTurn(ctx, END_ORDERS);
}

export const turnsModule: TunnelersModule = {
  id: 'turns',
  section: '4. Turn Procedure',
  text: "Players take turns in order by the player list maintained by the Moderator. A player takes eir turn by privately telling the Moderator what sets of cards e wants to play and/or what squares e wants eir more to attempt to enter. ... The Moderator and player continue dialogue until the player does not wish to take any more actions, the player is out of cards or movememt points, or the player's mole is dead. ... At the end of a player's turn, the Moderator tells all players of generally-known events -- a player's mole is dead, sounds of fighting can be heard, etc.",
  commands: {
    'end-turn': tunnelersPlayerCommand<z.ZodType<Record<string, never>>>({
      visibility: 'private',
      summary: 'tell the Moderator you wish to take no more actions this turn',
      args: z.object({}).strict(),
      run(ctx, by) {
        const no = requireTurn(ctx, by.name);
        if (no) return no;
        answered(ctx, by.name);
        endTurn(ctx, END_BY_PLAYER);
      },
    }),
  },
  evolve: {
    'turn-began': (s, e, game) => {
      // 2.3: "If a player temporarily changes eir own mole's stat, the change is removed at the beginning of
      // eir next turn." 3.1: "A mole's movement points are set to eir movement stat at the beginning of the
      // player's turn, plus or minus the effects of cards played on the mole."
      const next = expire(s, e.player, 'start');
      const mole = moleOf(next, e.player);
      const turn: Turn = {
        player: e.player,
        movement: mole ? current(mole, 'movement') : 0,
        visited: next.moles.map((m) => m.at),
        since: ndayCount(game),
        acted: false,
        ordersRun: false,
      };
      return { ...next, turn };
    },
    'turn-ended': (s, e) => {
      // 2.3: "... removed at the end of the other player's next turn." 2.1: unoccupied tunnels age.
      const next = expire(s, e.player, 'end');
      const occupied = [...(s.turn?.visited ?? []), ...s.moles.map((m) => m.at)];
      return {
        ...next,
        tunnels: ageTunnels(next.tunnels, occupied),
        turn: null,
        lastFinished: e.player,
        questions: withoutKey(next.questions, e.player),
      };
    },
    announcement: (s, e) => ({
      ...s,
      heard: [],
      announcements: [...s.announcements, ...e.lines],
    }),
  } satisfies Folds<TunnelersState, TurnEvent>,
  describe: {
    'turn-began': (e) => `It is ${e.player}'s turn.`,
    'turn-ended': (e) =>
      e.why === undefined ? `${e.player}'s turn is over.` : `${e.player}'s turn is over (${e.why}).`,
    announcement: (e) => `The Moderator announces: ${e.lines.join(' ')}`,
  } satisfies Texts<TurnEvent>,
};
