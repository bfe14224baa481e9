// Tunnelers as the player's own knowledge allows: the turn actions only on eir turn (4: "A player takes eir
// turn by privately telling the Moderator ..."), a defence only when attacked, eir own cards as the choices,
// the squares next to eir mole as targets; joining the society and paying to play as the public lists say.
// The board beyond eir own mole is the Moderator's: nothing here reads it (the view does not carry it).
import type { GamePayload } from '../api';
import type { Choice, Offers } from './types';
import { choice, isObject, list, names, objects, str } from './types';

const FILES = 'abcdefgh';

/** 2.1: "adjacent if they share a horizontal or vertical side". */
export function neighbours(square: string): string[] {
  const m = /^([a-h])([1-8])$/.exec(square);
  if (!m) return [];
  const f = FILES.indexOf(m[1] ?? '');
  const r = Number(m[2]);
  return [
    [f, r + 1],
    [f + 1, r],
    [f, r - 1],
    [f - 1, r],
  ]
    .filter(([a, b]) => a !== undefined && b !== undefined && a >= 0 && a < 8 && b >= 1 && b <= 8)
    .map(([a, b]) => `${FILES[a ?? 0]}${b}`);
}

const CARD: Record<string, string> = { O: 'circle', T: 'triangle', Q: 'square', S: 'star', X: 'X' };

/** The combinations of 3.2's table (src/rulesets/tunnelers/action-play.ts), by their cards. */
const COMBINATIONS = ['OO', 'OOOO', 'TT', 'TTTT', 'QQ', 'QQQQ', 'SS', 'SSSS', 'XO', 'XOT', 'XOTQ', 'XOTQS'];

/** Does the hand hold these cards (each as many times as named)? */
function holds(hand: readonly string[], cards: string): boolean {
  const left = [...hand];
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/** Each card of the hand as its own choice (a hand may hold two alike: both may be chosen). */
const cardChoices = (hand: readonly string[]): Choice[] =>
  hand.map((c) => choice(c, `${c} (${CARD[c] ?? c})`));

export function tunnelersOffers(payload: GamePayload): Offers {
  const v = payload.view;
  if (payload.viewer.role === 'admin') {
    const requests = names(v.requests).map((p) => choice(p));
    return {
      start: v.started === true ? false : {},
      approve: requests.length > 0 ? { fields: { player: { choices: requests } } } : false,
      refuse: requests.length > 0 ? { fields: { player: { choices: requests } } } : false,
      'place-next': { fields: { player: { choices: names(v.members).map((p) => choice(p)), open: true } } },
    };
  }
  if (payload.viewer.role !== 'player') return {};
  const me = payload.viewer.name;
  const you = isObject(v.you) ? v.you : {};
  const mole = isObject(you.mole) ? you.mole : undefined;
  const at = str(mole?.at);
  const hand = list(you.hand).filter((c): c is string => typeof c === 'string');
  const row = objects(v.players).find((p) => p.name === me);
  const playing = row !== undefined && row.alive !== false;
  const member = names(v.members).includes(me);
  const requested = names(v.requests).includes(me);
  const myTurn = v.started === true && v.turn === me && at !== undefined;
  const next = at ? neighbours(at).map((s) => choice(s)) : [];
  const combos = COMBINATIONS.filter((c) => holds(hand, c)).map((c) => choice(c));
  return {
    // A path of squares in turn: the squares next to the mole start it (a click on the board adds one).
    move: myTurn ? { fields: { path: { choices: next, open: true } } } : false,
    play:
      myTurn && combos.length > 0
        ? {
            fields: {
              cards: { choices: combos },
              choice: { choices: ['raise', 'restore', 'lower'].map((o) => choice(o)), open: true },
              target: { choices: next, open: true },
            },
          }
        : false,
    discard:
      myTurn && hand.length > 0 ? { fields: { cards: { choices: cardChoices(hand), many: true } } } : false,
    attack:
      myTurn && hand.length > 0
        ? { fields: { target: { choices: next }, cards: { choices: cardChoices(hand), many: true } } }
        : false,
    defend: isObject(you.attacked)
      ? { fields: { card: { choices: [...cardChoices(hand), choice('none', 'none (no card)')] } } }
      : false,
    'end-turn': myTurn ? {} : false,
    // Standing orders may be given off turn, by anyone whose mole is not dead.
    orders: playing ? {} : false,
    'request-membership': !member && !requested ? {} : false,
    'pay-to-play': member && !playing ? {} : false,
  };
}
