// The events Tunnelers's rules emit (issue 28 item 5), each declared once, under the section whose module folds
// and describes it, with that module's union; TunnelersEvent is all of them, the only events its rule code may
// emit (ctx.ts). A module's `evolve` and `describe` are held to its union (`satisfies Folds<TunnelersState,
// CardsEvent>`), so a fold reads each field as its event declares it. Kept in one leaf file: every module emits
// events of others (a play tells, a move asks), so the union sits below all of them, with no import cycle.
import type { GameEvent, Roll } from '../../core/index.js';
import type { Card, Square, Stat } from './types.js';

// ---- 2.2 The Cards (cards.ts) ----

export interface DeckShuffled extends GameEvent {
  readonly type: 'deck-shuffled';
  /** The new deck, top first (in an entry only the Administrator sees, ruling T-4). */
  readonly deck: readonly Card[];
  readonly rolls: readonly Roll[];
}
export interface CardsDrawn extends GameEvent {
  readonly type: 'cards-drawn';
  readonly player: string;
  readonly cards: readonly Card[];
}
export type CardsEvent = DeckShuffled | CardsDrawn;

// ---- 2.3 Moles (moles.ts) ----

export interface TempChanged extends GameEvent {
  readonly type: 'temp-changed';
  readonly player: string;
  readonly stat: Stat;
  readonly delta: number;
  readonly ends: 'start' | 'end';
}
export interface MaxRaised extends GameEvent {
  readonly type: 'max-raised';
  readonly player: string;
  readonly stat: Stat;
}
/** A change of a mole's health points: restored (OO, not beyond the maximum) or lost (damage, T-5). */
interface HealthChange extends GameEvent {
  readonly player: string;
  readonly amount: number;
  readonly cause: string;
}
export interface HealthRestored extends HealthChange {
  readonly type: 'health-restored';
}
export interface HealthLost extends HealthChange {
  readonly type: 'health-lost';
}
export type MolesEvent = TempChanged | MaxRaised | HealthRestored | HealthLost;

// ---- 3.1 Movement (movement.ts; the move action in action-move.ts) ----

export interface Moved extends GameEvent {
  readonly type: 'moved';
  readonly player: string;
  readonly from: Square;
  readonly to: Square;
  readonly cost: number;
  readonly dug: boolean;
}
export interface MovementAdded extends GameEvent {
  readonly type: 'movement-added';
  readonly player: string;
  readonly amount: number;
}
export type MovementEvent = Moved | MovementAdded;

// ---- 3.2 Playing Cards (combinations.ts; the play action in action-play.ts) ----

export interface CardsPlayed extends GameEvent {
  readonly type: 'cards-played';
  readonly player: string;
  readonly cards: readonly Card[];
  readonly effect: string;
}
export type CombinationsEvent = CardsPlayed;

// ---- 3.2 Playing Cards, the teleports (teleport.ts) ----

export interface Teleported extends GameEvent {
  readonly type: 'teleported';
  readonly player: string;
  readonly from: Square;
  readonly to: Square;
  readonly dug: boolean;
}
export type TeleportEvent = Teleported;

// ---- 3.3 Discarding Cards (discard.ts; the discard action in action-discard.ts) ----

export interface Discarded extends GameEvent {
  readonly type: 'discarded';
  readonly player: string;
  readonly cards: readonly Card[];
}
export type DiscardEvent = Discarded;

// ---- 3.4 Combat (combat.ts) ----

export interface AttackCommitted extends GameEvent {
  readonly type: 'attack-committed';
  readonly player: string;
  readonly from: Square;
  readonly at: Square;
  readonly cards: readonly Card[];
}
export interface DefenceCommitted extends GameEvent {
  readonly type: 'defence-committed';
  readonly player: string;
  readonly card: Card | null;
  /** The defender let the deadline pass, so defends with no card (4, T-12). */
  readonly late: boolean;
}
export interface CombatRevealed extends GameEvent {
  readonly type: 'combat-revealed';
  readonly from: Square;
  readonly at: Square;
  readonly attack: readonly Card[];
  readonly defence: Card | null;
  readonly hit: boolean;
  readonly damage: number;
}
export type CombatEvent = AttackCommitted | DefenceCommitted | CombatRevealed;

// ---- 4. Turn Procedure, the Moderator speaking (tell.ts) ----

export interface Told extends GameEvent {
  readonly type: 'told';
  readonly player: string;
  readonly text: string;
}
export interface Asked extends GameEvent {
  readonly type: 'asked';
  readonly player: string;
  readonly question: string;
}
export interface QuestionAnswered extends GameEvent {
  readonly type: 'question-answered';
  readonly player: string;
}
/** A generally-known event, announced at the end of the turn. */
export interface Heard extends GameEvent {
  readonly type: 'heard';
  readonly line: string;
}
export type ModeratorEvent = Told | Asked | QuestionAnswered | Heard;

// ---- 4. Turn Procedure (turns.ts) ----

export interface TurnBegan extends GameEvent {
  readonly type: 'turn-began';
  readonly player: string;
}
export interface TurnEnded extends GameEvent {
  readonly type: 'turn-ended';
  readonly player: string;
  /**
   * Why the turn ended, in logs of edition 1 only. T-26: from edition 2 the public line says only that it ended,
   * and the reason (which may tell what the player holds or has ordered) goes to the player alone.
   */
  readonly why?: string;
}
export interface Announcement extends GameEvent {
  readonly type: 'announcement';
  readonly lines: readonly string[];
}
export type TurnEvent = TurnBegan | TurnEnded | Announcement;

// ---- 4. Turn Procedure, Standing Orders (orders.ts; carried out by turns.ts) ----

export interface OrdersGiven extends GameEvent {
  readonly type: 'orders-given';
  readonly player: string;
  readonly orders: readonly string[];
}
export interface OrdersCleared extends GameEvent {
  readonly type: 'orders-cleared';
  readonly player: string;
}
export interface OrdersRun extends GameEvent {
  readonly type: 'orders-run';
  readonly player: string;
}
export type OrdersEvent = OrdersGiven | OrdersCleared | OrdersRun;

// ---- 4. Turn Procedure, the deadline (deadline.ts) ----

export interface DeadlinePassed extends GameEvent {
  readonly type: 'deadline-passed';
  readonly player: string;
}
export type DeadlineEvent = DeadlinePassed;

// ---- The Underground Society: a request to join it, and the Moderator's answer (society.ts, T-22) ----

export interface MembershipRequested extends GameEvent {
  readonly type: 'membership-requested';
  readonly player: string;
}
export interface MembershipApproved extends GameEvent {
  readonly type: 'membership-approved';
  readonly player: string;
}
export interface MembershipRefused extends GameEvent {
  readonly type: 'membership-refused';
  readonly player: string;
}
export type SocietyEvent = MembershipRequested | MembershipApproved | MembershipRefused;

// ---- 5. Joining a Game (joining.ts) ----

export interface OrderInserted extends GameEvent {
  readonly type: 'order-inserted';
  readonly player: string;
  /** Whom the player comes after in the list; null: at its end. */
  readonly after: string | null;
}
export interface PlacementReserved extends GameEvent {
  readonly type: 'placement-reserved';
  readonly player: string;
  readonly at: Square;
}
export type JoiningEvent = OrderInserted | PlacementReserved;

// ---- 6. Leaving a Game (leaving.ts) ----

export interface MoleDied extends GameEvent {
  readonly type: 'mole-died';
  readonly player: string;
  /** Whose mole did the killing; null: no other mole did (T-15). */
  readonly killer: string | null;
}
export interface ModeratorLeft extends GameEvent {
  readonly type: 'moderator-left';
}
export type LeavingEvent = MoleDied | ModeratorLeft;

// ---- 7. Starting a Game (starting.ts; a mole placed by placement.ts) ----

export interface OrderSet extends GameEvent {
  readonly type: 'order-set';
  readonly order: readonly string[];
  readonly rolls: readonly Roll[];
}
export interface GameStarted extends GameEvent {
  readonly type: 'game-started';
}
export interface MolePlaced extends GameEvent {
  readonly type: 'mole-placed';
  readonly player: string;
  readonly at: Square;
  readonly rolls: readonly Roll[];
}
export type StartingEvent = OrderSet | GameStarted | MolePlaced;

// ---- 6. Leaving a Game, a member removed by the Moderator (removal.ts, ruling T-31) ----

/** T-31: the attack the removed player made, waiting for its defence, comes to nothing. */
export interface AttackWithdrawn extends GameEvent {
  readonly type: 'attack-withdrawn';
  readonly attacker: string;
  readonly defender: string;
  readonly cards: readonly Card[];
}
/** T-31: the removed player leaves the player list, the society and the board. */
export interface MemberRemoved extends GameEvent {
  readonly type: 'member-removed';
  readonly player: string;
  /** Whether e had a mole on the board (public: deaths are announced and the player list is public). */
  readonly mole: boolean;
}
export type RemovalEvent = AttackWithdrawn | MemberRemoved;

/** Every event Tunnelers's rules emit: what its rule code's `ctx.emit` accepts (ctx.ts). */
export type TunnelersEvent =
  | CardsEvent
  | MolesEvent
  | MovementEvent
  | CombinationsEvent
  | TeleportEvent
  | DiscardEvent
  | CombatEvent
  | ModeratorEvent
  | TurnEvent
  | OrdersEvent
  | DeadlineEvent
  | SocietyEvent
  | JoiningEvent
  | LeavingEvent
  | StartingEvent
  | RemovalEvent;
