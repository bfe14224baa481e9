// The dice part of verifying a log: every roll's result follows from its draws, every revealed seed matches
// the commitment published before it, and the fair and manual rolls are counted for the report. Apart from
// verify.ts because these checks need only each entry on its own, in the log's order, never the rules.
import type { GameEvent, KernelEvent } from './events.js';
import { checkRollResult, checkSeedReveal } from './dice/verify-roll.js';

/** The rolls and seeds of a log, checked entry by entry. */
export class DiceChecks {
  fairRolls = 0;
  manualRolls = 0;
  /** What was wrong with a roll or a seed, in the log's order. */
  readonly problems: string[] = [];
  /** Each stream's published commitment, by `stream|epoch`, for the reveal that follows it. */
  private readonly commitments = new Map<string, string>();

  /** Checks one entry's event: its rolls, and a seed it commits to or reveals. */
  check(event: GameEvent): void {
    const rolls = event.rolls;
    if (rolls !== undefined)
      for (const r of rolls) {
        if (r.source === 'fair') this.fairRolls++;
        else this.manualRolls++;
        const wrong = checkRollResult(r);
        if (wrong) this.problems.push(wrong);
      }
    const k = event as KernelEvent;
    if (k.type === 'seed-committed') this.commitments.set(`${k.stream}|${k.epoch}`, k.commitment);
    else if (k.type === 'seed-revealed') {
      const wrong = checkSeedReveal(k, this.commitments.get(`${k.stream}|${k.epoch}`));
      if (wrong) this.problems.push(wrong);
    }
  }
}
