import type { Json, JsonObject } from './json.js';
import type { Roll } from './dice/roll.js';
import type { Visibility } from './visibility.js';
import type { Command } from './commands.js';
import type { Stream } from './dice/fair.js';
import type { Schedule } from './schedule.js';
import type { Corrects } from './ledger.js';
import type { BeaconChain } from './dice/beacon-chains.js';

/**
 * What decide produces and evolve consumes. Every event says who may see it; the rolls that decided it ride
 * inside it. Rulesets define their own event types beside the kernel's.
 */
export interface GameEvent {
  readonly type: string;
  readonly vis: Visibility;
  readonly rolls?: readonly Roll[];
  readonly [field: string]: Json | readonly Roll[] | undefined;
}

/** One entry of the append-only log: the event, when it happened, and its link in the hash chain. */
export interface LogEntry {
  readonly seq: number;
  readonly at: { readonly nweek: number; readonly nday: number };
  readonly event: GameEvent;
  readonly prev: string;
  readonly hash: string;
}

/** The kernel's own events. */
export type KernelEvent =
  | { type: 'command'; vis: Visibility; command: Command & JsonObject }
  | {
      type: 'game-created';
      vis: 'public';
      game: string;
      ruleset: string;
      config: Json;
      ndays: number;
      dice: 'fair' | 'manual' | 'beacon';
      /** Beacon dice (issue 26, B4): the chain the rolls are anchored to, described whole. */
      beacon?: BeaconChain & JsonObject;
      /** Beacon dice (B13): the creation's `timelock` (nweek 1's seed, sealed), so a replay decides it again. */
      timelock?: string;
      /** The edition of the ruleset's readings the game keeps (ruling K4); absent means 1. */
      edition?: number;
      /** The edition of the kernel's own readings the game keeps (K4, K13); absent means 1. */
      kernelEdition?: number;
      /** Joins wait for the Administrator's approval (K14); absent means anyone may join. */
      joins?: 'approval';
      /** K16 (kernel edition 3 on): the instant the game was created, as the edge filled it in. */
      created?: string;
      /** K16 (kernel edition 3 on): the fastest rhythm allowed, in seconds; absent means the default (60). */
      rhythmFloor?: number;
    }
  | {
      type: 'seed-committed';
      vis: 'public';
      stream: Stream;
      epoch: number;
      commitment: string;
      /** Beacon dice (B1): the round, not yet published, the nweek's rolls are anchored to. */
      round?: number;
      /** Beacon dice (B13): the round at the nweek's end the seed's timelock opens at. */
      opens?: number;
      /** Beacon dice (B13): the seed, tlock-encrypted to round `opens` (armored age), as the engine sealed it. */
      timelock?: string;
    }
  /** Beacon dice (B2, B5): the round a commitment named, verified against the chain's key when recorded. */
  | {
      type: 'beacon-round';
      vis: 'public';
      chain: string;
      round: number;
      randomness: string;
      signature: string;
      previous_signature?: string;
    }
  | { type: 'seed-revealed'; vis: 'public'; stream: Stream; epoch: number; seed: string }
  | { type: 'nday-ended'; vis: 'public'; nweek: number; nday: number }
  | { type: 'nweek-ended'; vis: 'public'; nweek: number }
  | { type: 'nweek-started'; vis: 'public'; nweek: number }
  | { type: 'nday-started'; vis: 'public'; nweek: number; nday: number }
  | { type: 'player-joined'; vis: 'public'; player: string }
  // Who may join (issue 16, admission.ts): requests, the Administrator's answers, removals, the setting.
  | { type: 'join-requested'; vis: 'public'; player: string }
  | { type: 'join-approved'; vis: 'public'; player: string }
  | { type: 'join-refused'; vis: 'public'; player: string; reason?: string }
  | { type: 'player-removed'; vis: 'public'; player: string; reason: string }
  | { type: 'joins-set'; vis: 'public'; joins: 'open' | 'approval' }
  | { type: 'dice-queued'; vis: 'admin'; values: number[]; withCommand?: true }
  | { type: 'dice-cleared'; vis: 'admin' }
  | {
      type: 'points';
      vis: Visibility;
      from: string;
      to: string;
      amount: number;
      reason: string;
      /** A correction: the transfer it reverses (ruling K12). */
      corrects?: Corrects;
    }
  | { type: 'ruleset-amended'; vis: 'public'; from: string; to: string; repeals: string[] }
  | { type: 'module-enacted'; vis: 'public'; module: string }
  | { type: 'module-repealed'; vis: 'public'; module: string }
  | { type: 'game-ended'; vis: 'public'; winners: string[]; reason: string }
  // The game's calendar (issue 14, schedule-commands.ts): the schedule as set, with what it keeps.
  | { type: 'schedule-set'; vis: 'public'; schedule: Schedule }
  | { type: 'schedule-cleared'; vis: 'public' }
  | { type: 'clock-paused'; vis: 'public'; at: string; reason: string }
  | { type: 'clock-resumed'; vis: 'public'; at: string; reason: string }
  | { type: 'nweek-extended'; vis: 'public'; nweek: number; until: string; reason: string }
  /** The tick that follows is the schedule's boundary at `scheduled`. */
  | { type: 'boundary-fired'; vis: 'public'; scheduled: string }
  // Issue 24 (parameter-commands.ts): the parameters of the text amended, in force, lapsed, repealed.
  | {
      type: 'parameters-amended';
      vis: 'public';
      amendment: number;
      changes: { [name: string]: number | string | (number | string)[] };
      why: string;
      from: 'now' | 'nday' | 'nweek' | number;
    }
  | { type: 'parameters-in-force'; vis: 'public'; amendment: number }
  | { type: 'parameters-lapsed'; vis: 'public'; amendment: number; reason: string }
  | { type: 'parameters-repealed'; vis: 'public'; amendment: number; why: string };

/**
 * Kernel events whose fold changes nothing but the entry count (and never carry rolls). A store may hand
 * them to a replay as `{ type, vis }` stubs without parsing them: a third of a typical log.
 */
export const FOLD_NOOP_TYPES: readonly string[] = ['command', 'nday-ended', 'nweek-ended', 'seed-revealed'];

export const KERNEL_EVENT_TYPES: ReadonlySet<string> = new Set<KernelEvent['type']>([
  'command',
  'game-created',
  'seed-committed',
  'seed-revealed',
  'beacon-round',
  'nday-ended',
  'nweek-ended',
  'nweek-started',
  'nday-started',
  'player-joined',
  'join-requested',
  'join-approved',
  'join-refused',
  'player-removed',
  'joins-set',
  'dice-queued',
  'dice-cleared',
  'points',
  'ruleset-amended',
  'module-enacted',
  'module-repealed',
  'game-ended',
  'schedule-set',
  'schedule-cleared',
  'clock-paused',
  'clock-resumed',
  'nweek-extended',
  'boundary-fired',
  'parameters-amended',
  'parameters-in-force',
  'parameters-lapsed',
  'parameters-repealed',
]);
