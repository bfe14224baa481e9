/**
 * A rejected command: a stable machine code plus a sentence a player understands.
 * Rulesets add their own codes; the kernel's are listed in KERNEL_ERROR_CODES.
 */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export const KERNEL_ERROR_CODES = [
  'unknown-command', // no active rule module handles this command type
  'bad-arguments', // the command's arguments are malformed
  'not-allowed', // this actor may not give this command
  'unknown-player', // the player has not joined this game
  'already-joined',
  'game-over',
  'dice-needed', // manual dice: no queued result left for a roll
  'bad-dice', // a queued or supplied result does not fit the die
  'unknown-ruleset',
  'unknown-module',
  'game-exists',
  'unknown-game',
  'bad-config',
  'rule-not-in-force', // a rule emitted an event only a repealed module records
  'beacon-needed', // beacon dice: the round the nweek's dice are anchored to is not recorded yet
  'bad-beacon-round', // beacon dice: a round that does not verify (relabelled, altered, another chain)
] as const;
export type KernelErrorCode = (typeof KERNEL_ERROR_CODES)[number];

export const ruleError = (code: string, message: string): RuleError => ({ code, message });

/**
 * Thrown inside a decision to abandon it; caught at the kernel boundary and turned into a RuleError result.
 * Rule code deep in a command handler can give up without threading Results through every helper; nothing
 * escapes the kernel as an exception.
 */
export class Rejection extends Error {
  constructor(readonly error: RuleError) {
    super(`${error.code}: ${error.message}`);
  }
}

export const reject = (code: string, message: string): never => {
  throw new Rejection(ruleError(code, message));
};
