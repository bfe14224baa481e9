// What each part of the forgery campaign (issue 23; forgery.ts runs them all) reports of one attack.

/** One attack of the forgery campaign: tried `tried` times with random variants. */
export interface AttackFigures {
  /** What was tried, in words. */
  readonly attack: string;
  /** Attempts made. */
  readonly tried: number;
  /** Attempts that changed a game (a log entry, an address that became a player's): must be 0. */
  readonly actedOn: number;
  /** Messages the referee sent back to the attacker's addresses (or the victims', where said). */
  readonly answered: number;
  /** The most answers the stated rule allows for these attempts. */
  readonly answerCap?: number;
  /** For loop attempts: exchanges that went on past the first answer (must be 0). */
  readonly loops?: number;
  /** What the reader needs: the cap's rule, what a variant was. */
  readonly note?: string;
}
