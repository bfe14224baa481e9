// Issue 24 (item 1), first part for Tunnelers: every number the charter of nweek 48 states, declared once as a
// parameter, with the section and sentence it comes from (seeds/002_fc8ccbe6a3fc20b2.txt). NOT YET REGISTERED
// in index.ts (`parameters:`): the rule code still reads its constants (board.ts SIZE, cards.ts EACH/HAND,
// joining.ts JOINING_FEE/MAX_PLAYERS, leaving.ts, orders.ts, moles.ts, deadline.ts), and registering values the
// code does not follow would let the Administrator pass amendments that change nothing. See
// docs/rulings-parameters-tunnelers.md (PU1–PU3) for the decisions taken so far.
import { defineParameters, inForce } from '../../core/index.js';
import type { GameState } from '../../core/index.js';

/** The largest board: squares are labelled a-h and 1-8 in the text; letters run out after z (26). */
export const LARGEST_BOARD = 26;

const count = (min: number, max: number) => ({ kind: 'integer', min, max }) as const;

export const TUNNELERS_PARAMETERS = defineParameters([
  {
    name: 'Board size',
    section: '2.1. The Board',
    sentence: 'The board is an 8x8 square grid of locations, labelled a-h horizontally and 1-8 vertically.',
    // PU1: "square": one size for both sides.
    type: count(3, LARGEST_BOARD),
    text: 8,
  },
  {
    name: 'Tunnel collapse turns',
    section: '2.1. The Board',
    sentence: 'If a tunneled square is not occupied for four turns, the square becomes un-tunneled.',
    type: count(1, 1000),
    text: 4,
  },
  {
    name: 'Cards of each symbol',
    section: '2.2 The Cards',
    sentence: 'The deck contains twelve of each card.',
    // PU2: the deck's 60 follows from five symbols times this; it is not a parameter of its own.
    type: count(1, 100),
    text: 12,
  },
  {
    name: 'Initial maximum attack strength',
    section: '2.3. Moles',
    sentence: 'Each mole has the following initial stats: 1 maximum attack strength',
    type: count(0, 100),
    text: 1,
  },
  {
    name: 'Initial maximum defense strength',
    section: '2.3. Moles',
    sentence: 'Each mole has the following initial stats: 0 maximum defense strength',
    type: count(0, 100),
    text: 0,
  },
  {
    name: 'Initial maximum movement',
    section: '2.3. Moles',
    sentence: 'Each mole has the following initial stats: 2 maximum movement',
    type: count(0, 100),
    text: 2,
  },
  {
    name: 'Initial maximum health',
    section: '2.3. Moles',
    sentence: 'Each mole has the following initial stats: 5 maximum health',
    type: count(1, 100),
    text: 5,
  },
  {
    name: 'Tunneled square cost',
    section: '3.1. Movement',
    sentence: 'It costs 1 movement point for a mole to enter a tunneled square',
    type: count(0, 100),
    text: 1,
  },
  {
    name: 'Un-tunneled square cost',
    section: '3.1. Movement',
    sentence: 'and 2 movement points to enter an un-tunneled square (tunneling it in the process).',
    type: count(0, 100),
    text: 2,
  },
  {
    name: 'Hand size',
    section: '3.2. Playing Cards',
    sentence:
      'At the beginning of eir turn, a player draws cards from the deck to bring eir hand total to 5.',
    // PU3: the same five the joining player receives (5.) and each player at the start (7.): one parameter.
    type: count(1, 60),
    text: 5,
  },
  {
    name: 'Joining fee',
    section: '5. Joining a Game',
    sentence:
      'Members of this society may pay four points to the society to become a player in a game of Tunnelers.',
    type: count(0, 1_000_000),
    text: 4,
  },
  {
    name: 'Most players',
    section: '5. Joining a Game',
    sentence: 'The game cannot have more than 10 players at a time.',
    type: count(2, 100),
    text: 10,
  },
  {
    name: 'Killing points',
    section: '6. Leaving a Game',
    sentence: 'two points are paid from the society to the player whose mole did the killing',
    type: count(0, 1_000_000),
    text: 2,
  },
  {
    name: "Moderator's points",
    section: '6. Leaving a Game',
    sentence: 'and one point is paid from the society to the Moderator.',
    type: count(0, 1_000_000),
    text: 1,
  },
]);

/** Tunnelers' values in force, typed (the names are TUNNELERS_PARAMETERS'). */
export interface TunnelersParams {
  readonly 'Board size': number;
  readonly 'Tunnel collapse turns': number;
  readonly 'Cards of each symbol': number;
  readonly 'Initial maximum attack strength': number;
  readonly 'Initial maximum defense strength': number;
  readonly 'Initial maximum movement': number;
  readonly 'Initial maximum health': number;
  readonly 'Tunneled square cost': number;
  readonly 'Un-tunneled square cost': number;
  readonly 'Hand size': number;
  readonly 'Joining fee': number;
  readonly 'Most players': number;
  readonly 'Killing points': number;
  readonly "Moderator's points": number;
}

/** The values in force in a game of Tunnelers: one property read (the text's record until an amendment). */
export const tunnelersParams = (game: GameState): TunnelersParams =>
  inForce(game, TUNNELERS_PARAMETERS) as unknown as TunnelersParams;
