// The edges' part in keeping time (issue 14): the kernel never reads the wall clock, so the instant a schedule
// takes effect, or the clock is paused or resumed, comes in the command's arguments. An edge that receives
// such a command without one (the command line, the API) fills in the moment it received it, before submit,
// and the command is recorded with it: a replay decides it again exactly as it was.
import type { Command, Json } from '../core/index.js';

/** The argument each command needs "now" in, when the command gives none. */
export const NOW_ARGUMENT: Readonly<Record<string, string>> = {
  // K16: a game's creation instant bounds its schedules' starts.
  create: 'at',
  schedule: 'since',
  'pause-clock': 'at',
  'resume-clock': 'at',
};

/**
 * The arguments the engine fills in with its own "now", for the game's sake rather than the command's: a tick
 * of a beacon game (issue 26, B1) is given the instant it was decided at, which names the next nweek's round.
 */
export const ENGINE_FILLED: Readonly<Record<string, string>> = { tick: 'at' };

/** The argument the engine fills with a seed's timelock (B13), random, so never compared on a retry. */
export const SEALED_ARGUMENT = 'timelock';

/** A tick of a beacon game with the instant `now` it is decided at, when it gives none (B1). */
export function withBeaconInstant(command: Command, dice: string | undefined, now: number): Command {
  if (dice !== 'beacon' || command.type !== 'tick' || command.args.at !== undefined) return command;
  return { ...command, args: { ...command.args, at: new Date(Math.floor(now / 1000) * 1000).toISOString() } };
}

/**
 * The command with its instant filled in as `now` (ms since epoch, to the whole second: a rhythm's ndays
 * then end on whole seconds) where it needs one and has none.
 */
export function withInstants<C extends Command>(command: C, now: number): C {
  const name = Object.hasOwn(NOW_ARGUMENT, command.type) ? NOW_ARGUMENT[command.type] : undefined;
  if (name === undefined || command.args[name] !== undefined) return command;
  if (command.type === 'schedule' && command.args.clear === true) return command;
  const args: Record<string, Json> = {
    ...command.args,
    [name]: new Date(Math.floor(now / 1000) * 1000).toISOString(),
  };
  return { ...command, args };
}

/**
 * The command as an idempotency key compares it: without the instant an edge fills in, which is when the
 * request arrived, not what it asked. A request retried with the same key reaches the edge later and is
 * filled with a later instant; it is still the same request, answered with what the first did.
 */
export function withoutFilledInstant(command: Command): Command {
  const name = Object.hasOwn(NOW_ARGUMENT, command.type)
    ? NOW_ARGUMENT[command.type]
    : Object.hasOwn(ENGINE_FILLED, command.type)
      ? ENGINE_FILLED[command.type]
      : undefined;
  const { [SEALED_ARGUMENT]: _sealed, ...unsealed } = command.args;
  if (name === undefined || command.args[name] === undefined)
    return _sealed === undefined ? command : { ...command, args: unsealed };
  const { [name]: _filled, ...args } = unsealed;
  return { ...command, args };
}
