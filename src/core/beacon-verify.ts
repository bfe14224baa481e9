// Checking a beacon game's dice from its log alone (issue 26 item 3; B1, B2, B6): what `referee verify` runs
// beside re-deciding every command, and what a player can run on a public export, since it needs nothing but
// public entries and the chain the creation describes. A round recorded is verified against the chain's key
// (once: checkRound keeps what it verified); a commitment's round must be published after the instant of the
// command that committed; each anchored roll is derived again when its seed is revealed.
import type { KernelEvent } from './events.js';
import type { Json } from './json.js';
import type { Roll } from './dice/roll.js';
import type { BeaconChain } from './dice/beacon-chains.js';
import type { BeaconRound } from './dice/beacon.js';
import { checkRound } from './dice/beacon.js';
import { checkBeaconRoll, checkNamedRound } from './dice/beacon-draw.js';
import { hexToBytes } from './hash.js';

type Recorded = Extract<KernelEvent, { type: 'beacon-round' }>;
type Revealed = Extract<KernelEvent, { type: 'seed-revealed' }>;

export class BeaconChecks {
  /** The round each nweek's commitment named. */
  private readonly named = new Map<number, number>();
  /** The rounds recorded (verified), by number. */
  private readonly rounds = new Map<number, BeaconRound>();
  /** Anchored rolls waiting for their seed's reveal, by `stream|epoch`. */
  private readonly sealed = new Map<string, Roll[]>();
  /** The instant of the latest command (ms), which a commitment it makes is made at (B1). */
  private instant: number | undefined;
  /** The rounds the seeds' timelocks open at (B13, B14): recorded beside the anchors. */
  private readonly opens = new Set<number>();
  /** Anchored rolls derived again from a revealed seed and a verified round. */
  rederived = 0;

  /** Anchored rolls whose seed is not yet revealed. */
  get unrevealed(): number {
    let n = 0;
    for (const rolls of this.sealed.values()) n += rolls.length;
    return n;
  }

  constructor(
    private readonly game: string,
    private readonly chain: BeaconChain,
    created: string | undefined,
  ) {
    this.instant = created === undefined ? undefined : Date.parse(created);
  }

  /** A command's instant: the one the edge or the engine filled in (at), else a scheduled tick's. */
  commandAt(args: { readonly [k: string]: Json }): void {
    const at =
      typeof args.at === 'string' ? args.at : typeof args.scheduled === 'string' ? args.scheduled : null;
    this.instant = at === null ? undefined : Date.parse(at);
  }

  committed(epoch: number, round: number, problems: string[], opens?: number): void {
    this.named.set(epoch, round);
    if (opens !== undefined) this.opens.add(opens);
    if (this.instant === undefined || !Number.isFinite(this.instant))
      problems.push(`the commitment of nweek ${epoch} names round ${round} but no instant it was made at`);
    else {
      const late = checkNamedRound(this.chain, round, this.instant);
      if (late) problems.push(`nweek ${epoch}: ${late}`);
    }
  }

  recorded(e: Recorded, problems: string[]): void {
    const round: BeaconRound = {
      round: e.round,
      randomness: e.randomness,
      signature: e.signature,
      ...(e.previous_signature !== undefined ? { previous_signature: e.previous_signature } : {}),
    };
    if (e.chain !== this.chain.name)
      problems.push(`round ${e.round} is of ${e.chain}, the game's chain is ${this.chain.name}`);
    const bad = checkRound(this.chain, round, e.round);
    if (bad) problems.push(bad);
    else if (![...this.named.values()].includes(e.round) && !this.opens.has(e.round))
      problems.push(`round ${e.round} was recorded, but no commitment named it`);
    else this.rounds.set(e.round, round);
  }

  roll(r: Roll, problems: string[]): void {
    const p = r.proof;
    if (!p || p.round === undefined || p.chain === undefined)
      return void problems.push(`"${r.purpose}" is a beacon roll with no round in its proof`);
    if (!this.rounds.has(p.round))
      return void problems.push(
        `"${r.purpose}" is anchored to round ${p.round}, which was not recorded before it`,
      );
    const key = `${p.stream}|${p.epoch}`;
    const list = this.sealed.get(key);
    if (list) list.push(r);
    else this.sealed.set(key, [r]);
  }

  /** A seed revealed (and matching its commitment): every roll anchored to it is derived again. */
  revealed(e: Revealed, problems: string[]): void {
    const key = `${e.stream}|${e.epoch}`;
    const rolls = this.sealed.get(key);
    if (!rolls) return;
    this.sealed.delete(key);
    const seed = hexToBytes(e.seed);
    for (const r of rolls) {
      const p = r.proof as NonNullable<Roll['proof']> & { chain: string; round: number };
      const round = this.rounds.get(p.round) as BeaconRound;
      const wrong = checkBeaconRoll(this.game, r, p, seed, this.chain, round);
      if (wrong) problems.push(wrong);
      else this.rederived++;
    }
  }
}
