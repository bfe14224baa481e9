// A member the Administrator removes (issue 16, the kernel's remove-player; ruling T-31). The charter does not
// speak of removing a member, but the Moderator "can direct this society to take any action e chooses" (T-23),
// and it says what becomes of a player whose mole leaves the board (6: "eir cards are discarded, eir mole is
// removed from the board ... If only one mole is left on the board after this, the society's points are paid to
// the remaining player"). A removal is no kill, so no bounty and no Moderator's point is paid; the four points
// e paid to play stay with the society. In order:
//   - an attack waiting for eir defence is answered as a defender who does not answer in time is (4: "as if
//     the player had chosen to perform no action": no card); an attack of eirs waiting for its defence comes
//     to nothing, its cards discarded (3.4: "Cards used in attack and defense are discarded");
//   - eir turn, if it is eirs, ends (its end is public, T-26);
//   - e leaves the player list and the society, eir mole the board and eir cards the hand (discarded);
//   - if one mole is left on a board in play, its player takes the society's points and the game is over;
//   - if it was eir turn, the next living player's begins.
import { toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { AttackWithdrawn, MemberRemoved, RemovalEvent } from './events.js';
import { handOf } from './cards.js';
import { defendLate } from './deadline.js';
import { lastMole } from './leaving.js';
import { beginTurn, closeTurn } from './turns.js';
import { nextPlayer } from './turn-state.js';
import type { TurnEnd } from './turns.js';
import { tell, withoutKey } from './tell.js';
import type { Ctx, TunnelersModule } from './ctx.js';

/** The removed player is not told why eir turn ended: the public removal says it. */
const END_REMOVED: TurnEnd = { why: 'the player was removed from the game', told: null };

/** Who comes just before `player` in the list, going round; null if no one else is in it. */
function before(order: readonly string[], player: string): string | null {
  const i = order.indexOf(player);
  if (i < 0 || order.length < 2) return null;
  return order[(i + order.length - 1) % order.length] ?? null;
}

function removeMember(ctx: Ctx, player: string): void {
  const c = ctx.rules.combat;
  if (c?.defender === player) defendLate(ctx, player);
  else if (c?.attacker === player) {
    const e: AttackWithdrawn = {
      type: 'attack-withdrawn',
      vis: toPlayers(c.attacker, c.defender),
      attacker: c.attacker,
      defender: c.defender,
      cards: [...c.cards],
    };
    ctx.emit(e);
    tell(
      ctx,
      c.defender,
      'The attack on your mole comes to nothing: its player has been removed from the game.',
    );
  }
  if (ctx.state.ended) return;
  const theirs = ctx.rules.turn?.player === player;
  const next = theirs ? nextPlayer(ctx.rules, player) : null;
  if (theirs) closeTurn(ctx, END_REMOVED);
  const mole = ctx.rules.moles.some((m) => m.player === player);
  const e: MemberRemoved = { type: 'member-removed', vis: 'public', player, mole };
  ctx.emit(e);
  if (!ctx.rules.started || ctx.state.ended) return;
  if (lastMole(ctx)) return;
  if (next !== null && ctx.rules.turn === null) beginTurn(ctx, next);
}

export const removalModule: TunnelersModule = {
  id: 'removal',
  section: '6. Leaving a Game (a member removed by the Moderator, ruling T-31)',
  text: "If a player's mole is killed, eir cards are discarded, eir mole is removed from the board ... If only one mole is left on the board after this, the society's points are paid to the remaining player. (The Moderator can direct this society to take any action e chooses.)",
  onRemove: removeMember,
  evolve: {
    'attack-withdrawn': (s, e) => ({
      ...s,
      combat: null,
      discard: [...s.discard, ...e.cards],
      questions: withoutKey(s.questions, e.defender),
    }),
    'member-removed': (s, e) => {
      const p = e.player;
      return {
        ...s,
        moles: s.moles.filter((m) => m.player !== p),
        hands: withoutKey(s.hands, p),
        discard: [...s.discard, ...handOf(s, p)],
        order: s.order.filter((x) => x !== p),
        dead: s.dead.filter((x) => x !== p),
        // 5 puts a newcomer "just after the last player to have completed a turn": where e was, if it was e.
        lastFinished: s.lastFinished === p ? before(s.order, p) : s.lastFinished,
        questions: withoutKey(s.questions, p),
        orders: withoutKey(s.orders, p),
        reserved: withoutKey(s.reserved, p),
        members: s.members.filter((x) => x !== p),
        requests: s.requests.filter((x) => x !== p),
      };
    },
  } satisfies Folds<TunnelersState, RemovalEvent>,
  describe: {
    'attack-withdrawn': (e) =>
      `${e.attacker}'s attack on ${e.defender}'s mole comes to nothing: ${e.attacker} was removed from the game.`,
    'member-removed': (e) =>
      `${e.player} leaves the Underground Society and the game of Tunnelers${e.mole ? ': eir mole leaves the board and eir cards are discarded' : ''}.`,
  } satisfies Texts<RemovalEvent>,
};
