// 4. Standing Orders: "A player may give the Moderator Standing Orders, regarding what actions the player wishes
// to automatically take, barring any other circumstance. The Moderator can reject Standing Orders that are
// excessively complex or lengthy. If no unexpected events occur while executing Standing Orders, the player's
// turn will automatically end afterwards."
// T-9: Standing Orders are at most MAX_ORDERS actions, each a move, a play or a discard (an attack needs a
// dialogue with the defender, so it is never automatic), naming at most MAX_ORDER_SQUARES squares in all; they
// stand until cleared or replaced, and are carried out at the start of each of the player's later turns.
import { z } from 'zod';
import { toPlayers, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { OrdersCleared, OrdersEvent, OrdersGiven } from './events.js';
import { normalSquare } from './board.js';
import { withoutKey } from './tell.js';
import { moveAction } from './action-move.js';
import { playAction } from './action-play.js';
import { discardAction } from './action-discard.js';
import { wordsToArgs } from './actions.js';
import type { Action } from './actions.js';
import { tunnelersPlayerCommand } from './ctx.js';
import type { TunnelersModule } from './ctx.js';

export const MAX_ORDERS = 3;
export const MAX_ORDER_SQUARES = 6;

/** The actions a standing order may be (T-9). */
const automatic = (): readonly Action<unknown>[] => {
  const actions: readonly unknown[] = [moveAction, playAction, discardAction];
  return actions as readonly Action<unknown>[];
};

/** One standing order, checked for sense: the action and its arguments, or why it cannot be one. */
export function readOrder(text: string): { action: Action<unknown>; args: unknown } | string {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const verb = (words[0] ?? '').toLowerCase();
  const action = automatic().find((a) => a.verb === verb);
  if (!action)
    return `"${text}": a standing order is a move, a play or a discard (attacks are never automatic)`;
  const parsed = action.args.safeParse(wordsToArgs(action.words, words.slice(1)));
  if (!parsed.success) return `"${text}": ${parsed.error.issues[0]?.message ?? 'not understood'}`;
  return { action, args: parsed.data };
}

/** T-9: splits and checks Standing Orders; returns the orders or why the Moderator rejects them. */
export function readOrders(text: string): string[] | string {
  const orders = text
    .split(';')
    .map((o) => o.trim().replace(/\s+/g, ' '))
    .filter((o) => o.length > 0);
  if (orders.length === 0) return 'give at least one order, e.g. `orders give move c6 c7; discard X`';
  if (orders.length > MAX_ORDERS)
    return `too lengthy: at most ${MAX_ORDERS} orders (these are ${orders.length})`;
  const squares = orders.flatMap((o) => o.split(' ')).filter((w) => normalSquare(w) !== null).length;
  if (squares > MAX_ORDER_SQUARES)
    return `too complex: at most ${MAX_ORDER_SQUARES} squares in all (these name ${squares})`;
  for (const o of orders) {
    const read = readOrder(o);
    if (typeof read === 'string') return read;
  }
  return orders;
}

/** The turn, noting that its player gave or cleared Standing Orders during it (T-30). */
const givenInTurn = (s: TunnelersState, player: string): TunnelersState['turn'] =>
  s.turn && s.turn.player === player && s.turn.ordersGiven !== true
    ? { ...s.turn, ordersGiven: true }
    : s.turn;

export const ordersModule: TunnelersModule = {
  id: 'standing-orders',
  section: '4. Turn Procedure (Standing Orders)',
  text: "A player may give the Moderator Standing Orders, regarding what actions the player wishes to automatically take, barring any other circumstance. The Moderator can reject Standing Orders that are excessively complex or lengthy. If no unexpected events occur while executing Standing Orders, the player's turn will automatically end afterwards.",
  commands: {
    orders: tunnelersPlayerCommand<z.ZodType<{ action: 'give' | 'clear'; orders?: string | undefined }>>({
      visibility: 'private',
      summary: 'standing orders: `orders give move c6 c7; play SS raise; discard X` or `orders clear`',
      words: ['action', 'orders'],
      args: z.object({ action: z.enum(['give', 'clear']), orders: z.string().optional() }).strict(),
      run(ctx, by, { action, orders }) {
        if (ctx.rules.dead.includes(by.name)) return refuse('dead', `${by.name}'s mole is dead`);
        if (action === 'clear') {
          const e: OrdersCleared = { type: 'orders-cleared', vis: toPlayers(by.name), player: by.name };
          ctx.emit(e);
          return;
        }
        const read = readOrders(orders ?? '');
        if (typeof read === 'string')
          return refuse('orders-rejected', `The Moderator rejects these Standing Orders: ${read}`);
        const e: OrdersGiven = {
          type: 'orders-given',
          vis: toPlayers(by.name),
          player: by.name,
          orders: read,
        };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'orders-given': (s, e) => ({
      ...s,
      orders: { ...s.orders, [e.player]: e.orders },
      turn: givenInTurn(s, e.player),
    }),
    'orders-cleared': (s, e) => ({
      ...s,
      orders: withoutKey(s.orders, e.player),
      turn: givenInTurn(s, e.player),
    }),
    'orders-run': (s) => (s.turn ? { ...s, turn: { ...s.turn, ordersRun: true } } : s),
  } satisfies Folds<TunnelersState, OrdersEvent>,
  describe: {
    'orders-given': (e) => `${e.player} gives Standing Orders: ${e.orders.join('; ')}.`,
    'orders-cleared': (e) => `${e.player} clears eir Standing Orders.`,
    'orders-run': (e) => `The Moderator carries out ${e.player}'s Standing Orders.`,
  } satisfies Texts<OrdersEvent>,
  // "alice clears eir Standing Orders." tells alice only what she did. (The orders given are the
  // Moderator's reading of them, which may differ from her words: that is news.)
  echoes: ['orders-cleared'],
};
