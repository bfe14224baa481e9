/**
 * A rejected command: a stable machine code plus a sentence a player understands.
 * Each ruleset lists its own codes (Ruleset.errorCodes); the kernel's are listed in KERNEL_ERROR_CODES.
 */
export interface RuleError<C extends string = string> {
  readonly code: C;
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
  'already-requested', // K14: a request to join already waits for the Administrator
  'no-request', // K14: no request to join by that player waits
  'removed', // K15: the Administrator removed this player from the game
  'not-a-ledger-entry', // K12: a correction names an entry that is not a transfer of points
  'already-corrected', // K12: that transfer has been corrected already
  'beacon-needed', // beacon dice: the round the nweek's dice are anchored to is not recorded yet
  'bad-beacon-round', // beacon dice: a round that does not verify (relabelled, altered, another chain)
  'unknown-parameter', // issue 24: the text in force declares no parameter of that name
  'bad-parameter', // issue 24: a value outside its parameter's type (a dice expression that does not parse…)
  'parameters-in-the-way', // issue 24: the game as it stands cannot hold the values (a player off a shrunk Grid)
  'unknown-amendment', // issue 24: no amendment of that number to repeal (or it lapsed or was repealed)
] as const;
export type KernelErrorCode = (typeof KERNEL_ERROR_CODES)[number];

/** The codes rule code of a ruleset whose own codes are C may refuse with: its own and the kernel's. */
export type CodeOf<C extends string> = C | KernelErrorCode;

export const ruleError = <C extends string>(code: C, message: string): RuleError<C> => ({ code, message });

/**
 * A refusal as a value: what a command handler returns to refuse the command (`return refuse('occupied',
 * '…')`). The kernel turns it into the command's `Result.err(RuleError)` and drops the decision's working copy,
 * exactly as it does a thrown Rejection. Its code must be one of the ruleset's (a type error otherwise).
 */
export class Refusal<C extends string = string> {
  constructor(readonly error: RuleError<C>) {}
}

export const refuse = <C extends string>(code: C, message: string): Refusal<C> =>
  new Refusal(ruleError(code, message));

/**
 * Whether a helper's result is a refusal rather than what it looks up (a helper that may refuse returns
 * `T | Refusal<C>`; its caller passes a refusal on: `const t = pick(…); if (isRefusal(t)) return t;`).
 */
export const isRefusal = <T, C extends string>(value: T | Refusal<C>): value is Refusal<C> =>
  value instanceof Refusal;

/**
 * Thrown inside a decision to abandon it; caught at the kernel boundary and turned into a RuleError result,
 * exactly as a returned Refusal is. Only the kernel throws one (its own checks, and a module's onJoin refusal):
 * rule code returns a Refusal, its helpers too (`Refusal | undefined`, or `T | Refusal` and isRefusal), up to
 * the command handler; nothing escapes the kernel as an exception.
 */
export class Rejection extends Error {
  constructor(readonly error: RuleError) {
    super(`${error.code}: ${error.message}`);
  }
}

/** Abandons a decision with one of the kernel's codes (the kernel's checks, and a ruleset's initial(config)). */
export const reject = (code: KernelErrorCode, message: string): never => {
  throw new Rejection(ruleError(code, message));
};

/** The codes a ruleset may refuse with (see Ruleset.errorCodes), as a set: its own and the kernel's. */
export function refusalCodes(own: readonly string[]): ReadonlySet<string> {
  return new Set<string>([...KERNEL_ERROR_CODES, ...own]);
}
