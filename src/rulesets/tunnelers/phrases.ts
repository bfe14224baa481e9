// Tunnelers (seeds/002, the Underground Society's charter): moving through squares a-h 1-8, playing and
// discarding cards (O T Q S X), attacking and defending, ending a turn, standing orders; asking again to join
// the society and paying four points to play (T-22, 5). Squares and cards
// are passed as written, as `referee act` passes them; several squares or cards become one argument of
// words joined by spaces ("move c6 c7", "discard O T").
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

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
  = tunnelers_play_verb c:tunnelers_combo _ (("to"i / "and"i) W _)? ch:$("raise"i / "restore"i / "lower"i) W a:tunnelers_aim?
    &{ const k = a && a.stat ? ({ h: 'O', a: 'T', d: 'Q', m: 'S' })[a.stat[0]] : undefined; return k === undefined || c.toUpperCase().split('').every((x) => x === k); }
    { return { type: 'play', args: a && a.square ? { cards: c, choice: ch, target: a.square } : { cards: c, choice: ch } }; }
  / tunnelers_play_verb c:tunnelers_combo _ ("to"i W _ "teleport"i W _ (("to"i / "into"i) W _)? / "and"i W _ "teleport"i W _ (("to"i / "into"i) W _)? / ("on"i / "at"i / "against"i / "targeting"i / "to"i / "into"i) W _)? ("the mole on"i W _ / "the mole at"i W _ / "the square"i W _ / "square"i W _)? s:Square
    { return { type: 'play', args: { cards: c, choice: s } }; }
  / tunnelers_play_verb c:tunnelers_combo
    { return { type: 'play', args: { cards: c } }; }

tunnelers_play_verb
  = ${words('play', 'playing', 'plays', 'use', 'using', 'uses')} _ ("the"i W _)? ("combination"i W _ / "cards"i W _)?

tunnelers_combo
  = c:$([OTQSXotqsx]+) W _ { return c; }

// What a raise, restore or lower is aimed at: a stat (which must be the cards' own: health for O, attack for
// T, defence for Q, movement for S), a mole's square, or both ("the attack of the mole at d5").
tunnelers_aim
  = _ tunnelers_whose? st:tunnelers_stat _ ("of"i / "on"i / "at"i / "against"i / "for"i) W _ s:tunnelers_mole_at
    { return { stat: st, square: s }; }
  / _ tunnelers_whose? st:tunnelers_stat
    { return { stat: st }; }
  / _ (("of"i / "on"i / "at"i / "against"i / "for"i) W _)? s:tunnelers_mole_at
    { return { square: s }; }

tunnelers_whose
  = ("its"i / "the"i) W _ ("maximum"i W _ / "max"i W _)?
  / ("my"i W _)? ("own"i W _)? ("mole's"i W _)? ("maximum"i W _ / "max"i W _)?

tunnelers_stat
  = st:$("health points"i / "health"i / "hit points"i / "attack strength"i / "attack"i / "defense strength"i / "defence strength"i / "defense"i / "defence"i / "movement points"i / "movement"i / "stats"i / "stat"i) W
    { return st.toLowerCase(); }

tunnelers_mole_at
  = ("the"i W _)? ("mole"i W _ ("on"i / "at"i / "in"i) W _)? s:Square { return s; }

tunnelers_teleport
  = ${words('teleport', 'teleporting', 'teleports')} _ (("to"i / "into"i) W _)? ("the square"i W _ / "square"i W _)? s:Square _ ("with"i / "using"i / "by playing"i / "playing"i) W _ ("the"i W _)? c:tunnelers_combo
    { return { type: 'play', args: { cards: c, choice: s } }; }

tunnelers_discard
  = ${words('discard', 'discarding', 'discards')} _ ("all"i W (_ ("my"i W _)? "cards"i W)? / ("my"i W _)? "hand"i W / "everything"i W)
    { return { type: 'discard', args: { cards: 'all' } }; }
  / ${words('discard', 'discarding', 'discards')} _ c:tunnelers_cards
    { return { type: 'discard', args: { cards: c } }; }

tunnelers_attack
  = ${words('attack', 'attacking', 'attacks')} _ (("the"i W _)? "mole"i W _ ("on"i / "at"i / "in"i) W _)? t:Square _ ("with"i / "using"i) W _ c:tunnelers_cards
    { return { type: 'attack', args: { target: t, cards: c } }; }

tunnelers_defend
  = ${words('defend', 'defending', 'defends')} _ ("my mole"i W _)? ("with"i / "using"i) W _ ("nothing"i / "no card"i / "none"i) W
    { return { type: 'defend', args: { card: 'none' } }; }
  / ("do not"i / "don't"i / "won't"i / "will not"i) W _ "defend"i W
    { return { type: 'defend', args: { card: 'none' } }; }
  / ${words('defend', 'defending', 'defends')} _ ("my mole"i W _)? ("with"i / "using"i) W _ tunnelers_one? c:tunnelers_card (_ "card"i W)?
    { return { type: 'defend', args: { card: c } }; }
  / ${words('play', 'playing', 'plays', 'use', 'using', 'uses')} _ tunnelers_one? c:tunnelers_card (_ "card"i W)? _ ("to defend"i / "in defence"i / "in defense"i / "as my defence"i / "as my defense"i / "for my defence"i / "for my defense"i) W
    { return { type: 'defend', args: { card: c } }; }

tunnelers_one
  = ("an"i / "a"i / "the"i / "my"i / "one"i) W _

tunnelers_end_turn
  = ${words('end', 'ending', 'finish', 'finishing')} _ (("my"i / "the"i / "this"i) W _)? "turn"i W
    { return { type: 'end-turn', args: {} }; }
  / ("take"i / "wish to take"i) W _ ("no more"i / "no further"i) W _ ("actions"i / "action"i) W (_ "this turn"i W)?
    { return { type: 'end-turn', args: {} }; }
  / ${words('pass', 'passing')} (_ ("for"i W _)? ("the rest of"i W _)? ("my"i / "this"i / "the"i) W _ "turn"i W)?
    { return { type: 'end-turn', args: {} }; }
  / ("that"i / "this"i) W _ ("ends"i W / "is the end of"i W) _ ("my"i / "the"i / "this"i) W _ "turn"i W
    { return { type: 'end-turn', args: {} }; }
  / ("done"i / "finished"i) W (_ ("with"i / "for"i) W _ ("my"i / "this"i / "the"i) W _ "turn"i W)?
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
    'tunnelers_teleport',
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
    'teleport',
    'pass',
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
    { type: 'play', template: 'I teleport to {choice} with {cards}', sample: { choice: 'e5', cards: 'XO' } },
    { type: 'discard', template: 'I discard {cards}', sample: { cards: 'O T' } },
    {
      type: 'attack',
      template: 'I attack the mole on {target} with {cards}',
      sample: { target: 'd5', cards: 'T' },
    },
    { type: 'defend', template: 'I defend with {card}', sample: { card: 'Q' } },
    { type: 'end-turn', template: 'I end my turn', sample: {} },
    { type: 'end-turn', template: 'I pass', sample: {} },
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
    { text: 'I teleport to e5 with XO.', parsed: { type: 'play', args: { cards: 'XO', choice: 'e5' } } },
    {
      text: 'I play XOT to teleport to f6.',
      parsed: { type: 'play', args: { cards: 'XOT', choice: 'f6' } },
    },
    {
      text: 'I play SS to raise my movement.',
      parsed: { type: 'play', args: { cards: 'SS', choice: 'raise' } },
    },
    {
      text: 'I play OO to restore my health.',
      parsed: { type: 'play', args: { cards: 'OO', choice: 'restore' } },
    },
    {
      text: 'I play QQ to lower the defence of the mole at d5.',
      parsed: { type: 'play', args: { cards: 'QQ', choice: 'lower', target: 'd5' } },
    },
    { text: 'I play TTTT.', parsed: { type: 'play', args: { cards: 'TTTT' } } },
    { text: 'I discard O and T.', parsed: { type: 'discard', args: { cards: 'O T' } } },
    { text: 'I discard all my cards.', parsed: { type: 'discard', args: { cards: 'all' } } },
    {
      text: 'I attack the mole on d5 with T and O.',
      parsed: { type: 'attack', args: { target: 'd5', cards: 'T O' } },
    },
    { text: 'I defend with Q.', parsed: { type: 'defend', args: { card: 'Q' } } },
    { text: 'I defend with a Q.', parsed: { type: 'defend', args: { card: 'Q' } } },
    { text: 'I play an O to defend.', parsed: { type: 'defend', args: { card: 'O' } } },
    { text: 'I do not defend.', parsed: { type: 'defend', args: { card: 'none' } } },
    { text: 'I end my turn.', parsed: { type: 'end-turn', args: {} } },
    { text: 'I pass.', parsed: { type: 'end-turn', args: {} } },
    { text: "I'm done with my turn.", parsed: { type: 'end-turn', args: {} } },
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
