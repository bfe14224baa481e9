// What a ruleset says a forum post may say (issue 24: a ruleset's declarations live in its own folder): grammar
// rules for its phrases, the words that mark a sentence as an attempt to act, the forms offered as "did you
// mean", examples, and (for rulesets whose commands name things by id) how a phrase's reference to a thing
// becomes the id the command takes. Data and types only: the forum (src/forum) builds and runs the parsers.
import type { Json, JsonObject } from './json.js';

/**
 * A reference a phrase leaves for the game to settle ("the Ball of Wax" → ball-of-wax:nweek-1): the words
 * name a kind of thing, the id depends on where things are now, which only the player's view knows.
 */
export interface Ref {
  readonly $ref: {
    /** The kind of thing, as the ruleset names kinds (e.g. 'ball-of-wax'). */
    readonly kind: string;
    /** Where to look: in the player's hands, on eir square, thrown at eir square, next to em, or a square. */
    readonly where: 'held' | 'here' | 'aimed-at-me' | 'adjacent' | readonly [number, number];
    /** A name the thing must have (a Siren's), if the words gave one. */
    readonly name?: string;
  };
}

/** "it": the thing the sentence before this one settled on. */
export interface ItRef {
  readonly $it: true;
}

/** A player named in the words, matched to the game's players without regard to case ("Bob" → bob). */
export interface PlayerRef {
  readonly $player: string;
}

export type ArgValue = Json | Ref | ItRef | PlayerRef;

/** What the grammar makes of one sentence: a command type and its arguments, some perhaps still references. */
export interface Parsed {
  readonly type: string;
  readonly args: { readonly [name: string]: ArgValue };
}

/** How a reference was settled: an id, or several candidates the words do not choose between. */
export type Settled = { readonly id: string } | { readonly ambiguous: readonly string[] };

/** A form players are offered when a sentence is not understood; `{name}` stands for an argument. */
export interface Form {
  readonly type: string;
  readonly template: string;
  /** A value for every placeholder, used when the sentence has none to offer (and by the tests). */
  readonly sample: { readonly [name: string]: string | number };
}

/** A sentence and what the grammar must make of it (checked by the tests, shown in the README). */
export interface Example {
  readonly text: string;
  readonly parsed: Parsed;
}

export interface PhraseSet {
  /** Which rules' phrases these are, e.g. grid (January and June share them), grid-june, guess. */
  readonly family: string;
  /**
   * peggy rules, every name starting with `${family}_` (with '-' as '_') so sets can be combined. Each
   * rule named in `actions` returns a Parsed. The shared base rules (Coord, Int, Square, PlayerName, Text,
   * Article, W, _, __) may be used; see src/forum/grammar.ts.
   */
  readonly grammar: string;
  /** The rules that are whole actions, tried in this order (put the more specific first). */
  readonly actions: readonly string[];
  /** Words whose presence makes an unparsed sentence 'not-understood' rather than 'ignored'. */
  readonly keywords: readonly string[];
  readonly forms: readonly Form[];
  readonly examples: readonly Example[];
  /**
   * Settles a reference against the player's own view (what e may see, never more). Absent: the set
   * makes no references.
   */
  readonly settle?: (ref: Ref['$ref'], view: JsonObject, player: string) => Settled;
}

/**
 * `(a / b / c) W` with the longer words first: a PEG choice takes the first alternative that matches, so
 * "enter" before "entering" would match the start of "entering" and then fail at the word's end. (A string
 * helper for writing a phrase's grammar; W is the forum grammar's word boundary.)
 */
export function words(...alternatives: string[]): string {
  const sorted = [...alternatives].sort((a, b) => b.length - a.length);
  return `(${sorted.map((w) => `${JSON.stringify(w)}i`).join(' / ')}) W`;
}
