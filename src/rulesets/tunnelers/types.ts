// The state of Tunnelers (The Underground Society's charter, nweek 48; seeds/002_fc8ccbe6a3fc20b2.txt). The
// events its rules emit are in events.ts. Squares are named as the text labels them: files a-h, ranks 1-8 ("c5").

/** 2.2: "a circle (O), a triangle (T), a square (Q), a star (S) and an X (X)". */
export const CARDS = ['O', 'T', 'Q', 'S', 'X'] as const;
export type Card = (typeof CARDS)[number];

/** A square of the board, "c5". */
export type Square = string;

/** 2.3: the four stats a mole has. */
export const STATS = ['attack', 'defence', 'movement', 'health'] as const;
export type Stat = (typeof STATS)[number];
export type Stats = Readonly<Record<Stat, number>>;

/**
 * 2.3: a temporary change to a mole's stat. `ends` is when it is removed, always reckoned by the mole's own
 * player's turns: 'start' of eir next turn (e changed eir own mole) or 'end' of eir next turn (another did).
 * A temporary health point is a separate point of health, used up first by damage (ruling T-5).
 */
export interface Temp {
  readonly stat: Stat;
  readonly delta: number;
  readonly ends: 'start' | 'end';
}

/** 2.3: a player's mole: where it is, its maximum stats, its health and its temporary changes. */
export interface Mole {
  readonly player: string;
  readonly at: Square;
  readonly max: Stats;
  readonly health: number;
  readonly temps: readonly Temp[];
}

/** 4: the turn in progress. */
export interface Turn {
  readonly player: string;
  /** 3.1: movement points left this turn. */
  readonly movement: number;
  /** 2.1: squares occupied at some moment of this turn (for the collapse of unoccupied tunnels). */
  readonly visited: readonly Square[];
  /**
   * 4: the nday (counted from the start of the game) since which the Moderator has waited for the player: the
   * nday the turn began; in an edition-1 game, restarted by each action (T-12, T-27).
   */
  readonly since: number;
  /** Whether the player has done anything this turn (standing orders run only for a turn not yet begun). */
  readonly acted: boolean;
  /** Whether the player's standing orders have been carried out this turn. */
  readonly ordersRun: boolean;
  /**
   * Whether the player gave or cleared Standing Orders during this turn: from edition 3 those are carried out
   * at the start of eir later turns only, never at this turn's end of an nday (T-9, T-30). Absent: no.
   */
  readonly ordersGiven?: boolean;
}

/** 3.4: an attack whose defender has not yet answered. */
export interface Combat {
  readonly attacker: string;
  readonly defender: string;
  readonly from: Square;
  readonly at: Square;
  readonly cards: readonly Card[];
  readonly since: number;
}

export interface TunnelersState {
  /** 7: whether the game has been started. */
  readonly started: boolean;
  /** 4: how many ndays the Moderator waits for a needed action (ruling T-12). */
  readonly deadline: number;
  /** 2.3: the living moles. */
  readonly moles: readonly Mole[];
  /** 2.1: tunneled squares, each with the number of turns it has been left unoccupied. */
  readonly tunnels: Readonly<Record<Square, number>>;
  /** 2.2: the deck, top first, and the discarded cards. */
  readonly deck: readonly Card[];
  readonly discard: readonly Card[];
  readonly hands: Readonly<Record<string, readonly Card[]>>;
  /** 4: the player list in turn order; dead players stay in it, marked in `dead`. */
  readonly order: readonly string[];
  readonly dead: readonly string[];
  readonly turn: Turn | null;
  /** 5: the last player to have completed a turn. */
  readonly lastFinished: string | null;
  readonly combat: Combat | null;
  /** 4: the question each player has been asked and not yet answered. */
  readonly questions: Readonly<Record<string, string>>;
  /** 4: standing orders, one action each. */
  readonly orders: Readonly<Record<string, readonly string[]>>;
  /** 4: what the Moderator has told each player privately, oldest first. */
  readonly told: Readonly<Record<string, readonly string[]>>;
  /** 4: generally-known events of the turn in progress, announced when it ends. */
  readonly heard: readonly string[];
  /** 4: every public announcement so far. */
  readonly announcements: readonly string[];
  /** 5: squares the Moderator has chosen for players about to join. */
  readonly reserved: Readonly<Record<string, Square>>;
  /**
   * The society (edition 2 on, T-22): its members in the order the Moderator approved them (the longest
   * duration first), and the requests waiting for the Moderator, oldest first. Empty in edition-1 games.
   */
  readonly members: readonly string[];
  readonly requests: readonly string[];
}

/** Reads a record by an own key only (a player named "constructor" must not find Object.prototype's). */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
