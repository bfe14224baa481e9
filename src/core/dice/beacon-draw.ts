// Beacon-anchored draws (issue 26 item 1): a roll of nweek e derives from the nweek's secret seed AND the
// randomness of the beacon round its commitment named, a round published after the commitment (ruling B1). The
// seed was fixed before that round existed and the round cannot be known in advance, so no one - whoever runs
// the referee included - could know any roll when the seed was committed, nor choose among seeds by trying
// them. Beyond the anchor a draw is a fair one: HMAC-SHA256 over the same position (game, stream, epoch, index,
// the log's head), rejection-sampled, so purpose and counter go in as they do for `fair` dice.
import { hmacSha256 } from '../hash.js';
import { roundAt, roundTime } from './beacon-chains.js';
import type { BeaconChain } from './beacon-chains.js';
import { checkRound } from './beacon.js';
import type { BeaconRound } from './beacon.js';
import { fairDraw } from './fair.js';
import type { DrawPosition } from './fair.js';
import { checkDrawsFrom, checkRollResult } from './verify-roll.js';
import type { Roll } from './roll.js';

/**
 * The seed the draws use: HMAC(stream seed, "beacon|<chain hash>|<round>|<randomness>"). Naming the chain and
 * the round in the label as well as the randomness keeps two anchors apart even if a randomness repeated.
 */
export function anchoredSeed(seed: Uint8Array, chain: BeaconChain, round: BeaconRound): Uint8Array {
  return hmacSha256(seed, `beacon|${chain.hash}|${round.round}|${round.randomness}`);
}

/** A draw in 1..sides from the stream seed anchored to a beacon round (see anchoredSeed, fairDraw). */
export function beaconDraw(
  seed: Uint8Array,
  chain: BeaconChain,
  round: BeaconRound,
  at: DrawPosition,
  sides: number,
): number {
  return fairDraw(anchoredSeed(seed, chain, round), at, sides);
}

/**
 * The round a commitment made at `committedAt` (ms since the epoch) names (ruling B1): the first round published
 * at least `margin` rounds after the one current then, so it did not exist when the seed was fixed, even if the
 * committing clock ran a little behind the beacon's. A margin below 1 is taken as 1.
 */
export function roundToName(chain: BeaconChain, committedAt: number, margin = 2): number {
  return roundAt(chain, committedAt) + Math.max(1, Math.floor(margin));
}

/**
 * Why a round is no anchor for a commitment made at `committedAt`, or null (ruling B1): a round already
 * published then (or within the chain's period of it) is late, whoever could see it could have chosen the seed.
 */
export function checkNamedRound(chain: BeaconChain, named: number, committedAt: number): string | null {
  if (!Number.isSafeInteger(named) || named < 1) return `round ${named} is no round of ${chain.name}`;
  if (roundTime(chain, named) <= committedAt)
    return `round ${named} of ${chain.name} was published before the seed was committed, so it anchors nothing`;
  return null;
}

/** Where an anchored roll's draws sit: the fair proof and the beacon round it names. */
export interface BeaconProof {
  readonly stream: DrawPosition['stream'];
  readonly epoch: number;
  readonly first: number;
  readonly head: string;
  /** The chain's name and the round the nweek's commitment named. */
  readonly chain: string;
  readonly round: number;
}

/**
 * Checks a beacon-anchored roll once its seed is revealed and its round published: the round verifies against
 * the chain's pinned key, it is the round the proof names, and every draw is what the anchored seed gives.
 */
export function checkBeaconRoll(
  game: string,
  roll: Pick<Roll, 'purpose' | 'kind' | 'expr' | 'sides' | 'draws' | 'result'>,
  proof: BeaconProof,
  seed: Uint8Array,
  chain: BeaconChain,
  round: BeaconRound,
): string | null {
  if (proof.chain !== chain.name) return `"${roll.purpose}" is anchored to ${proof.chain}, not ${chain.name}`;
  const bad = checkRound(chain, round, proof.round);
  if (bad !== null) return bad;
  const anchored = anchoredSeed(seed, chain, round);
  return (
    checkDrawsFrom(anchored, game, roll, proof, `the seed and round ${proof.round} give`) ??
    checkRollResult({ ...roll, source: 'fair', secret: false })
  );
}
