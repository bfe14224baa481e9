// A command's arguments as command-line words, and back, derived from the command's one schema (the JSON
// Schema of CommandRule.argsSchema(), the same the API documents and the page builds its forms from), so
// that the command line can say everything HTTP can, with the same meaning:
//
// - Positional words fill the names the rule lists in `words`, in order ("throw OBJECT X Y"); the last of
//   them, when it takes text, takes every word left, joined by spaces ("points alice 10 opening balance"),
//   and when it takes a list, each word left is an item ("dice 3 4 6").
// - `name=value` gives any argument by name, positional or not, anywhere among the words
//   ("player-facts alice female=true", "square 9 9 depth=-2"); `a.b=value` reaches into a nested object.
// - A word that is the name of a true/false argument sets it true ("square 9 9 Turf wet").
// - A word becomes what the argument's schema wants: a number only where it wants a number ("place
//   bonus-box 9 9 -3" names the box "-3"), true/false where it wants a boolean, one of the choices of an
//   enum, a list from words, commas or JSON; where several types are allowed (a room given by name or
//   number), a whole number is a number, true/false a boolean, anything else text, as forum text reads it.
//   A value written as JSON (starting with `"`, `[` or `{`) is taken as JSON, so `to='"6"'` is the text 6.
//
// `renderWords` is the inverse (the words that read back to given arguments), and `usage` the one-line
// usage of a verb. Nothing here knows a ruleset: a new command gets all three from its schema.
import type { CommandRule, Json, JsonObject } from '../core/index.js';
import { UsageError } from './fail.js';

/** What the command line needs to know of a command: its name, positional names and argument schema. */
export interface CommandShape {
  readonly name: string;
  readonly words: readonly string[];
  readonly schema: JsonObject;
  /** The words before the verb in a refusal's usage ("referee act g1 alice"), if any. */
  readonly prefix?: string;
  /** What the command does, said after a refusal's usage. */
  readonly summary?: string;
}

/** A rule's command as the command line sees it. */
export const shapeOf = (name: string, rule: CommandRule<unknown>): CommandShape => ({
  name,
  words: rule.words,
  schema: rule.argsSchema(),
});

/** The parts of JSON Schema the command line reads (zod's toJSONSchema output). */
interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly Json[];
  readonly const?: Json;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
}

const asSchema = (s: JsonObject | Json | undefined): Schema =>
  typeof s === 'object' && s !== null && !Array.isArray(s) ? (s as Schema) : {};

/** The JSON types a schema accepts ('integer' included in 'number' is kept apart); empty: anything. */
function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return [...(s.type as string[])];
  if (typeof s.type === 'string') return [s.type];
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return [...new Set(alts.flatMap(typesOf))];
  return [];
}

/** The choices of an enum or const schema (also inside anyOf), or undefined if the schema is not one. */
function choicesOf(s: Schema): readonly Json[] | undefined {
  if (s.enum) return s.enum;
  if (s.const !== undefined) return [s.const];
  const alts = s.anyOf ?? s.oneOf;
  if (alts && alts.length > 0) {
    const each = alts.map(choicesOf);
    if (each.every((c) => c !== undefined)) return each.flatMap((c) => c ?? []);
  }
  return undefined;
}

/** The schema of a list's items (an array schema, or the array alternative of a union). */
function itemsOf(s: Schema): Schema {
  if (s.items) return s.items;
  const alt = (s.anyOf ?? s.oneOf ?? []).find((a) => typesOf(a).includes('array'));
  return alt?.items ?? {};
}

/** The properties of an object schema (or of the object alternative of a union). */
function propertiesOf(s: Schema): Readonly<Record<string, Schema>> {
  if (s.properties) return s.properties;
  const alt = (s.anyOf ?? s.oneOf ?? []).find((a) => a.properties !== undefined);
  return alt?.properties ?? {};
}

const scalarText = (v: Json): string =>
  typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
/** `name=value` or `a.b=value`: an argument given by name. */
const KEYED = /^([A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)=([\s\S]*)$/;

const isList = (v: Json | undefined): v is readonly Json[] => Array.isArray(v);
const isRecord = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether two JSON values are the same (objects compared by their keys, not their keys' order). */
export function sameJson(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (isList(a) || isList(b)) {
    if (!isList(a) || !isList(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && sameJson(a[k], b[k]));
}

/** What a schema wants, in words, for error messages and usage ("a whole number", "give or clear"). */
function wanted(s: Schema): string {
  const choices = choicesOf(s);
  if (choices) return `one of ${choices.map(scalarText).join(', ')}`;
  const names: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    boolean: 'true or false',
    string: 'text',
    array: 'a list',
    object: 'JSON like {"name": value}',
    null: 'null',
  };
  const types = typesOf(s);
  return types.length === 0 ? 'a value' : types.map((t) => names[t] ?? t).join(' or ');
}

/**
 * One word as the value a schema wants, or an error naming the argument. The order of the tries is what
 * makes a union read as forum text reads it: JSON, null, whole number, number, true/false, text, list.
 */
export function readValue(label: string, s: Schema, text: string): Json {
  const choices = choicesOf(s);
  if (choices) {
    const hit = choices.find((c) => scalarText(c) === text);
    if (hit !== undefined) return hit;
    throw new UsageError(`${label}: "${text}" is not ${wanted(s)}`, 'bad-arguments');
  }
  const types = typesOf(s);
  const any = types.length === 0;
  const accepts = (t: string) => any || types.includes(t);
  if (/^["[{]/.test(text)) {
    let parsed: Json | undefined;
    try {
      parsed = JSON.parse(text) as Json;
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      const kind = Array.isArray(parsed) ? 'array' : typeof parsed === 'string' ? 'string' : 'object';
      if (accepts(kind) && parsed !== null) return parsed;
    }
  }
  if (text === 'null' && types.includes('null')) return null;
  if (accepts('integer') && INTEGER.test(text)) return Number(text);
  if (accepts('number') && NUMBER.test(text)) return Number(text);
  if (accepts('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (accepts('string')) return text;
  if (types.includes('array'))
    return text === ''
      ? []
      : text.split(',').map((item, i) => readValue(`${label}[${i}]`, itemsOf(s), item.trim()));
  throw new UsageError(`${label}: "${text}" is not ${wanted(s)}`, 'bad-arguments');
}

/** A true/false argument, which a bare word of its name sets. */
const isFlag = (s: Schema | undefined): boolean => {
  const t = s ? typesOf(s) : [];
  return t.length === 1 && t[0] === 'boolean' && !choicesOf(s ?? {});
};

/** The argument names the words fill, in order: the rule's `words` that its schema has. */
const positionalNames = (shape: CommandShape): string[] => {
  const props = propertiesOf(asSchema(shape.schema));
  return shape.words.filter((w) => w in props);
};

/** Whether the last positional argument takes every word left: text or a list does. */
function takesRest(s: Schema): 'text' | 'list' | false {
  if (choicesOf(s)) return false;
  const types = typesOf(s);
  if (types.includes('string') || types.length === 0) return 'text';
  if (types.includes('array')) return 'list';
  return false;
}

/** The words of a verb, e.g. `throw OBJECT X Y` or `square X Y [SUBSTANCE] [depth=N] [wet=true|false]`. */
export function usage(shape: CommandShape): string {
  const schema = asSchema(shape.schema);
  const props = propertiesOf(schema);
  const required = new Set(schema.required ?? []);
  const names = positionalNames(shape);
  const parts = [shape.name];
  names.forEach((name, i) => {
    const s = props[name] ?? {};
    const choices = choicesOf(s);
    const rest = i === names.length - 1 ? takesRest(s) : false;
    const word = choices
      ? choices.map(scalarText).join('|')
      : `${name.toUpperCase()}${rest === 'list' ? '…' : ''}`;
    parts.push(required.has(name) ? word : `[${word}]`);
  });
  for (const [name, s] of Object.entries(props)) {
    if (names.includes(name)) continue;
    const value = placeholderOf(s);
    parts.push(required.has(name) ? `${name}=${value}` : `[${name}=${value}]`);
  }
  return parts.join(' ');
}

function placeholderOf(s: Schema): string {
  const choices = choicesOf(s);
  if (choices) return choices.map(scalarText).join('|');
  const types = typesOf(s).filter((t) => t !== 'null');
  const [only] = types;
  if (types.length !== 1 || only === undefined) return 'VALUE';
  switch (only) {
    case 'integer':
      return 'N';
    case 'number':
      return 'NUMBER';
    case 'boolean':
      return 'true|false';
    case 'string':
      return 'TEXT';
    case 'array':
      return `${placeholderOf(itemsOf(s))},…`;
    default:
      return 'JSON';
  }
}

/**
 * The usage a refusal ends with: the verb's words after what comes before them, and what the verb does
 * ("usage: referee act g1 alice throw OBJECT X Y — throw an object you hold at any square ...").
 */
export function usageLine(shape: CommandShape): string {
  const before = shape.prefix ? `${shape.prefix} ` : '';
  return `${before}${usage(shape)}${shape.summary ? ` — ${shape.summary}` : ''}`;
}

const fail = (shape: CommandShape, why: string): never => {
  throw new UsageError(`${why}; usage: ${usageLine(shape)}`, 'bad-arguments');
};

/** Sets `path` (a.b.c) in `into`, refusing an argument given twice. */
function setPath(
  shape: CommandShape,
  into: Record<string, Json>,
  path: readonly string[],
  value: Json,
): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    if (head in into) fail(shape, `${head} is given twice`);
    into[head] = value;
    return;
  }
  const inner = into[head] ?? {};
  if (!isRecord(inner)) return fail(shape, `${head} is given twice`);
  const copy = { ...inner };
  setPath(shape, copy, rest, value);
  into[head] = copy;
}

/** The schema at a.b.c, or undefined if the schema has no such argument. */
function schemaAt(schema: Schema, path: readonly string[]): Schema | undefined {
  let s: Schema | undefined = schema;
  for (const p of path) {
    const props: Readonly<Record<string, Schema>> = s ? propertiesOf(s) : {};
    s = Object.hasOwn(props, p) ? props[p] : undefined;
    if (!s) return undefined;
  }
  return s;
}

/**
 * The arguments the words say, by the command's schema; throws UsageError 'bad-arguments' with the verb's
 * usage for words that cannot be read (the rules then check what the schema cannot say: ranges, patterns).
 */
export function readWords(shape: CommandShape, words: readonly string[]): Record<string, Json> {
  try {
    return readAll(shape, words);
  } catch (e) {
    // A word that is not what its argument wants: the verb's usage after the reason.
    if (e instanceof UsageError && !e.message.includes('; usage: ')) fail(shape, e.message);
    throw e;
  }
}

/** "6,6" or "(6,6)": a square as forum text writes it. */
const PAIR = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/;

/** Whether an argument takes a number and nothing else (a coordinate). */
function numeric(s: Schema | undefined): boolean {
  const types = s ? typesOf(s).filter((t) => t !== 'null') : [];
  return types.length > 0 && types.every((t) => t === 'integer' || t === 'number');
}

/**
 * Issue 16: "Accept what forum text accepts (`move 6,6`)". A word written as a pair, where the next two
 * positional arguments both take a number, gives both ("throw big-rock 6,6" is "throw big-rock 6 6").
 */
function spreadPairs(
  loose: readonly string[],
  names: readonly string[],
  props: Readonly<Record<string, Schema>>,
): string[] {
  const words: string[] = [];
  for (const word of loose) {
    const pair = PAIR.exec(word);
    const [a, b] = [names[words.length], names[words.length + 1]];
    if (pair && a !== undefined && b !== undefined && numeric(props[a]) && numeric(props[b]))
      words.push(pair[1] as string, pair[2] as string);
    else words.push(word);
  }
  return words;
}

function readAll(shape: CommandShape, words: readonly string[]): Record<string, Json> {
  const schema = asSchema(shape.schema);
  const props = propertiesOf(schema);
  const args: Record<string, Json> = {};
  const loose: string[] = [];
  for (const word of words) {
    const keyed = KEYED.exec(word);
    if (keyed) {
      const path = (keyed[1] as string).split('.');
      const s = schemaAt(schema, path);
      if (!s)
        fail(
          shape,
          `${shape.name} has no argument ${keyed[1]} (its arguments: ${Object.keys(props).join(', ') || 'none'}; a word with "=" in it is given by name, e.g. ${Object.keys(props)[0] ?? 'name'}=a=b)`,
        );
      setPath(shape, args, path, readValue(keyed[1] as string, s ?? {}, keyed[2] as string));
    } else if (isFlag(props[word]) && !(word in args)) args[word] = true;
    else loose.push(word);
  }
  const names = positionalNames(shape).filter((n) => !(n in args));
  if (loose.length > 0 && positionalNames(shape).length === 0 && Object.keys(props).length === 0)
    fail(shape, `${shape.name} takes no arguments`);
  const given = spreadPairs(loose, names, props);
  names.forEach((name, i) => {
    const s = props[name] ?? {};
    if (i < names.length - 1) {
      const word = given[i];
      if (word !== undefined) args[name] = readValue(name, s, word);
      return;
    }
    const rest = given.slice(i);
    if (rest.length === 0) return;
    const many = takesRest(s);
    if (rest.length === 1 && !(many === 'list' && !/^\[/.test(rest[0] as string)))
      args[name] = readValue(name, s, rest[0] as string);
    else if (many === 'text') args[name] = rest.join(' ');
    else if (many === 'list') args[name] = rest.map((w, k) => readValue(`${name}[${k}]`, itemsOf(s), w));
    else fail(shape, `too many words: ${rest.slice(1).join(' ')}`);
  });
  if (names.length === 0 && loose.length > 0) fail(shape, `too many words: ${loose.join(' ')}`);
  const missing = (schema.required ?? []).filter((n) => !(n in args));
  if (missing.length > 0)
    fail(shape, `${missing.map((n) => (names.includes(n) ? n.toUpperCase() : `${n}=`)).join(', ')} missing`);
  return args;
}

/** A word that means something of its own (an argument by name, a flag, an option), never a plain value. */
function special(shape: CommandShape, word: string): boolean {
  const props = propertiesOf(asSchema(shape.schema));
  return KEYED.test(word) || isFlag(props[word]) || (word.startsWith('-') && !INTEGER.test(word));
}

/** The value a word reads as, or undefined if it cannot be read. */
function tryRead(label: string, s: Schema, word: string): Json | undefined {
  try {
    return readValue(label, s, word);
  } catch {
    return undefined;
  }
}

/**
 * The words that read back to `args` (readWords(shape, renderWords(shape, args)) equals args): positional
 * words while each reads back as itself, then the rest by name, as JSON where the plain text would not.
 */
export function renderWords(shape: CommandShape, args: JsonObject): string[] {
  const props = propertiesOf(asSchema(shape.schema));
  const names = positionalNames(shape);
  const out: string[] = [];
  const done = new Set<string>();
  const plain = (w: string) => !special(shape, w);
  for (const [i, name] of names.entries()) {
    const v = args[name];
    if (v === undefined) break;
    const s = props[name] ?? {};
    // A list as words only when it is the last positional argument and every one before it is given.
    const spread =
      isList(v) &&
      v.length > 1 &&
      i === names.length - 1 &&
      takesRest(s) === 'list' &&
      v.every((x, k) => {
        const w = scalarText(x);
        return plain(w) && !w.startsWith('[') && sameJson(tryRead(name, itemsOf(s), w), v[k]);
      });
    if (spread) {
      out.push(...v.map(scalarText));
      done.add(name);
      continue;
    }
    const word = scalarText(v);
    if (!plain(word) || !sameJson(tryRead(name, s, word), v)) break;
    out.push(word);
    done.add(name);
  }
  for (const name of new Set([...Object.keys(props), ...Object.keys(args)])) {
    const v = args[name];
    if (v === undefined || done.has(name)) continue;
    const text = scalarText(v);
    out.push(`${name}=${sameJson(tryRead(name, props[name] ?? {}, text), v) ? text : JSON.stringify(v)}`);
  }
  return out;
}

/** Words as one line a shell reads back as the same words (quoted only where needed). */
export function shellLine(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`)).join(' ');
}
