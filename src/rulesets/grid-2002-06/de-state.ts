// The state of sections D (Elbonian Airways), E (Big Rocks, Sirens, Siren Bait, the Yeti), F.1 (Toads) and F.4
// (Balls of Wax). Kept apart from sections-de.ts, which lists the section files' modules, so that those files can
// import it without an import cycle (as fg-state.ts does for F.2-G).
/** A piece of Siren Bait on a Big Rock (E.2.4). */
export type Bait = {
  readonly rock: string;
  readonly placedIn: number;
  readonly ruinAfter: number;
  readonly attempts: Readonly<Record<string, number>>;
};

/** The part of the state these sections keep. */
export type DEState = {
  /** E.2.3: for each player, the Siren whose ZOE e was in at the end of the last nweeks, and for how many in a row. */
  readonly zoe: Readonly<Record<string, { readonly siren: string; readonly nweeks: number }>>;
  /** E.2.5: the Sirens whose ZATR ring each player stands in now (entering one is what rolls the 1d10). */
  readonly zatr: Readonly<Record<string, readonly string[]>>;
  /**
   * E.2.5: Female players a Siren's 1d10 has freed, until they leave that Siren's ZATR: player -> Siren ids
   * (R-J13: stepping into her ZOE is leaving her ZATR; under edition 1, until in neither).
   */
  readonly freed: Readonly<Record<string, readonly string[]>>;
  /** F.1: Toads, and the nweek at whose start each stops being one. */
  readonly toads: Readonly<Record<string, number>>;
  /**
   * F.4: players with wax in their ears (Deaf), since which nweek (and, from edition 2, which nday of it: R-J18),
   * and whether they have been in a Siren's zone.
   */
  readonly deaf: Readonly<
    Record<string, { readonly since: number; readonly nday?: number; readonly zoned: boolean }>
  >;
  /** F.4: Icky players and how many nday ends it still lasts. */
  readonly icky: Readonly<Record<string, number>>;
  /** D.1: players who have Fallen and not landed on a legal square since. */
  readonly fallen: readonly string[];
  /** E.2.4: Siren Bait on Big Rocks, by the bait's id. */
  readonly bait: Readonly<Record<string, Bait>>;
  /** How many Sirens have been named (for the next name). */
  readonly sirens: number;
};

export const initialDE = (): DEState => ({
  zoe: {},
  zatr: {},
  freed: {},
  toads: {},
  deaf: {},
  icky: {},
  fallen: [],
  bait: {},
  sirens: 0,
});

/** Replaces the D-F.4 state. */
export const withDE = <S extends { readonly de: DEState }>(s: S, de: Partial<DEState>): S => ({
  ...s,
  de: { ...s.de, ...de },
});
