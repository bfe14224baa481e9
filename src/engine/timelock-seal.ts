// The engine's part in a seed that reveals itself (issue 26 item 3, ruling B13): the kernel is pure, and
// encrypting draws fresh randomness (tlock-js: age's file key, the IBE's sigma), so the engine seals an
// nweek's seed, and the command carries the ciphertext (`timelock`) into the log, where the kernel records it
// beside the commitment. A replay reads it from the command: it is recorded, never recomputed.
import type { BeaconChain } from '../core/dice/beacon-chains.js';
import { chainClientOf } from '../core/dice/timelock.js';
import { streamSeed } from '../core/dice/fair.js';
import type { KernelEvent, Result, RuleError } from '../core/index.js';
import type { DecideJob, Linked } from './deciding.js';

/** The seed encrypted to a round of the chain (armored age, one tlock recipient). */
export async function sealSeed(chain: BeaconChain, round: number, seed: Uint8Array): Promise<string> {
  // Loaded when a seed is first sealed: tlock-js's curves compute their constants as they load (~100 ms of
  // CPU), which every command-line verb would otherwise pay (docs/benchmarks.md, side by side).
  const { timelockEncrypt, Buffer } = await import('tlock-js');
  return timelockEncrypt(round, Buffer.from(seed), chainClientOf(chain));
}

/** The public commitment a decision made that names a timelock round but carries no ciphertext, if any. */
function unsealed(decided: Result<Linked, RuleError>): { epoch: number; opens: number } | undefined {
  if (!decided.ok) return undefined;
  for (const e of decided.value.entries) {
    const k = e.event as KernelEvent;
    if (k.type === 'seed-committed' && k.opens !== undefined && k.timelock === undefined)
      return { epoch: k.epoch, opens: k.opens };
  }
  return undefined;
}

/**
 * Decides a job; if it commits a beacon nweek's seed with a timelock round and no ciphertext (B13), seals the
 * seed to that round and decides the command again carrying it (`timelock`): a decision is deterministic, so
 * the second differs from the first only by the ciphertext. Without the master (a replay elsewhere) or the
 * chain, nothing is sealed.
 */
export async function decideSealed(
  job: DecideJob,
  decide: (job: DecideJob) => Promise<Result<Linked, RuleError>>,
): Promise<Result<Linked, RuleError>> {
  const first = await decide(job);
  const due = job.master && job.command.args.timelock === undefined ? unsealed(first) : undefined;
  const chain = first.ok ? first.value.state.dice.beacon?.chain : undefined;
  if (!due || !chain || !job.master) return first;
  const ciphertext = await sealSeed(chain, due.opens, streamSeed(job.master, 'public', due.epoch));
  return decide({ ...job, command: { ...job.command, args: { ...job.command.args, timelock: ciphertext } } });
}
