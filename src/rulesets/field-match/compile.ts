// From a definition as written to a validated Match: the zod schema first (shapes and limits), then every
// cross-reference (scopes, "same as", defaults in range, attachments, conditions, effects). Every problem
// is reported with where it is and what would be accepted, so whoever writes a match can fix it.
import { KERNEL_COMMANDS } from '../../core/kernel-commands.js';
import type { Result } from '../../core/index.js';
import { err, ok } from '../../core/index.js';
import { definitionSchema } from './definition.js';
import type { ConditionCode } from './errors.js';
import type { AttributeDefinition, Operand, ParsedDefinition, Value } from './definition.js';
import type {
  ActionSpec,
  Attachment,
  AttributeSpec,
  Condition,
  Match,
  ObjectSpec,
  Range,
  RequirementSpec,
  Scope,
} from './match.js';
import { inRange, rangeText, valueText } from './match.js';

/** Commands every game already has (and `create`), and the Field's module id: a match's verbs may not take them. */
const RESERVED_VERBS = new Set([...Object.keys(KERNEL_COMMANDS), 'create', 'field']);

const isReserved = (name: string): boolean => name in Object.prototype;

/** Where a problem is, as a path into the definition ("actions[1].trigger.after[0]"). */
function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : `${out ? '.' : ''}${String(p)}`;
  return out;
}

/**
 * Validates a definition. `effects` are the names of the effects registered beside it; every action must
 * name one of them, and every one must be used. Returns the Match, or every problem found.
 */
export function compileMatch(raw: unknown, effects: readonly string[]): Result<Match, string[]> {
  const parsed = definitionSchema.safeParse(raw);
  if (!parsed.success) {
    return err(
      parsed.error.issues.map((i) => `${pathText(i.path) || 'definition'}: ${i.message}`.replace(/^: /, '')),
    );
  }
  const problems: string[] = [];
  const match = resolve(parsed.data, effects, (path, message) => problems.push(`${path}: ${message}`));
  return problems.length > 0 ? err(problems) : ok(match);
}

type Report = (path: string, message: string) => void;

function resolve(def: ParsedDefinition, effects: readonly string[], problem: Report): Match {
  // Field Objects first: scopes and attachments name them.
  const objectNames = new Map<string, string>(); // name or plural -> name
  def.objects.forEach((o, i) => {
    const plural = o.plural ?? `${o.name}s`;
    for (const n of [o.name, plural]) {
      if (n === 'Players' || n === 'Field' || n === 'Player')
        problem(`objects[${i}].name`, `"${n}" is the name of a scope; call the object something else`);
      else if (isReserved(n)) problem(`objects[${i}].name`, `"${n}" is a reserved word`);
      else if (objectNames.has(n)) problem(`objects[${i}].name`, `there are two Field Objects called ${n}`);
      objectNames.set(n, o.name);
    }
  });
  const known = (list: Iterable<string>) => [...list].join(', ') || 'none';
  const scopeOf = (text: string, path: string): Scope => {
    if (text === 'Players' || text === 'Player') return { kind: 'players' };
    if (text === 'Field') return { kind: 'field' };
    const object = objectNames.get(text);
    if (object) return { kind: 'object', object };
    problem(
      path,
      `there is no scope ${text}: use Players, Field or a Field Object (${known(def.objects.map((o) => o.name))})`,
    );
    return { kind: 'field' };
  };

  // Attributes, with "same as" followed to the end.
  const byName = new Map<string, AttributeDefinition>();
  def.attributes.forEach((a, i) => {
    if (isReserved(a.name)) problem(`attributes[${i}].name`, `"${a.name}" is a reserved word`);
    if (byName.has(a.name)) problem(`attributes[${i}].name`, `there are two attributes called ${a.name}`);
    byName.set(a.name, a);
  });
  const follow = <T>(
    start: string,
    path: string,
    pick: (a: AttributeDefinition) => T | { sameAs: string },
  ): T | undefined => {
    const seen = new Set<string>();
    let at = start;
    for (;;) {
      if (seen.has(at)) return void problem(path, `"same as" goes round in a circle through ${at}`);
      seen.add(at);
      const a = byName.get(at);
      if (!a) return void problem(path, `there is no attribute ${at} (attributes: ${known(byName.keys())})`);
      const v = pick(a);
      if (v !== null && typeof v === 'object' && 'sameAs' in v) at = v.sameAs;
      else return v;
    }
  };
  const resolved = def.attributes.map((a, i) => {
    const path = `attributes[${i}]`;
    const scope = scopeOf(a.scope, `${path}.scope`);
    const written = follow(a.name, `${path}.range`, (x) => x.range);
    const range = written === undefined ? fallbackRange : toRange(written, `${path}.range`, problem);
    const dflt = follow(a.name, `${path}.default`, (x) => x.default) ?? null;
    return {
      spec: { name: a.name, scope, range, default: dflt, text: a.text ?? '' },
      checkable: written !== undefined,
    };
  });
  // A default out of range is reported where it is written; one taken "same as" a default that is out of
  // its own range is that one's problem, not reported again.
  resolved.forEach(({ spec, checkable }, i) => {
    const own = def.attributes[i]?.default;
    const from =
      own !== null && typeof own === 'object' ? resolved.find((r) => r.spec.name === own.sameAs) : undefined;
    const inherited = from !== undefined && !inRange(from.spec.range, spec.default);
    if (checkable && !inherited && !inRange(spec.range, spec.default))
      problem(
        `attributes[${i}].default`,
        `${valueText(spec.default)} is not in the range of ${spec.name} (${rangeText(spec.range)})`,
      );
  });
  const attributes: AttributeSpec[] = resolved.map((r) => r.spec);
  const attr = new Map(attributes.map((a) => [a.name, a]));

  const objects: ObjectSpec[] = def.objects.map((o, i) => {
    const own = attributes.filter((a) => a.scope.kind === 'object' && a.scope.object === o.name);
    let display: ObjectSpec['display'] = null;
    if (o.display) {
      const a = own.find((x) => x.name === o.display?.attribute);
      if (!a)
        problem(
          `objects[${i}].display.attribute`,
          `${o.name} has no attribute ${o.display.attribute} (its attributes: ${known(own.map((x) => x.name))})`,
        );
      else if (a.range.kind !== 'enum')
        problem(`objects[${i}].display.attribute`, `only an attribute with a list of values can be drawn`);
      else {
        const symbols = o.display.symbols ?? {};
        const values = new Set(a.range.values.map(valueText));
        for (const key of Object.keys(symbols))
          if (!values.has(key))
            problem(
              `objects[${i}].display.symbols.${key}`,
              `${key} is not a value of ${a.name} (${rangeText(a.range)})`,
            );
        display = {
          attribute: a.name,
          symbols: Object.fromEntries(
            a.range.values.map((v) => [valueText(v), symbols[valueText(v)] ?? defaultSymbol(v)]),
          ),
        };
      }
    }
    for (const a of own)
      if (a.range.kind === 'enum' && a.range.values.length > 255)
        problem(`attributes`, `${a.name}: an attribute of a Field Object has at most 255 values`);
    return { name: o.name, plural: o.plural ?? `${o.name}s`, display, attributes: own, text: o.text ?? '' };
  });

  // Actions: names, verbs, attachments, what must come first, conditions, effects.
  const actionNames = new Set(def.actions.map((a) => a.name));
  const verbs = new Set<string>();
  const seenActions = new Set<string>();
  const actions: ActionSpec[] = def.actions.map((a, i) => {
    const path = `actions[${i}]`;
    if (seenActions.has(a.name)) problem(`${path}.name`, `there are two actions called ${a.name}`);
    seenActions.add(a.name);
    const verb = a.verb ?? a.name.toLowerCase();
    if (RESERVED_VERBS.has(verb))
      problem(
        `${path}.verb`,
        verb === 'field'
          ? '"field" names the Field\'s own rule module; give the action another verb'
          : `"${verb}" is a command every game has; give the action another verb`,
      );
    if (verbs.has(verb)) problem(`${path}.verb`, `two actions have the verb ${verb}`);
    verbs.add(verb);
    const attachedTo = attachmentOf(a.attachedTo, `${path}.attachedTo`, objectNames, problem, def);
    const after = a.trigger.after ?? [];
    after.forEach((b, j) => {
      if (!actionNames.has(b))
        problem(`${path}.trigger.after[${j}]`, `there is no action ${b} (actions: ${known(actionNames)})`);
    });
    if (!effects.includes(a.effect))
      problem(`${path}.effect`, `no effect called ${a.effect} is registered (effects: ${known(effects)})`);
    const when: RequirementSpec[] = (a.trigger.when ?? []).map((r, j) => {
      checkCondition(r.test, `${path}.trigger.when[${j}].test`, {
        attr,
        attachedTo,
        by: a.trigger.by,
        objects: objectNames,
        problem,
      });
      // The definition's schema has checked the code's form: from here on it is one of the match's codes.
      return { test: r.test, code: r.code as ConditionCode, fails: r.fails };
    });
    return {
      name: a.name,
      verb,
      attachedTo,
      trigger: { by: a.trigger.by, perNweek: a.trigger.perNweek ?? null, after, when },
      effect: a.effect,
      summary: a.summary ?? `${a.name}${targetWords(attachedTo)}`,
      text: a.text ?? '',
    };
  });
  effects.forEach((e) => {
    if (!def.actions.some((a) => a.effect === e))
      problem('effects', `the effect ${e} is registered but no action uses it`);
  });

  return {
    id: def.id,
    name: def.name,
    source: def.source ?? '',
    field: { ...def.field, text: def.field.text ?? '' },
    attributes,
    objects,
    actions,
    text: def.text ?? '',
  };
}

const fallbackRange: Range = { kind: 'enum', values: [null], nonNull: [], nullable: true };

function toRange(written: AttributeDefinition['range'], path: string, problem: Report): Range {
  if (Array.isArray(written)) {
    const seen = new Set<string>();
    for (const v of written) {
      const key = `${typeof v}:${String(v)}`;
      if (seen.has(key)) problem(path, `${valueText(v)} is listed twice`);
      seen.add(key);
    }
    const nonNull = written.filter((v): v is string | number => v !== null);
    return { kind: 'enum', values: written, nonNull, nullable: written.includes(null) };
  }
  if ('min' in written)
    return { kind: 'int', min: written.min, max: written.max, nullable: written.nullable ?? false };
  return fallbackRange; // a "same as" here was followed before
}

const defaultSymbol = (v: Value): string => (v === null ? '.' : String(v).charAt(0).toUpperCase());

const targetWords = (a: Attachment): string =>
  a.kind === 'object' ? ` on the ${a.object} at (x,y)` : a.kind === 'players' ? ' on a Player' : '';

function attachmentOf(
  text: string,
  path: string,
  objects: ReadonlyMap<string, string>,
  problem: Report,
  def: ParsedDefinition,
): Attachment {
  if (text === 'Field') return { kind: 'field' };
  if (text === 'Players' || text === 'Player') return { kind: 'players' };
  const object = objects.get(text);
  if (object) return { kind: 'object', object };
  problem(
    path,
    `an action is attached to Field, Players or a Field Object (${def.objects.map((o) => o.name).join(', ') || 'none'}), not ${text}`,
  );
  return { kind: 'field' };
}

interface ConditionScope {
  readonly attr: ReadonlyMap<string, AttributeSpec>;
  readonly attachedTo: Attachment;
  readonly by: 'Referee' | 'Player';
  readonly objects: ReadonlyMap<string, string>;
  readonly problem: Report;
}

/** The range an operand's values come from, or a constant; reports operands that cannot be evaluated. */
function operandRange(o: Operand, path: string, s: ConditionScope): Range | { constant: Value } | undefined {
  if ('value' in o) return { constant: o.value };
  const [role, name] =
    'target' in o ? ['target', o.target] : 'invoker' in o ? ['invoker', o.invoker] : ['field', o.field];
  const a = s.attr.get(name);
  if (!a) return void s.problem(path, `there is no attribute ${name}`);
  const want: Scope | undefined =
    role === 'field'
      ? { kind: 'field' }
      : role === 'invoker'
        ? s.by === 'Player'
          ? { kind: 'players' }
          : undefined
        : s.attachedTo.kind === 'field'
          ? undefined
          : s.attachedTo;
  if (!want) {
    return void s.problem(
      path,
      role === 'invoker'
        ? 'only an action a Player invokes has an invoker with attributes'
        : 'an action attached to the Field has no target; use {"field": ...}',
    );
  }
  const same =
    want.kind === a.scope.kind &&
    (want.kind !== 'object' || (a.scope.kind === 'object' && a.scope.object === want.object));
  if (!same) {
    const whose =
      want.kind === 'object' ? `a ${want.object}` : want.kind === 'players' ? 'a Player' : 'the Field';
    return void s.problem(path, `${name} is not an attribute of ${whose}`);
  }
  return a.range;
}

function checkCondition(c: Condition, path: string, s: ConditionScope): void {
  if ('all' in c) return c.all.forEach((x, i) => checkCondition(x, `${path}.all[${i}]`, s));
  if ('any' in c) return c.any.forEach((x, i) => checkCondition(x, `${path}.any[${i}]`, s));
  if ('not' in c) return checkCondition(c.not, `${path}.not`, s);
  if ('exists' in c || 'none' in c) {
    const kind = 'exists' in c ? c.exists : c.none;
    if (!s.objects.has(kind)) s.problem(path, `there is no Field Object ${kind}`);
    return;
  }
  const [op, operands] = Object.entries(c)[0] as [string, readonly [Operand, Operand]];
  const ranges = operands.map((o, i) => operandRange(o, `${path}.${op}[${i}]`, s));
  const [a, b] = ranges;
  if (!a || !b) return;
  if ('constant' in a && 'constant' in b) return s.problem(path, 'compares two constants');
  if (op !== 'eq' && op !== 'ne') {
    const numeric = (r: Range | { constant: Value }) =>
      'constant' in r ? typeof r.constant === 'number' : r.kind === 'int';
    if (!numeric(a) || !numeric(b)) s.problem(path, `${op} compares whole numbers only`);
    return;
  }
  // eq / ne: a constant must be a value the other side can hold (catches "red" for "Red").
  const [range, constant] = 'constant' in a ? [b, a.constant] : 'constant' in b ? [a, b.constant] : [];
  if (range && !('constant' in range) && !inRange(range, constant ?? null))
    s.problem(path, `${valueText(constant ?? null)} is never a value here (${rangeText(range)})`);
}
