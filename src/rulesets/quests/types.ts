// The state and events of the Quests rules (Nomic02 rules 139-142, "For It Is Still Your Sacred Task",
// seeds/003_1bebf603c3346265.txt), added to the host `rooms`.
import type { Decision, GameEvent, Roll } from '../../core/index.js';
import type { RoomsEvent, RoomsState, TokenPlace } from '../rooms/types.js';
import type { QuestsErrorCode } from './errors.js';

/** The three rooms of a Quest, by label. */
export const QUEST_ROOMS = ['home', 'locate', 'goal'] as const;
export type QuestRoom = (typeof QUEST_ROOMS)[number];

/** 139: "a value": 1-17 brownie points, or one point of Puissance. */
export type QuestValue = { readonly tally: 'brownie points' | 'Puissance'; readonly amount: number };

/** 139: "A Quest has associated with it: an optional name; a colour; three different rooms ...; and a value." */
export type Quest = {
  readonly id: number;
  readonly name: string | null;
  readonly colour: string;
  readonly home: string;
  readonly locate: string;
  readonly goal: string;
  readonly value: QuestValue;
  /** Who created it (for the record; the rules give the creator nothing). */
  readonly creator: string;
};

/** 142: a Quest being created, step by step, by the active player; gone when it is added or abandoned. */
export type Creation = {
  readonly player: string;
  /** The turn it was commenced in: by that turn's end it must be finished. */
  readonly turn: number;
  readonly name: string | null;
  readonly colour: string | null;
  readonly home: string | null;
  readonly locate: string | null;
  readonly goal: string | null;
};

/** 140: a token designated a quest token, and the Quest it is associated with. */
export type QuestToken = { readonly token: number; readonly quest: number };

/** Q3: the arrivals the home rule has already answered: a player, a Quest, and which arrival of the player. */
export type HomeServed = { readonly player: string; readonly quest: number; readonly arrival: number };

/** The Quests rules' part of the state. */
export type QuestBook = {
  /** 139: the Roster of Quests, in the order they were added. */
  readonly roster: readonly Quest[];
  readonly nextQuest: number;
  readonly tokens: readonly QuestToken[];
  readonly creation: Creation | null;
  readonly served: readonly HomeServed[];
};

/** A `rooms+quests` game: the host's state plus the Quests rules' own. */
export interface QuestsState extends RoomsState {
  readonly quests: QuestBook;
}

export const EMPTY_BOOK: QuestBook = { roster: [], nextQuest: 1, tokens: [], creation: null, served: [] };

// The Quests rules' events, each declared once: the folds (Folds), the texts (Texts) and the emits read them typed.
export interface QuestBegun extends GameEvent {
  type: 'quest-begun';
  player: string;
  turn: number;
  name: string | null;
}
export interface QuestNamed extends GameEvent {
  type: 'quest-named';
  player: string;
  name: string;
}
export interface QuestColoured extends GameEvent {
  type: 'quest-coloured';
  player: string;
  colour: string;
}
export interface QuestRoomChosen extends GameEvent {
  type: 'quest-room-chosen';
  player: string;
  colour: string;
  label: QuestRoom;
  room: string;
  rolls: readonly Roll[];
}
export interface QuestCreated extends GameEvent {
  type: 'quest-created';
  quest: Quest;
  /** The d20 that set the value. */
  rolls: readonly Roll[];
}
export interface QuestAbandoned extends GameEvent {
  type: 'quest-abandoned';
  player: string;
  turn: number;
  /** The command that would have come next. */
  next: string;
  /** The demerits received, when an amendment made them other than the text's one (PQ6). */
  demerits?: number;
}
export interface HomeReached extends GameEvent {
  type: 'home-reached';
  player: string;
  quest: number;
  colour: string;
  room: string;
  arrival: number;
  /** The new "<colour> primary" token lying in the room, or null when the player already carries one. */
  token: number | null;
  name: string;
}
export interface QuestTokensMerged extends GameEvent {
  type: 'quest-tokens-merged';
  quest: number;
  name: string;
  at: TokenPlace;
  removed: readonly number[];
  token: number;
}
export interface QuestTokenRenamed extends GameEvent {
  type: 'quest-token-renamed';
  player: string;
  quest: number;
  token: number;
  from: string;
  to: string;
  room: string;
}
export interface QuestCompleted extends GameEvent {
  type: 'quest-completed';
  quest: number;
  colour: string;
  name: string | null;
  room: string;
  /** Every player who met the criterion at that moment: each gets the full value. */
  players: readonly string[];
  value: QuestValue;
  /** Every token associated with the Quest, wherever it was: all leave the game. */
  removed: readonly number[];
}

/** The events of rule 142 (creating a Quest). */
export type CreationEvent =
  QuestBegun | QuestNamed | QuestColoured | QuestRoomChosen | QuestCreated | QuestAbandoned;
/** The events of rule 141 (home, locate and goal). */
export type ProgressEvent = HomeReached | QuestTokenRenamed | QuestCompleted;

/**
 * Every event a rooms+quests game's rules emit: the host's (whose rules run here unchanged) and the Quests
 * rules' own (issue 28 item 5).
 */
export type QuestsEvent = RoomsEvent | CreationEvent | ProgressEvent | QuestTokensMerged;

/** The decision a Quests rule is given: it refuses with Quests' codes and emits Quests' events. */
export type QuestsCtx = Decision<QuestsState, QuestsErrorCode, QuestsEvent>;
