// The codes Guess the Number's rules refuse a command with, beside the kernel's: listed once, here.
import type { CodeOf } from '../../core/index.js';

export const GUESS_ERROR_CODES = ['already-guessed', 'already-rolled-again', 'out-of-range'] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type GuessErrorCode = CodeOf<(typeof GUESS_ERROR_CODES)[number]>;
