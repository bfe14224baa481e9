// The dice part of verifying a log: every roll's result follows from its draws, every revealed seed matches
// the commitment published before it, and the fair and manual rolls are counted for the report. Apart from
// verify.ts because these checks need only each entry on its own, in the log's order, never the rules.
// Beacon dice (issue 26) add: each recorded round verifies against the game's chain, each commitment names a
// round published after the instant of the command that made it (B1), and once a seed is revealed every roll
// anchored to it is derived again from the seed and its round, from the log alone (beacon-verify.ts).
import type { GameEvent, KernelEvent } from './events.js';
import { checkRollResult, checkSeedReveal } from './dice/verify-roll.js';
import { BeaconChecks } from './beacon-verify.js';

/** The rolls and seeds of a log, checked entry by entry. */
export class DiceChecks {
  fairRolls = 0;
  manualRolls = 0;
  /** What was wrong with a roll or a seed, in the log's order. */
  readonly problems: string[] = [];
  /** Each stream's published commitment, by `stream|epoch`, for the reveal that follows it. */
  private readonly commitments = new Map<string, string>();
  /** A beacon game's rounds and anchored rolls (made at its creation). */
  private beacon: BeaconChecks | undefined;

  /** Beacon rolls derived again from a revealed seed and their round. */
  get rederived(): number {
    return this.beacon?.rederived ?? 0;
  }

  /** Beacon rolls whose seed is not yet revealed. */
  get unrevealed(): number {
    return this.beacon?.unrevealed ?? 0;
  }

  /** Checks one entry's event: its rolls, and a seed it commits to or reveals. */
  check(event: GameEvent): void {
    const rolls = event.rolls;
    if (rolls !== undefined)
      for (const r of rolls) {
        if (r.source !== 'manual') this.fairRolls++;
        else this.manualRolls++;
        const wrong = checkRollResult(r);
        if (wrong) this.problems.push(wrong);
        if (r.source === 'beacon') this.beacon?.roll(r, this.problems);
      }
    const k = event as KernelEvent;
    if (k.type === 'game-created' && k.beacon) this.beacon = new BeaconChecks(k.game, k.beacon, k.created);
    else if (k.type === 'seed-committed') {
      this.commitments.set(`${k.stream}|${k.epoch}`, k.commitment);
      if (k.round !== undefined) this.beacon?.committed(k.epoch, k.round, this.problems, k.opens);
    } else if (k.type === 'seed-revealed') {
      const wrong = checkSeedReveal(k, this.commitments.get(`${k.stream}|${k.epoch}`));
      if (wrong) this.problems.push(wrong);
      else this.beacon?.revealed(k, this.problems);
    } else if (k.type === 'beacon-round') this.beacon?.recorded(k, this.problems);
    else if (k.type === 'command') this.beacon?.commandAt(k.command.args);
  }
}
