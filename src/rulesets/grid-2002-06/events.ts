// Every event of The Grid as amended in June 2002, in one union (issue 28 item 5), and the types its rule code is
// written against: a decision (JuneCtx) and a module (JuneModule) that may emit only these, so that `ctx.emit`
// of a shape no section declares is a type error. Each section's events are declared once: the Grid Objects,
// squares, players, throwing and controls in types.ts (B.2's MoveFailed is the January text's own event, and
// its MoveAnnounced builds on the January one: the June rules go on making what they reuse), D-F.1 and F.4 in
// de-events.ts, F.2-G in fg-state.ts. A leaf beside them: it names no section file, so every one can name it.
import type { Decision, RuleModule } from '../../core/index.js';
import type {
  AmendmentEvent,
  ControlsEvent,
  JuneState,
  ObjectEvent,
  PlayersEvent,
  SquareEvent,
  ThrowingEvent,
} from './types.js';
import type { DEEvent } from './de-events.js';
import type { FGEvent } from './fg-state.js';
import type { JuneErrorCode } from './errors.js';

export type JuneEvent =
  | ObjectEvent
  | SquareEvent
  | PlayersEvent
  | ThrowingEvent
  | ControlsEvent
  | AmendmentEvent
  | DEEvent
  | FGEvent;

/** A decision of the June rules: their state, their error codes, and the events they may emit. */
export type JuneCtx = Decision<JuneState, JuneErrorCode, JuneEvent>;

/** A section of the June text as a module, held to its error codes and events. */
export type JuneModule = RuleModule<JuneState, JuneErrorCode, JuneEvent>;
