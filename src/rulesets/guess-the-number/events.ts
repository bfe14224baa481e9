// The rules' state, and every event they emit, each declared once: the modules are GuessModules, so
// `ctx.emit` of a shape not listed here is a type error, and each fold and text reads its own event typed.
import type { Decision, GameEvent, Roll, RuleModule } from '../../core/index.js';
import type { GuessErrorCode } from './errors.js';

export interface GuessState {
  /** This nweek's Number: hidden from everyone but the Administrator (view.ts). Null before the first roll. */
  readonly number: number | null;
  /** Whether the Administrator has rolled the Number again this nweek. */
  readonly rolledAgain: boolean;
  /** This nweek's guesses, in the order announced (public: they were announced on a public Forum). */
  readonly guesses: readonly { readonly player: string; readonly guess: number }[];
  /** Every Number revealed so far, by nweek. */
  readonly revealed: readonly { readonly nweek: number; readonly number: number }[];
}

/** The Administrator's secret roll: only e sees it, and it rides on the secret dice stream. */
export interface NumberRolled extends GameEvent {
  type: 'number-rolled';
  vis: 'admin';
  number: number;
  rolls: readonly Roll[];
}

/** That the Administrator rolled again, which everyone may know (never what came up). */
export interface RolledAgain extends GameEvent {
  type: 'rolled-again';
  vis: 'public';
  nweek: number;
}

export interface GuessAnnounced extends GameEvent {
  type: 'guess-announced';
  vis: 'public';
  player: string;
  guess: number;
}

export interface NumberRevealed extends GameEvent {
  type: 'number-revealed';
  vis: 'public';
  nweek: number;
  number: number;
  winners: readonly string[];
}

export type GuessEvent = NumberRolled | RolledAgain | GuessAnnounced | NumberRevealed;

/** A decision of these rules: its state, its error codes, and the events it may emit. */
export type GuessCtx = Decision<GuessState, GuessErrorCode, GuessEvent>;

/** A module (a section of the text), held to its error codes and events. */
export type GuessModule = RuleModule<GuessState, GuessErrorCode, GuessEvent>;
