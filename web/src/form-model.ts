// What a command's form is, apart from how it is drawn: its fields (from the JSON Schema of the command's
// arguments, CommandInfo.schema), the kind of input each gets, and how what a person typed becomes the
// arguments sent. Pure and self-contained (no DOM, no imports), so the tests check from Node that every
// command of every ruleset can be expressed on the page (test/cli/commands-edges.test.ts).
//
// Text boxes: an empty or blank box means the argument is not given. Where a box could mean two things
// (a room by name or number, a list or one text), text in JSON (starting with `"` or `[`) is taken as JSON,
// as on the command line.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** A JSON value given to the model (read only: the kernel's values are). */
export type JsonIn =
  null | boolean | number | string | readonly JsonIn[] | { readonly [key: string]: JsonIn };

/** The JSON Schema of a command's arguments, as much of it as the forms read. */
export interface FormSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, FormSchema>>;
  readonly required?: readonly string[];
  readonly items?: FormSchema;
  readonly enum?: readonly Json[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly maxLength?: number;
  readonly anyOf?: readonly FormSchema[];
  readonly oneOf?: readonly FormSchema[];
  readonly description?: string;
}

/** A command as its form needs it. */
export interface FormCommand {
  readonly name: string;
  readonly words: readonly string[];
  readonly schema: FormSchema;
}

export type Kind =
  | 'integer'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'string'
  | 'int-list'
  | 'number-list'
  | 'string-list'
  | 'union'
  | 'json';

/** What a field holds while a person edits it: text, or a checkbox's state. */
export type FieldValue = string | boolean;

/** A JSON value as words: scalars as themselves, anything else as JSON. */
export const show = (v: JsonIn | undefined): string =>
  v === undefined ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

export const typesOf = (s: FormSchema): string[] => {
  if (Array.isArray(s.type)) return [...(s.type as readonly string[])];
  if (typeof s.type === 'string') return [s.type];
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.flatMap(typesOf);
  if (s.enum) return ['enum'];
  return [];
};

export function kindOf(s: FormSchema): Kind {
  if (s.enum && s.enum.length > 0) return 'enum';
  const types = [...new Set(typesOf(s))].filter((t) => t !== 'null');
  if (types.length === 1) {
    const t = types[0];
    if (t === 'integer') return 'integer';
    if (t === 'number') return 'number';
    if (t === 'boolean') return 'boolean';
    if (t === 'string') return 'string';
    if (t === 'array') {
      const item = s.items ? typesOf(s.items) : [];
      if (item.length === 1 && item[0] === 'integer') return 'int-list';
      if (item.length === 1 && item[0] === 'number') return 'number-list';
      if (item.length === 1 && item[0] === 'string') return 'string-list';
      return 'json';
    }
    return 'json';
  }
  // A union with a string in it (a room's name or number, a path as "c5" or a list) is typed as text.
  if (
    types.length > 1 &&
    (types.includes('string') || types.every((t) => ['integer', 'number', 'boolean'].includes(t)))
  )
    return 'union';
  return 'json';
}

/** JSON typed in a box, or undefined if the text is not JSON. */
function json(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/**
 * The text a person typed (or a checkbox's state), as the JSON the schema wants; undefined for "not given";
 * throws a message for the form to show. An optional true/false is a choice of true, false or not given,
 * since "not given" may mean "unchanged" (a square's Wet left as it is) where false does not.
 */
export function valueOf(name: string, s: FormSchema, raw: FieldValue): Json | undefined {
  const kind = kindOf(s);
  if (kind === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    return raw === 'true' ? true : raw === 'false' ? false : undefined;
  }
  const text = String(raw).trim();
  if (text === '') return undefined;
  const int = (t: string): number => {
    if (!/^-?\d+$/.test(t)) throw new Error(`${name}: "${t}" is not a whole number`);
    return Number(t);
  };
  const num = (t: string): number => {
    const n = Number(t);
    if (t === '' || !Number.isFinite(n)) throw new Error(`${name}: "${t}" is not a number`);
    return n;
  };
  const parts = () => text.split(/[\s,]+/).filter((p) => p !== '');
  switch (kind) {
    case 'integer':
      return int(text);
    case 'number':
      return num(text);
    case 'enum':
      return (s.enum ?? []).find((e) => show(e) === text) ?? text;
    case 'string':
      return String(raw);
    case 'int-list':
    case 'number-list': {
      const list = text.startsWith('[') ? json(text) : undefined;
      if (Array.isArray(list)) return list.map((x) => (kind === 'int-list' ? int(show(x)) : num(show(x))));
      return parts().map(kind === 'int-list' ? int : num);
    }
    case 'string-list': {
      const list = text.startsWith('[') ? json(text) : undefined;
      if (Array.isArray(list) && list.every((x) => typeof x === 'string')) return list;
      return text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
    }
    case 'union': {
      const types = typesOf(s);
      const given = /^["[]/.test(text) ? json(text) : undefined;
      if (typeof given === 'string' && types.includes('string')) return given;
      if (Array.isArray(given) && types.includes('array')) return given;
      if (types.includes('integer') && /^-?\d+$/.test(text)) return Number(text);
      if (types.includes('string')) return String(raw);
      if (types.includes('number') && Number.isFinite(Number(text))) return Number(text);
      if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
      return text;
    }
    case 'json': {
      const v = json(text);
      if (v === undefined) throw new Error(`${name}: not JSON`);
      return v;
    }
  }
}

/** What a field shows for a value: the inverse of valueOf (to fill a form, and for the tests). */
export function fieldText(s: FormSchema, v: JsonIn, required: boolean): FieldValue {
  const kind = kindOf(s);
  const back = (t: FieldValue): boolean => {
    try {
      return JSON.stringify(valueOf('', s, t)) === JSON.stringify(v);
    } catch {
      return false;
    }
  };
  switch (kind) {
    case 'boolean':
      return required ? v === true : show(v);
    case 'int-list':
    case 'number-list':
    case 'string-list': {
      const plain = Array.isArray(v) && v.length > 0 ? v.join(', ') : show(v);
      return back(plain) ? plain : JSON.stringify(v);
    }
    case 'union': {
      const plain = show(v);
      return back(plain) ? plain : JSON.stringify(v);
    }
    case 'json':
      return JSON.stringify(v);
    case 'integer':
    case 'number':
    case 'enum':
    case 'string':
      return show(v);
  }
}

export const hintOf = (s: FormSchema, kind: Kind): string => {
  switch (kind) {
    case 'int-list':
      return 'whole numbers, separated by commas or spaces';
    case 'number-list':
      return 'numbers, separated by commas or spaces';
    case 'string-list':
      return 'separated by commas';
    case 'union':
      return typesOf(s).join(' or ');
    case 'json':
      return 'JSON';
    case 'integer':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'string':
      return s.description ?? '';
  }
};

/** The properties in the order the command's words name them, then the rest. */
export function fieldsOf(command: FormCommand): [string, FormSchema][] {
  const props = command.schema.properties ?? {};
  const names = [
    ...command.words.filter((w) => w in props),
    ...Object.keys(props).filter((p) => !command.words.includes(p)),
  ];
  return names.map((n) => [n, props[n] ?? {}]);
}

/** The arguments a filled form sends; throws the message to show for a field that cannot be read. */
export function formArgs(command: FormCommand, values: Readonly<Record<string, FieldValue>>): JsonObject {
  const required = new Set(command.schema.required ?? []);
  const args: JsonObject = {};
  for (const [name, s] of fieldsOf(command)) {
    const checkbox = kindOf(s) === 'boolean' && required.has(name);
    const v = valueOf(name, s, values[name] ?? (checkbox ? false : ''));
    if (v === undefined) {
      if (required.has(name)) throw new Error(`${name} is needed`);
      continue;
    }
    args[name] = v;
  }
  return args;
}
