// Tunnelers (seeds/002, the Underground Society's charter): moving through squares a-h 1-8, playing and
// discarding cards (O T Q S X), attacking and defending, ending a turn, standing orders; asking again to join
// the society and paying four points to play (T-22, 5). Squares and cards
// are passed as written, as `referee act` passes them; several squares or cards become one argument of
// words joined by spaces ("move c6 c7", "discard O T").
import { words } from '../grammar.js';
import type { PhraseSet } from './types.js';

const grammar = String.raw`
tunnelers_move
  = ${words('move', 'moving', 'moves', 'go', 'going', 'tunnel', 'tunneling', 'tunnelling', 'dig', 'digging')} _ (("to"i / "into"i / "through"i / "via"i) W _)? p:tunnelers_squares
    { return { type: 'move', args: { path: p } }; }

tunnelers_squares
  = first:Square rest:(_ ("," _)? (("and then"i / "then"i / "and"i / "to"i) W _)? s:Square { return s; })*
    { return [first, ...rest].join(' '); }

tunnelers_cards
  = first:tunnelers_card rest:(_ ("," _)? ("and"i W _)? c:tunnelers_card { return c; })*
    { return [first, ...rest].join(' '); }

tunnelers_card
  = c:$([OTQSXotqsx]+) W { return c; }

tunnelers_play
  = ${words('play', 'playing', 'plays')} _ ("the"i W _)? ("combination"i W _)? c:$([OTQSXotqsx]+) W _ (("to"i / "and"i) W _)? ch:$("raise"i / "restore"i / "lower"i) W t:(_ (("my"i / "the"i) W _)? ("stats"i / "stat"i / "attack"i / "defense"i / "defence"i / "movement"i / "health"i)? _ ("of"i / "on"i / "at"i / "against"i / "for"i)? _ ("the mole on"i W _ / "the mole at"i W _)? s:Square { return s; })?
    { return { type: 'play', args: t ? { cards: c, choice: ch, target: t } : { cards: c, choice: ch } }; }
  / ${words('play', 'playing', 'plays')} _ ("the"i W _)? ("combination"i W _)? c:$([OTQSXotqsx]+) W _ (("on"i / "at"i / "against"i / "targeting"i) W _)? ("the mole on"i W _ / "the mole at"i W _ / "square"i W _)? s:Square
    { return { type: 'play', args: { cards: c, choice: s } }; }
  / ${words('play', 'playing', 'plays')} _ ("the"i W _)? ("combination"i W _)? c:$([OTQSXotqsx]+) W
    { return { type: 'play', args: { cards: c } }; }

tunnelers_discard
  = ${words('discard', 'discarding', 'discards')} _ ("all"i W (_ ("my"i W _)? "cards"i W)? / ("my"i W _)? "hand"i W / "everything"i W)
    { return { type: 'discard', args: { cards: 'all' } }; }
  / ${words('discard', 'discarding', 'discards')} _ c:tunnelers_cards
    { return { type: 'discard', args: { cards: c } }; }

tunnelers_attack
  = ${words('attack', 'attacking', 'attacks')} _ (("the"i W _)? "mole"i W _ ("on"i / "at"i / "in"i) W _)? t:Square _ ("with"i / "using"i) W _ c:tunnelers_cards
    { return { type: 'attack', args: { target: t, cards: c } }; }

tunnelers_defend
  = ${words('defend', 'defending', 'defends')} _ ("with"i / "using"i) W _ ("nothing"i / "no card"i / "none"i) W
    { return { type: 'defend', args: { card: 'none' } }; }
  / ("do not"i / "don't"i / "won't"i / "will not"i) W _ "defend"i W
    { return { type: 'defend', args: { card: 'none' } }; }
  / ${words('defend', 'defending', 'defends')} _ ("with"i / "using"i) W _ c:tunnelers_card
    { return { type: 'defend', args: { card: c } }; }

tunnelers_end_turn
  = ${words('end', 'ending', 'finish', 'finishing')} _ (("my"i / "the"i / "this"i) W _)? "turn"i W
    { return { type: 'end-turn', args: {} }; }
  / ("take"i / "wish to take"i) W _ "no more actions"i W (_ "this turn"i W)?
    { return { type: 'end-turn', args: {} }; }

tunnelers_pay_to_play
  = ${words('pay', 'paying', 'pays')} _ (("four"i / "4"i) W _ "points"i W _)? ("to"i W _ "the"i W _ ("Underground"i W _)? "Society"i W _)? "to"i W _ ("play"i W / "become a player"i W)
    { return { type: 'pay-to-play', args: {} }; }

tunnelers_request
  = ("request"i / "ask"i / "apply"i) W _ ("again"i W _)? "to"i W _ "join"i W _ "the"i W _ ("Underground"i W _)? "Society"i W (_ "again"i W)?
    { return { type: 'request-membership', args: {} }; }

tunnelers_orders
  = ${words('clear', 'clearing', 'cancel', 'cancelling', 'withdraw', 'withdrawing')} _ ("my"i / "all"i / "all my"i) W _ "standing"i _ "orders"i W
    { return { type: 'orders', args: { action: 'clear' } }; }
  / (${words('give', 'giving', 'leave', 'leaving', 'set', 'setting')} _ ("the"i W _)? / ("my"i W _)) "standing"i _ "orders"i W _ ("are"i W _)? ":"? _ t:Text
    { return { type: 'orders', args: { action: 'give', orders: t } }; }
`;

export const tunnelersPhrases: PhraseSet = {
  family: 'tunnelers',
  grammar,
  // Ending a turn and orders before moving: "I end my turn" has no square, but keep the specific first.
  actions: [
    'tunnelers_pay_to_play',
    'tunnelers_request',
    'tunnelers_end_turn',
    'tunnelers_orders',
    'tunnelers_move',
    'tunnelers_play',
    'tunnelers_discard',
    'tunnelers_attack',
    'tunnelers_defend',
  ],
  keywords: [
    'move',
    'tunnel',
    'dig',
    'play',
    'discard',
    'attack',
    'defend',
    'turn',
    'orders',
    'cards',
    'pay',
    'society',
  ],
  forms: [
    { type: 'move', template: 'I move to {path}', sample: { path: 'c6' } },
    { type: 'play', template: 'I play {cards} to raise', sample: { cards: 'OO' } },
    { type: 'play', template: 'I play {cards} to lower d5', sample: { cards: 'TT' } },
    { type: 'discard', template: 'I discard {cards}', sample: { cards: 'O T' } },
    {
      type: 'attack',
      template: 'I attack the mole on {target} with {cards}',
      sample: { target: 'd5', cards: 'T' },
    },
    { type: 'defend', template: 'I defend with {card}', sample: { card: 'Q' } },
    { type: 'end-turn', template: 'I end my turn', sample: {} },
    { type: 'pay-to-play', template: 'I pay four points to play', sample: {} },
    { type: 'request-membership', template: 'I ask again to join the Underground Society', sample: {} },
    { type: 'orders', template: 'My standing orders are: {orders}', sample: { orders: 'move c6 c7' } },
    { type: 'orders', template: 'I clear my standing orders', sample: {} },
  ],
  examples: [
    { text: 'I move to c6.', parsed: { type: 'move', args: { path: 'c6' } } },
    { text: 'I tunnel through c6 and then c7.', parsed: { type: 'move', args: { path: 'c6 c7' } } },
    { text: 'I play OO to raise.', parsed: { type: 'play', args: { cards: 'OO', choice: 'raise' } } },
    {
      text: 'I play TT to lower the attack of d5.',
      parsed: { type: 'play', args: { cards: 'TT', choice: 'lower', target: 'd5' } },
    },
    { text: 'I play XOT on e5.', parsed: { type: 'play', args: { cards: 'XOT', choice: 'e5' } } },
    { text: 'I play TTTT.', parsed: { type: 'play', args: { cards: 'TTTT' } } },
    { text: 'I discard O and T.', parsed: { type: 'discard', args: { cards: 'O T' } } },
    { text: 'I discard all my cards.', parsed: { type: 'discard', args: { cards: 'all' } } },
    {
      text: 'I attack the mole on d5 with T and O.',
      parsed: { type: 'attack', args: { target: 'd5', cards: 'T O' } },
    },
    { text: 'I defend with Q.', parsed: { type: 'defend', args: { card: 'Q' } } },
    { text: 'I do not defend.', parsed: { type: 'defend', args: { card: 'none' } } },
    { text: 'I end my turn.', parsed: { type: 'end-turn', args: {} } },
    { text: 'I pay four points to the Society to play.', parsed: { type: 'pay-to-play', args: {} } },
    { text: 'I pay to become a player.', parsed: { type: 'pay-to-play', args: {} } },
    {
      text: 'I ask again to join the Underground Society.',
      parsed: { type: 'request-membership', args: {} },
    },
    { text: 'I wish to take no more actions this turn.', parsed: { type: 'end-turn', args: {} } },
    {
      text: 'My standing orders are: "move c6 c7; play SS raise"',
      parsed: { type: 'orders', args: { action: 'give', orders: 'move c6 c7; play SS raise' } },
    },
    { text: 'I clear my standing orders.', parsed: { type: 'orders', args: { action: 'clear' } } },
  ],
};
