// Checking a beacon game's timelocks (issue 26 item 3; B13-B15), and a player's check of a public log: every
// beacon nweek's commitment must carry its seed timelocked to the round it names (`opens`); once that round is
// in the log (recorded and verified), the timelock is opened and what comes out must be the committed seed (its
// SHA-256 is the commitment) and, if the referee revealed it, the seed revealed. Async, as tlock-js's age
// decryption is, so it runs beside the re-deciding rather than in it. Needs public entries only.
import type { GameEvent, KernelEvent } from './events.js';
import type { BeaconChain } from './dice/beacon-chains.js';
import type { BeaconRound } from './dice/beacon.js';
import { openTimelock } from './dice/timelock.js';
import { DiceChecks } from './verify-dice.js';
import { bytesToHex, sha256Hex } from './hash.js';

export interface TimelockReport {
  /** Timelocks opened with their recorded round, each the committed (and any revealed) seed. */
  readonly opened: number;
  /** Timelocks whose round is not yet in the log: nweek and the round each opens at. */
  readonly sealed: readonly { readonly nweek: number; readonly opens: number }[];
  readonly problems: readonly string[];
  /** The seeds the timelocks opened to, hex, by nweek. */
  readonly seeds: ReadonlyMap<number, string>;
}

interface Locked {
  readonly nweek: number;
  readonly commitment: string;
  readonly opens: number;
  readonly timelock: string | undefined;
}

/** Checks every timelock of a log's events (a beacon game's; none for others). */
export async function checkTimelocks(events: Iterable<GameEvent>): Promise<TimelockReport> {
  let chain: BeaconChain | undefined;
  const locked: Locked[] = [];
  const rounds = new Map<number, BeaconRound>();
  const revealed = new Map<number, string>();
  for (const e of events) {
    const k = e as KernelEvent;
    if (k.type === 'game-created' && k.beacon) chain = k.beacon;
    else if (k.type === 'seed-committed' && k.opens !== undefined)
      locked.push({ nweek: k.epoch, commitment: k.commitment, opens: k.opens, timelock: k.timelock });
    else if (k.type === 'beacon-round')
      rounds.set(k.round, {
        round: k.round,
        randomness: k.randomness,
        signature: k.signature,
        ...(k.previous_signature !== undefined ? { previous_signature: k.previous_signature } : {}),
      });
    else if (k.type === 'seed-revealed' && k.stream === 'public') revealed.set(k.epoch, k.seed);
  }
  const problems: string[] = [];
  const sealed: { nweek: number; opens: number }[] = [];
  const seeds = new Map<number, string>();
  let opened = 0;
  if (!chain) return { opened, sealed, problems, seeds };
  for (const l of locked) {
    if (l.timelock === undefined) {
      problems.push(`nweek ${l.nweek}'s seed has no timelock: it cannot reveal itself (B13)`);
      continue;
    }
    const round = rounds.get(l.opens);
    if (!round) {
      sealed.push({ nweek: l.nweek, opens: l.opens });
      continue;
    }
    const plain = await openTimelock(chain, l.timelock, round);
    if (!plain.ok) problems.push(`nweek ${l.nweek}'s timelock: ${plain.error}`);
    else if (sha256Hex(plain.value) !== l.commitment)
      problems.push(`nweek ${l.nweek}'s timelock opens to a seed that is not the one committed`);
    else if (revealed.has(l.nweek) && revealed.get(l.nweek) !== bytesToHex(plain.value))
      problems.push(`nweek ${l.nweek}'s timelock opens to another seed than the one revealed`);
    else {
      opened++;
      seeds.set(l.nweek, bytesToHex(plain.value));
    }
  }
  return { opened, sealed, problems, seeds };
}

/** What a player's check of a public log finds (`referee verify --public`). */
export interface PublicDiceReport extends TimelockReport {
  /** Rolls derived again from revealed seeds (and, for beacon dice, their recorded rounds). */
  readonly rederived: number;
  /** Rolls whose seed is not yet revealed (nor its timelock opened): checked once it is. */
  readonly unrevealed: number;
}

/**
 * A player's check of a public export, from it alone and the chain its creation describes: every roll's
 * result from its draws, every revealed seed against its commitment, every beacon round against the chain's
 * key, every revealed roll derived again, every timelock opened whose round is in the log. A seed the referee
 * did not reveal but whose timelock opened counts as revealed.
 */
export async function checkPublicDice(events: readonly GameEvent[]): Promise<PublicDiceReport> {
  const timelocks = await checkTimelocks(events);
  const dice = new DiceChecks();
  for (const e of events) dice.check(e);
  // A seed its timelock opened, which the referee has not revealed (B14): revealed all the same.
  const revealed = new Set(
    events.flatMap((e) => (e.type === 'seed-revealed' ? [(e as unknown as { epoch: number }).epoch] : [])),
  );
  for (const [epoch, seed] of timelocks.seeds)
    if (!revealed.has(epoch))
      dice.check({ type: 'seed-revealed', vis: 'public', stream: 'public', epoch, seed });
  return {
    ...timelocks,
    problems: [...dice.problems, ...timelocks.problems],
    rederived: dice.rederived,
    unrevealed: dice.unrevealed,
  };
}
