// A command id names one request (issue 13, item 7): the same id again with the same command is answered
// with the first result, and with a different command it is refused ('idempotency-key-reused'), as payment
// APIs do, rather than answered with a result that belongs to another request. What the id first did is read
// from the log itself (the command as recorded, with its dice), so no fingerprint has to be stored beside it.
import type { Command, Json, LogEntry, RuleError } from '../core/index.js';
import { batchCommand, canonicalJson, DEFAULT_RHYTHM_FLOOR, ruleError } from '../core/index.js';
import { withoutFilledInstant } from './instants.js';
import type { Store } from '../store/store.js';

/**
 * A command as it is compared: who, what, the arguments as given, the dice results brought along. A
 * creation's editions (ruling K4, the ruleset's and the kernel's) are compared only when the request names
 * them: a request leaves them to the program, and the recorded creation always has them; its joins (K14) are
 * open unless it says.
 */
function fingerprint(request: Command, withEdition: boolean, withKernelEdition: boolean): string {
  const command = withoutFilledInstant(request);
  const { edition, kernelEdition, joins, rhythmFloor, beacon, ...given } = command.args;
  const args =
    command.type === 'create'
      ? {
          // A creation is recorded with its defaults filled in (kernel.create): compare it so.
          ...given,
          ...(withEdition ? { edition: edition ?? null } : {}),
          ...(withKernelEdition ? { kernelEdition: kernelEdition ?? null } : {}),
          joins: joins ?? 'open',
          config: command.args.config ?? null,
          ndays: command.args.ndays ?? 7,
          dice: command.args.dice ?? 'fair',
          // K16: recorded only when not the default.
          rhythmFloor: rhythmFloor ?? DEFAULT_RHYTHM_FLOOR,
          // B4: the chain as named or as recorded whole, compared by its name (a pinned name is its chain).
          beacon: chainName(beacon, command.args.dice),
        }
      : command.args;
  return canonicalJson({
    type: command.type,
    by: command.by as unknown as Json,
    args: args as Json,
    rolls: (command.rolls ?? []) as Json,
  });
}

/** A creation's beacon chain by name: quicknet unless named, none for other dice. */
function chainName(beacon: Json | undefined, dice: Json | undefined): Json {
  if (dice !== 'beacon') return null;
  if (beacon !== null && typeof beacon === 'object' && !Array.isArray(beacon))
    return (beacon as { readonly name?: Json }).name ?? null;
  return beacon ?? 'quicknet';
}

/**
 * Undefined when `command` is the request that first used its id (whose entries, from the first, are
 * `entries`); else the refusal to answer. `spelt` reads both as the rules would now (K13: "BOB" again is bob's
 * request again, whichever spelling each was given in).
 */
export function reusedId(
  command: Command,
  entries: readonly LogEntry[],
  spelt: (c: Command) => Command = (c) => c,
): RuleError | undefined {
  const first = entries[0];
  const found = first ? batchCommand(first.event, entries[1]?.event) : undefined;
  const recorded = found && spelt(found);
  const withEdition = command.args.edition !== undefined;
  const withKernelEdition = command.args.kernelEdition !== undefined;
  if (
    recorded !== undefined &&
    fingerprint(recorded, withEdition, withKernelEdition) ===
      fingerprint(spelt(command), withEdition, withKernelEdition)
  )
    return undefined;
  return ruleError(
    'idempotency-key-reused',
    'this idempotency key was already used for a different request: nothing was done; use a new key',
  );
}

/**
 * The entries a command id's command appended (`first`..`last`, as Store.command tells), and no more (issue 28
 * item 4): a command retried long after costs what it appended, not the log written since.
 */
export async function commandEntries(
  store: Pick<Store, 'entries'>,
  game: string,
  seen: { readonly first: number; readonly last: number },
): Promise<LogEntry[]> {
  return ((await store.entries(game, seen.first, seen.last)) ?? []).filter((e) => e.seq <= seen.last);
}
