// Noticing that the machine's clock jumped (issue 14): the wall clock and the monotonic clock move together
// while the program runs, so between two looks they may differ only by a jump of the wall clock — a machine
// suspended and resumed, or its time set forward (wall ran ahead), or set back (wall fell behind).
import type { TimeSource } from './time.js';

export type Jump =
  /** Wall time ran ahead by `by` ms; `from` is the last instant the program was seen running before it. */
  | { readonly kind: 'forward'; readonly by: number; readonly from: number; readonly to: number }
  /** Wall time fell behind by `by` ms: it was about to read `from` and reads `to`. */
  | { readonly kind: 'back'; readonly by: number; readonly from: number; readonly to: number };

export class JumpWatch {
  private last: { wall: number; mono: number } | undefined;

  /** `threshold`: how far the two clocks may drift apart between looks before it counts (timers are inexact). */
  constructor(
    private readonly time: TimeSource,
    private readonly threshold: number,
  ) {}

  /** Looks at both clocks; the jump since the last look, if any. */
  look(): Jump | undefined {
    const wall = this.time.now();
    const mono = this.time.monotonic();
    const last = this.last;
    this.last = { wall, mono };
    if (!last) return undefined;
    const drift = wall - last.wall - (mono - last.mono);
    if (drift > this.threshold) return { kind: 'forward', by: drift, from: last.wall, to: wall };
    if (drift < -this.threshold)
      return { kind: 'back', by: -drift, from: last.wall + (mono - last.mono), to: wall };
    return undefined;
  }
}
