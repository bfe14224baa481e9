// Life's events are the Field Match's: Life is a match written as the framework's data, and its Effects
// (initialize.ts, tweak.ts, evolve.ts) change it only through EffectContext's verbs, each of which records one
// of the framework's events. So Life declares no event of its own, and its rules may emit no other (issue 28
// item 5): the framework's folds and texts (field-match/field.ts, field-match/events.ts) are Life's.
import type { FieldMatchCtx, FieldMatchEvent } from '../field-match/index.js';

/** Every event a Life game's rules emit. */
export type LifeEvent = FieldMatchEvent;

/** The decision Life's rules are given (the framework's actions, for Life's three). */
export type LifeCtx = FieldMatchCtx;
