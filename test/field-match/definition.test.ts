// The Field Match definition format: a definition is data checked against a schema, and every problem is
// reported with where it is and what would do instead. Life's own definition is the base most cases change.
import { describe, expect, it } from 'vitest';
import { compileMatch, fieldMatch } from '../../src/rulesets/field-match/index.js';
import type { FieldMatchDefinition } from '../../src/rulesets/field-match/index.js';
import { DefinitionError } from '../../src/rulesets/field-match/index.js';
import { LIFE } from '../../src/rulesets/life/index.js';

const EFFECTS = ['initialize', 'tweak', 'evolve'];

/** A definition as JSON, loosely typed so a test can break it anywhere. */
interface Editable {
  field: Record<string, unknown>;
  attributes: Record<string, unknown>[];
  objects: { name: string; display: { symbols: Record<string, string> } }[];
  actions: {
    verb?: string;
    attachedTo: string;
    effect: string;
    trigger: { perNweek?: number; after?: string[]; when: { test: unknown; code: string }[] };
  }[];
}

/** Life's definition as plain JSON, changed by `edit`. */
function lifeWith(edit: (d: Editable) => void): unknown {
  const d = JSON.parse(JSON.stringify(LIFE)) as Editable;
  edit(d);
  return d;
}

const problems = (raw: unknown, effects = EFFECTS): string[] => {
  const r = compileMatch(raw, effects);
  return r.ok ? [] : r.error;
};

describe('Field Match definitions', () => {
  it("Definition: Life's definition compiles; read back from JSON it compiles the same (a match can be written as data)", () => {
    const direct = compileMatch(LIFE, EFFECTS);
    const fromJson = compileMatch(JSON.parse(JSON.stringify(LIFE)), EFFECTS);
    expect(direct.ok).toBe(true);
    expect(fromJson).toEqual(direct);
    if (!direct.ok) return;
    const m = direct.value;
    // "Range: same as Teams" / "Default: same as Teams" resolve to Team's.
    const color = m.attributes.find((a) => a.name === 'Color');
    expect(color?.range).toEqual({
      kind: 'enum',
      values: ['Red', 'Green', 'Blue', null],
      nonNull: ['Red', 'Green', 'Blue'],
      nullable: true,
    });
    expect(color?.default).toBeNull();
    expect(color?.scope).toEqual({ kind: 'object', object: 'Cell' });
    expect(
      m.actions.map((a) => [a.name, a.verb, a.attachedTo.kind, a.trigger.by, a.trigger.perNweek]),
    ).toEqual([
      ['Initialize', 'initialize', 'field', 'Referee', null],
      ['Tweak', 'tweak', 'object', 'Player', 1],
      ['Evolve', 'evolve', 'field', 'Referee', 1],
    ]);
  });

  it.each<[string, (d: Editable) => void, string]>([
    ['a Field of an unknown adjacency', (d) => (d.field.adjacency = 'hex'), 'field.adjacency: '],
    ['a Field too wide', (d) => (d.field.width = 5000), 'field.width: '],
    ['no actions', (d) => (d.actions = []), 'actions: a match has at least one Invokable Action'],
    ['an unknown key', (d) => (d.field.wrap = true), 'field: '],
    [
      'a scope that is neither Players, Field nor an object',
      (d) => (d.attributes[1]!.scope = 'Squares'),
      'attributes[1].scope: there is no scope Squares: use Players, Field or a Field Object (Cell)',
    ],
    [
      '"same as" an attribute that does not exist',
      (d) => (d.attributes[1]!.range = { sameAs: 'Teem' }),
      'attributes[1].range: there is no attribute Teem (attributes: Team, Color, Advantage)',
    ],
    [
      '"same as" going round in a circle',
      (d) => {
        d.attributes[0]!.range = { sameAs: 'Color' };
        d.attributes[1]!.range = { sameAs: 'Team' };
      },
      'attributes[0].range: "same as" goes round in a circle through Team',
    ],
    [
      'a default outside the range',
      (d) => (d.attributes[0]!.default = 'Purple'),
      'attributes[0].default: Purple is not in the range of Team (Red, Green, Blue, null)',
    ],
    ['the word "null" for null', (d) => (d.attributes[0]!.range = ['Red', 'null']), 'attributes[0].range'],
    [
      'a value listed twice',
      (d) => (d.attributes[0]!.range = ['Red', 'Red', null]),
      'attributes[0].range: Red is listed twice',
    ],
    [
      'two attributes with one name',
      (d) => (d.attributes[2]!.name = 'Team'),
      'attributes[2].name: there are two attributes called Team',
    ],
    [
      'an attribute named after a member of every object',
      (d) => (d.attributes[2]!.name = 'constructor'),
      'attributes[2].name: "constructor" is a reserved word',
    ],
    [
      'an object named like a scope',
      (d) => (d.objects[0]!.name = 'Field'),
      'objects[0].name: "Field" is the name of a scope',
    ],
    [
      'a display symbol for a value the attribute does not have',
      (d) => (d.objects[0]!.display.symbols.Purple = 'P'),
      'objects[0].display.symbols.Purple: Purple is not a value of Color (Red, Green, Blue, null)',
    ],
    [
      'an action attached to something that does not exist',
      (d) => (d.actions[1]!.attachedTo = 'Squares'),
      'actions[1].attachedTo: an action is attached to Field, Players or a Field Object (Cell), not Squares',
    ],
    [
      'a verb every game already has',
      (d) => (d.actions[2]!.verb = 'tick'),
      'actions[2].verb: "tick" is a command every game has; give the action another verb',
    ],
    [
      "the verb of the Field's own module",
      (d) => (d.actions[2]!.verb = 'field'),
      'actions[2].verb: "field" names the Field\'s own rule module',
    ],
    [
      'two actions with one verb',
      (d) => (d.actions[2]!.verb = 'tweak'),
      'actions[2].verb: two actions have the verb tweak',
    ],
    [
      'a limit of no times per nweek',
      (d) => (d.actions[1]!.trigger.perNweek = 0),
      'actions[1].trigger.perNweek: ',
    ],
    [
      '"after" an action that does not exist',
      (d) => (d.actions[1]!.trigger.after = ['Evolv']),
      'actions[1].trigger.after[0]: there is no action Evolv (actions: Initialize, Tweak, Evolve)',
    ],
    [
      'an effect that is not registered',
      (d) => (d.actions[1]!.effect = 'tweek'),
      'actions[1].effect: no effect called tweek is registered (effects: initialize, tweak, evolve)',
    ],
    [
      'a condition on the target of an action attached to the Field',
      (d) => (d.actions[2]!.trigger.when[0]!.test = { eq: [{ target: 'Color' }, { value: null }] }),
      'actions[2].trigger.when[0].test.eq[0]: an action attached to the Field has no target; use {"field": ...}',
    ],
    [
      "a condition on the invoker of the Referee's action",
      (d) => (d.actions[2]!.trigger.when[0]!.test = { eq: [{ invoker: 'Team' }, { value: null }] }),
      'actions[2].trigger.when[0].test.eq[0]: only an action a Player invokes has an invoker with attributes',
    ],
    [
      "a condition on an attribute of something else (the target's Team, but the target is a Cell)",
      (d) => (d.actions[1]!.trigger.when[0]!.test = { eq: [{ target: 'Team' }, { value: null }] }),
      'actions[1].trigger.when[0].test.eq[0]: Team is not an attribute of a Cell',
    ],
    [
      'an ordering comparison of values that are not numbers',
      (d) => (d.actions[1]!.trigger.when[0]!.test = { lt: [{ invoker: 'Team' }, { value: 3 }] }),
      'actions[1].trigger.when[0].test: lt compares whole numbers only',
    ],
    [
      'a condition on objects that do not exist',
      (d) => (d.actions[0]!.trigger.when[0]!.test = { none: 'Cel' }),
      'actions[0].trigger.when[0].test: there is no Field Object Cel',
    ],
    [
      'an error code that is not lower-case words',
      (d) => (d.actions[0]!.trigger.when[0]!.code = 'Cells Exist'),
      'actions[0].trigger.when[0].code: an error code is lower-case words joined by dashes',
    ],
  ])('Definition: %s is refused, saying where and why', (_what, edit, expected) => {
    const found = problems(lifeWith(edit));
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((p) => p.startsWith(expected))).toBe(true);
  });

  it('Definition: the value "red" for Color is refused with the values it could be', () => {
    const found = problems(
      lifeWith((d) => {
        d.actions[1]!.trigger.when[1]!.test = { eq: [{ target: 'Color' }, { value: 'red' }] };
      }),
    );
    expect(found).toEqual([
      'actions[1].trigger.when[1].test: red is never a value here (Red, Green, Blue, null)',
    ]);
  });

  it('Definition: every problem is reported at once', () => {
    const found = problems(
      lifeWith((d) => {
        d.attributes[0]!.default = 'Purple';
        d.actions[1]!.trigger.after = ['Evolv'];
      }),
      ['initialize', 'tweak', 'evolve', 'spare'],
    );
    expect(found).toEqual([
      'attributes[0].default: Purple is not in the range of Team (Red, Green, Blue, null)',
      'actions[1].trigger.after[0]: there is no action Evolv (actions: Initialize, Tweak, Evolve)',
      'effects: the effect spare is registered but no action uses it',
    ]);
  });

  it('Definition: fieldMatch throws a DefinitionError listing the problems when the definition does not compile', () => {
    const bad = lifeWith((d) => (d.actions[1]!.effect = 'tweek')) as FieldMatchDefinition;
    let error: unknown;
    try {
      fieldMatch(bad, { initialize: () => {}, tweak: () => {}, evolve: () => {} });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DefinitionError);
    expect((error as DefinitionError).problems).toEqual([
      'actions[1].effect: no effect called tweek is registered (effects: initialize, tweak, evolve)',
      'effects: the effect tweak is registered but no action uses it',
    ]);
    expect((error as Error).message).toContain('the Field Match definition life has 2 problem(s)');
  });
});
