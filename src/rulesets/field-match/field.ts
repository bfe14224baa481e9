// The Field, its Attributes and its Field Objects as a rule module: how the match's events change its state,
// and the sentence each says in the log.
import type { FieldErrorCode } from './errors.js';
import type { Folds, RuleModule, Texts } from '../../core/index.js';
import type { Match } from './match.js';
import { rangeText, valueText } from './match.js';
import type { FieldState } from './state.js';
import {
  withFieldValue,
  withInvocation,
  withObjectRemoved,
  withObjectsPlaced,
  withObjectValue,
  withPlayerValue,
} from './state.js';
import type { Transform } from './effects.js';
import { applyTransform, matchParams } from './effects.js';
import type { FieldMatchEvent } from './events.js';
import { describeFieldEvents } from './events.js';

/** The sentences that set up the Field, its Attributes and Objects, as the definition quotes them. */
function fieldText(match: Match): string {
  const lines = [
    match.text,
    `A ${match.field.width} x ${match.field.height} Field${match.field.adjacency === 'diagonal' ? ', each square also adjacent to the four squares sharing only a corner with it' : ''}.`,
    match.field.text,
    ...match.objects.map((o) => `Field Object: ${o.name}. ${o.text}`),
    ...match.attributes.map(
      (a) =>
        `Attribute: ${a.name}; Scope: ${a.scope.kind === 'object' ? a.scope.object : a.scope.kind === 'players' ? 'Players' : 'Field'}; Range: ${rangeText(a.range)}; Default: ${valueText(a.default)}. ${a.text}`,
    ),
  ];
  return lines
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .join(' ');
}

export function fieldModule(
  match: Match,
  transforms: Readonly<Record<string, Transform>>,
): RuleModule<FieldState, FieldErrorCode, FieldMatchEvent> {
  return {
    id: 'field',
    section: `The Field of ${match.name}`,
    text: fieldText(match),
    evolve: {
      'field-action-invoked': (s, e, game) =>
        withInvocation(s, { action: e.action, by: e.by, nweek: game.clock.nweek }),
      'field-objects-placed': (s, e) => withObjectsPlaced(match, s, e.object, e.placed),
      'field-object-removed': (s, e) => withObjectRemoved(match, s, e.object, e.at),
      'field-attribute-set': (s, e) => {
        if (e.scope === 'player') return withPlayerValue(s, e.player, e.attribute, e.to);
        if (e.scope === 'field') return withFieldValue(s, e.attribute, e.to);
        return withObjectValue(match, s, e.object, e.at, e.attribute, e.to);
      },
      'field-transformed': (s, e, game) =>
        applyTransform(match, transforms, e.transform, s, matchParams(match, game)).state,
    } satisfies Folds<FieldState, FieldMatchEvent>,
    describe: describeFieldEvents satisfies Texts<FieldMatchEvent>,
  };
}
