import { diceTotal, parseDice } from './notation.js';
import { commitmentOf, fairDraw } from './fair.js';
import type { Stream } from './fair.js';
import { hexToBytes } from '../hash.js';
import { permutation } from './roll.js';
import type { Roll } from './roll.js';

/**
 * Checks one fair roll against its revealed stream seed: the draws are what HMAC gives at the proof's
 * position, and the result follows from the draws. What a player runs to check the Administrator's dice.
 */
export function checkFairRoll(game: string, roll: Roll, seed: Uint8Array): string | null {
  if (roll.source !== 'fair' || !roll.proof) return 'not a fair roll';
  return checkDrawsFrom(seed, game, roll, roll.proof, 'the seed gives') ?? checkRollResult(roll);
}

/**
 * Each draw of a roll is what `seed` gives at the proof's position (fair and beacon-anchored rolls alike);
 * `gives` says, in the message, what gives the draw that was wanted.
 */
export function checkDrawsFrom(
  seed: Uint8Array,
  game: string,
  roll: Pick<Roll, 'purpose' | 'sides' | 'draws'>,
  at: { readonly stream: Stream; readonly epoch: number; readonly first: number; readonly head: string },
  gives: string,
): string | null {
  for (let i = 0; i < roll.sides.length; i++) {
    const want = fairDraw(
      seed,
      { game, stream: at.stream, epoch: at.epoch, index: at.first + i, head: at.head },
      roll.sides[i] ?? 0,
    );
    if (roll.draws[i] !== want)
      return `draw ${i + 1} of "${roll.purpose}" is ${roll.draws[i]}, ${gives} ${want}`;
  }
  return null;
}

/** The result of a roll follows from its draws (for manual and fair rolls alike). */
export function checkRollResult(roll: Roll): string | null {
  if (roll.draws.length !== roll.sides.length)
    return `"${roll.purpose}" has ${roll.draws.length} draws for ${roll.sides.length} dice`;
  for (let i = 0; i < roll.draws.length; i++) {
    const d = roll.draws[i] ?? 0;
    if (!Number.isInteger(d) || d < 1 || d > (roll.sides[i] ?? 0))
      return `draw ${d} does not fit a d${roll.sides[i]}`;
  }
  let want: number | number[];
  if (roll.kind === 'dice') want = diceTotal(parseDice(roll.expr), roll.draws);
  else if (roll.kind === 'choice') want = (roll.draws[0] ?? 1) - 1;
  else want = permutation(Number(/(\d+)$/.exec(roll.expr)?.[1] ?? 0), roll.draws);
  if (JSON.stringify(want) !== JSON.stringify(roll.result))
    return `"${roll.purpose}" records ${JSON.stringify(roll.result)}, its draws give ${JSON.stringify(want)}`;
  return null;
}

/**
 * A revealed seed is the one its commitment promised: the commitment is SHA-256 of the seed's bytes. `verify`
 * checks every reveal with this, and a player's page does too (issue 16, "check the dice").
 */
export function checkSeedReveal(
  reveal: { readonly stream: Stream; readonly epoch: number; readonly seed: string },
  commitment: string | undefined,
): string | null {
  const which = reveal.stream === 'public' ? `public ${reveal.epoch}` : `secret ${reveal.epoch}`;
  if (commitment === undefined) return `the seed of ${which} was revealed but never committed`;
  if (!/^(?:[0-9a-f]{2})+$/.test(reveal.seed) || commitmentOf(hexToBytes(reveal.seed)) !== commitment)
    return `the revealed seed of ${which} does not match its commitment`;
  return null;
}
