// Issue 28 item 5: a rule may emit only the events its ruleset declares. Each ruleset of rooms, rooms+quests,
// Field Match and Life gives its rules one decision type (RoomsCtx, QuestsCtx, FieldMatchCtx, LifeCtx) whose
// emit accepts only its union of events; the functions below are never called: tsc checks them, and each
// `@ts-expect-error` fails the typecheck the day an undeclared shape would be accepted.
import { describe, expect, it } from 'vitest';
import type { Folds, Refusal, Texts } from '../../src/core/index.js';
import type { RoomsCtx, RoomsState } from '../../src/rulesets/rooms/index.js';
import type { Moved } from '../../src/rulesets/rooms/types.js';
import { endTurn, requireAction } from '../../src/rulesets/rooms/turns.js';
import { arriving } from '../../src/rulesets/rooms/places-state.js';
import type { QuestsCtx } from '../../src/rulesets/quests/types.js';
import type { QuestsErrorCode } from '../../src/rulesets/quests/errors.js';
import type { FieldMatchCtx } from '../../src/rulesets/field-match/index.js';
import type { LifeCtx } from '../../src/rulesets/life/index.js';

function roomsEmits<S extends RoomsState>(ctx: RoomsCtx<S>): void {
  ctx.emit({ type: 'moved', vis: 'public', player: 'alice', from: 'Euston', to: 'Warren Street' });
  // @ts-expect-error rooms declares no such event
  ctx.emit({ type: 'teleported', vis: 'public', player: 'alice', to: 'Euston' });
  // @ts-expect-error a Quests event: the host's rules may not emit it
  ctx.emit({ type: 'quest-named', vis: 'public', player: 'alice', name: 'Grail' });
  // @ts-expect-error 'moved' carries from and to
  ctx.emit({ type: 'moved', vis: 'public', player: 'alice', to: 'Euston' });
  // @ts-expect-error a turn is a number
  ctx.emit({ type: 'turn-began', vis: 'public', player: 'alice', turn: '1', actions: 3 });
}

function questsEmits(ctx: QuestsCtx): void {
  ctx.emit({ type: 'quest-named', vis: 'public', player: 'alice', name: 'Grail' });
  // The host's events are Quests' too, and the host's helpers take Quests' decision (the generics compose).
  ctx.emit({ type: 'turn-ended', vis: 'public', player: 'alice', turn: 1, by: 'admin' });
  // The host's refusal is one Quests' commands may return (its codes are among Quests').
  const no: Refusal<QuestsErrorCode> | undefined = requireAction(ctx, 'alice', 'move');
  const turn = ctx.rules.turn;
  if (!no && turn) endTurn(ctx, turn, 'admin');
  // @ts-expect-error rooms+quests declares no such event
  ctx.emit({ type: 'quest-forgotten', vis: 'public', quest: 1 });
  // @ts-expect-error a Quest's colour is a string
  ctx.emit({ type: 'quest-coloured', vis: 'public', player: 'alice', colour: 7 });
}

function fieldMatchEmits(ctx: FieldMatchCtx): void {
  ctx.emit({ type: 'field-object-removed', vis: 'public', object: 'Cell', at: [1, 1], action: 'Tweak' });
  // @ts-expect-error a Field Match declares no such event
  ctx.emit({ type: 'field-cleared', vis: 'public', action: 'Evolve' });
  // @ts-expect-error an object's attribute names its object and square
  ctx.emit({
    type: 'field-attribute-set',
    vis: 'public',
    action: 'Tweak',
    scope: 'object',
    attribute: 'Color',
    from: null,
    to: 'Red',
  });
}

function lifeEmits(ctx: LifeCtx): void {
  ctx.emit({
    type: 'field-transformed',
    vis: 'public',
    action: 'Evolve',
    transform: 'generation',
    summary: {},
    text: '',
  });
  // @ts-expect-error Life's events are the Field Match's: no Cell is born by an event of its own
  ctx.emit({ type: 'cell-born', vis: 'public', at: [2, 2], color: 'Red' });
}

// A fold or text reads its own event's fields typed: a misspelt field is no string (events stay open records,
// so it reads as unknown JSON), and a type the map's union does not declare is an error.
const folds = {
  // @ts-expect-error Moved has no field `room`: it says `to`
  moved: (s, e) => ({ ...s, places: arriving(s.places, e.player, e.room) }),
} satisfies Folds<RoomsState, Moved>;
const texts = {
  moved: (e) => `${e.player} moves to ${e.to}.`,
  // @ts-expect-error not an event of this map
  teleported: () => 'teleported',
} satisfies Texts<Moved>;

describe('typed emits of rooms, rooms+quests, Field Match and Life', () => {
  it('are checked by tsc (these functions exist only to be typechecked)', () => {
    for (const f of [roomsEmits, questsEmits, fieldMatchEmits, lifeEmits]) expect(typeof f).toBe('function');
    expect(Object.keys(folds)).toEqual(['moved']);
    expect(Object.keys(texts)).toEqual(['moved', 'teleported']);
  });
});
