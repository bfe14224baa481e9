// Issue 28 item 5: an Effect refuses its invocation as a condition of its Trigger does, by returning a refusal
// (`return fx.refuse(code, message)`), never by throwing one. The command's result is the refusal, and what the
// effect changed before refusing is dropped with the rest of the decision.
import { describe, expect, it } from 'vitest';
import { player } from '../../src/core/index.js';
import { fieldMatch, playerValue } from '../../src/rulesets/field-match/index.js';
import type { Effect, FieldMatchDefinition } from '../../src/rulesets/field-match/index.js';
import { fieldOf, matchGame } from '../support/harness/field-match.js';

//   Create a Field Match named "Gifts" with a 1 x 1 Field. Attribute: Score - Scope: Players - Range: 0 to 9.
//   Invokable Action: Gift - Attached to: Players - Trigger: a Player - Effect: the giver's Score goes up by
//     one, then a gift to oneself is refused (after the change, so the refusal must undo it).
const GIFTS: FieldMatchDefinition = {
  id: 'gifts',
  name: 'Gifts',
  field: { width: 1, height: 1, adjacency: 'orthogonal' },
  attributes: [{ name: 'Score', scope: 'Players', range: { min: 0, max: 9 }, default: 0 }],
  objects: [{ name: 'Token' }],
  actions: [{ name: 'Gift', verb: 'give', attachedTo: 'Players', trigger: { by: 'Player' }, effect: 'gift' }],
};

const gift: Effect = (fx) => {
  const { target, invoker } = fx;
  if (target.kind !== 'player' || invoker === null) throw new Error('Gift is a player’s action on a player');
  fx.setPlayer(invoker, 'Score', Number(fx.player(invoker, 'Score')) + 1);
  if (target.name === invoker) return fx.refuse('not-allowed', `${invoker} cannot give a gift to emself`);
  return undefined;
};

const gifts = fieldMatch(GIFTS, { gift });
const score = (t: ReturnType<typeof matchGame>, name: string) =>
  playerValue(gifts.match, fieldOf(t), name, 'Score');

describe("an Effect's refusal is a value (issue 28 item 5)", () => {
  it('a returned refusal is the result, and the change the effect made before it is dropped', () => {
    const t = matchGame(gifts, { players: ['alice', 'bob'] });
    const before = t.entries.length;
    const error = t.fail({ type: 'give', by: player('alice'), args: { player: 'alice' } });
    expect(error).toEqual({ code: 'not-allowed', message: 'alice cannot give a gift to emself' });
    expect(t.entries.length).toBe(before);
    expect(score(t, 'alice')).toBe(0);
    t.ok({ type: 'give', by: player('alice'), args: { player: 'bob' } });
    expect(score(t, 'alice')).toBe(1);
  });
});
