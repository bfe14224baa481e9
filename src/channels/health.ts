// A channel's health as its Courier sees it (issue 23 item 9: "a long SMTP outage goes unnoticed: temporary
// failures are retried silently with a delay that doubles up to an hour"). Two things are kept apart:
//
// - failing: since the first failed delivery after the last one that went through, every delivery tried has
//   failed. Once that has lasted `outageMs` (default 10 min), the outage is told (once per outage: onOutage,
//   which writes notices for the other channels to carry), and when a delivery goes through again its end is
//   told too, if its start was.
// - down: the receiver itself does not answer (the channel threw Unreachable: connection refused, a timeout,
//   SMTP 421). While down, the Courier tries no delivery (each would fail alike, each after its own timeout)
//   and probes the receiver every `probeMs` (default 30 s) instead; once a probe or a delivery goes through,
//   every delivery deferred meanwhile is made due at once (Leases.dueNow), rather than each waiting out its
//   own backoff of up to an hour. A notice's own trouble (a recipient's mailbox full, greylisting: a 4xx the
//   server answers) leaves the receiver up, and keeps that notice's own backoff.
import { Unreachable } from './outcome.js';

/** What onOutage is told: mail failing for a while, or going through again after an outage told. */
export type OutageEvent =
  | {
      readonly kind: 'failing';
      readonly channel: string;
      /** When the first delivery of the outage failed (ms). */
      readonly since: number;
      readonly at: number;
      /** Deliveries and probes tried and failed since. */
      readonly failures: number;
      /** Whether the receiver answers at all ('unreachable'), or answers and refuses for now ('refusing'). */
      readonly why: 'unreachable' | 'refusing';
    }
  | {
      readonly kind: 'recovered';
      readonly channel: string;
      readonly since: number;
      readonly at: number;
      readonly failures: number;
    };

export interface HealthOptions {
  /** How long every delivery may fail before the outage is told; default 10 min. */
  readonly outageMs?: number;
  /** While the receiver does not answer, how often it is probed; default 30 s. */
  readonly probeMs?: number;
  /** Told once per outage, and of its end; a failure to tell is tried again at the next look. */
  readonly onOutage?: (event: OutageEvent) => Promise<void>;
}

export const HEALTH_DEFAULTS = { outageMs: 10 * 60_000, probeMs: 30_000 };

/** What the Courier is to do at the start of a round. */
export interface Look {
  /** The receiver does not answer: claim nothing this round. */
  readonly down: boolean;
  /** The receiver answers again: make every deferred delivery due now. */
  readonly release: boolean;
}

export class Health {
  private readonly outageMs: number;
  private readonly probeMs: number;
  /** When the first failure since the last delivery that went through happened; undefined: not failing. */
  private since: number | undefined;
  private failures = 0;
  private told = false;
  private down = false;
  private nextProbe: number | undefined;

  constructor(
    private readonly channel: string,
    /** Resolves if the receiver answers; absent: the channel cannot be probed, and is never judged down. */
    private readonly probe: (() => Promise<void>) | undefined,
    private readonly options: HealthOptions = {},
  ) {
    this.outageMs = options.outageMs ?? HEALTH_DEFAULTS.outageMs;
    this.probeMs = options.probeMs ?? HEALTH_DEFAULTS.probeMs;
  }

  /** Whether the receiver is judged not to answer (no delivery is tried meanwhile). */
  get isDown(): boolean {
    return this.down;
  }

  /** A delivery failed (not for good): counts toward the outage; Unreachable puts the receiver down. */
  failed(now: number, error: unknown): void {
    this.since ??= now;
    this.failures++;
    if (error instanceof Unreachable && this.probe) {
      if (!this.down) this.nextProbe = now + this.probeMs;
      this.down = true;
    }
  }

  /**
   * A delivery went through: the outage (if any) is over, and told so if its start was. Answers whether the
   * deliveries deferred meanwhile are to be made due now (the receiver was down, or the outage was told).
   */
  async delivered(now: number): Promise<boolean> {
    if (this.since === undefined && !this.down) return false;
    const release = this.down || this.told;
    if (this.told && this.since !== undefined)
      await this.tell({
        kind: 'recovered',
        channel: this.channel,
        since: this.since,
        at: now,
        failures: this.failures,
      });
    this.since = undefined;
    this.failures = 0;
    this.told = false;
    this.down = false;
    this.nextProbe = undefined;
    return release;
  }

  /** At the start of a round: probes the receiver if it is down and a probe is due; tells an outage due. */
  async look(now: number): Promise<Look> {
    let release = false;
    if (this.down && this.probe && this.nextProbe !== undefined && now >= this.nextProbe) {
      try {
        await this.probe();
        // It answers: deliveries are tried again (all of them, at once); the outage ends when one goes through.
        this.down = false;
        this.nextProbe = undefined;
        release = true;
      } catch {
        this.failures++;
        this.nextProbe = now + this.probeMs;
      }
    }
    if (this.since !== undefined && !this.told && now - this.since >= this.outageMs) {
      this.told = await this.tell({
        kind: 'failing',
        channel: this.channel,
        since: this.since,
        at: now,
        failures: this.failures,
        why: this.down ? 'unreachable' : 'refusing',
      });
    }
    return { down: this.down, release };
  }

  /** When the Courier must look again (a probe, or the outage's telling, comes due), if ever. */
  nextLook(): number | undefined {
    const times: number[] = [];
    if (this.down && this.nextProbe !== undefined) times.push(this.nextProbe);
    if (this.since !== undefined && !this.told) times.push(this.since + this.outageMs);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  private async tell(event: OutageEvent): Promise<boolean> {
    if (!this.options.onOutage) return true;
    try {
      await this.options.onOutage(event);
      return true;
    } catch {
      return false; // the store unreachable too: told at the next look
    }
  }
}
