// A form for any command, generated from the JSON Schema of its arguments (CommandInfo.schema): whole
// numbers, numbers, strings (with enums as a choice), booleans, arrays of numbers or strings, and unions.
// Nothing here knows a ruleset: a new command gets its form from its schema alone.
import { useState } from 'preact/hooks';
import type { CommandInfo, Json, JsonObject, Schema } from './api';
import { api, ApiError, newKey, text as show } from './api';

type Kind =
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

const typesOf = (s: Schema): string[] => {
  if (Array.isArray(s.type)) return s.type;
  if (typeof s.type === 'string') return [s.type];
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return alts.flatMap(typesOf);
  if (s.enum) return ['enum'];
  return [];
};

export function kindOf(s: Schema): Kind {
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

/** A bound worth showing on a number input (zod's "any safe integer" bounds are not). */
const bound = (n: number | undefined): number | undefined =>
  n !== undefined && Math.abs(n) < 1e9 ? n : undefined;

/** The text a person typed, as the JSON the schema wants; throws a message for the form to show. */
export function valueOf(name: string, s: Schema, raw: string | boolean): Json | undefined {
  const kind = kindOf(s);
  if (kind === 'boolean') return raw === true;
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
      return parts().map(int);
    case 'number-list':
      return parts().map(num);
    case 'string-list':
      return text
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
    case 'union': {
      const types = typesOf(s);
      if (types.includes('integer') && /^-?\d+$/.test(text)) return Number(text);
      if (types.includes('string')) return String(raw);
      if (types.includes('number') && Number.isFinite(Number(text))) return Number(text);
      if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
      return text;
    }
    case 'json':
      try {
        return JSON.parse(text) as Json;
      } catch {
        throw new Error(`${name}: not JSON`);
      }
  }
}

const hintOf = (s: Schema, kind: Kind): string => {
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
export function fieldsOf(command: CommandInfo): [string, Schema][] {
  const props = command.schema.properties ?? {};
  const names = [
    ...command.words.filter((w) => w in props),
    ...Object.keys(props).filter((p) => !command.words.includes(p)),
  ];
  return names.map((n) => [n, props[n] ?? {}]);
}

let formCount = 0;

export interface CommandFormProps {
  game: string;
  token: string;
  command: CommandInfo;
  /** Offer a field for manual dice results (the Administrator, in a manual-dice game). */
  rolls?: boolean;
  onDone: () => void;
}

type Outcome = { ok: true; text: string } | { ok: false; text: string } | null;

export function CommandForm({ game, token, command, rolls, onDone }: CommandFormProps) {
  const [id] = useState(() => `cmd-${++formCount}`);
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [dice, setDice] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One key per submission attempt: kept if the request never got an answer, so a retry cannot apply twice.
  const [key, setKey] = useState(newKey);
  const fields = fieldsOf(command);
  const required = new Set(command.schema.required ?? []);

  const submit = async (e: Event) => {
    e.preventDefault();
    let args: JsonObject;
    let queued: number[] | undefined;
    try {
      args = {};
      for (const [name, s] of fields) {
        const v = valueOf(name, s, values[name] ?? (kindOf(s) === 'boolean' ? false : ''));
        if (v === undefined) {
          if (required.has(name)) throw new Error(`${name} is needed`);
          continue;
        }
        if (kindOf(s) === 'boolean' && v === false && !required.has(name)) continue;
        args[name] = v;
      }
      if (rolls && dice.trim() !== '')
        queued = valueOf('dice results', { type: 'array', items: { type: 'integer' } }, dice) as number[];
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
      return;
    }
    setBusy(true);
    try {
      const res = await api.command(
        game,
        token,
        { type: command.name, args, ...(queued ? { rolls: queued } : {}) },
        key,
      );
      const said = res.lines.map((l) => l.text).filter((t) => t !== '');
      setOutcome({
        ok: true,
        text: `${res.duplicate ? 'Already done' : 'Done'}${said.length ? `: ${said.join(' ')}` : '.'}`,
      });
      setValues({});
      setDice('');
      setKey(newKey());
      onDone();
    } catch (err) {
      const ae = err instanceof ApiError ? err : new ApiError(0, 'error', String(err));
      setOutcome({ ok: false, text: `Refused (${ae.code}): ${ae.message}` });
      if (ae.status !== 0) setKey(newKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="command" aria-label={command.name} onSubmit={(e) => void submit(e)}>
      <h4>{command.name}</h4>
      {command.summary && <p class="summary">{command.summary}</p>}
      <div class="fields">
        {fields.map(([name, s]) => {
          const kind = kindOf(s);
          const fid = `${id}-${name}`;
          const label = `${name}${required.has(name) ? '' : ' (optional)'}`;
          const set = (v: string | boolean) => setValues((old) => ({ ...old, [name]: v }));
          const hint = hintOf(s, kind);
          if (kind === 'boolean')
            return (
              <label key={name} class="check" for={fid}>
                <input
                  id={fid}
                  name={name}
                  type="checkbox"
                  checked={values[name] === true}
                  onChange={(e) => set(e.currentTarget.checked)}
                />
                {label}
              </label>
            );
          return (
            <label key={name} for={fid}>
              <span>{label}</span>
              {kind === 'enum' ? (
                <select
                  id={fid}
                  name={name}
                  value={String(values[name] ?? '')}
                  onChange={(e) => set(e.currentTarget.value)}
                  required={required.has(name)}
                >
                  <option value="">{required.has(name) ? 'choose…' : '(none)'}</option>
                  {(s.enum ?? []).map((o) => (
                    <option key={show(o)} value={show(o)}>
                      {show(o)}
                    </option>
                  ))}
                </select>
              ) : kind === 'integer' || kind === 'number' ? (
                <input
                  id={fid}
                  name={name}
                  type="number"
                  min={bound(s.minimum)}
                  max={bound(s.maximum)}
                  step={kind === 'number' ? 'any' : 1}
                  required={required.has(name)}
                  value={String(values[name] ?? '')}
                  onInput={(e) => set(e.currentTarget.value)}
                  placeholder={hint}
                />
              ) : (
                <input
                  id={fid}
                  name={name}
                  type="text"
                  inputMode={kind === 'int-list' ? 'numeric' : undefined}
                  maxLength={s.maxLength}
                  required={required.has(name)}
                  value={String(values[name] ?? '')}
                  onInput={(e) => set(e.currentTarget.value)}
                  placeholder={hint}
                />
              )}
            </label>
          );
        })}
      </div>
      {rolls && (
        <label for={`${id}-rolls`}>
          <span>dice results to queue first (optional)</span>
          <input
            id={`${id}-rolls`}
            name="rolls"
            type="text"
            inputMode="numeric"
            placeholder="e.g. 12, 7"
            value={dice}
            onInput={(e) => setDice(e.currentTarget.value)}
          />
        </label>
      )}
      <button type="submit" disabled={busy}>
        {command.name}
      </button>
      {outcome && (
        <p class={outcome.ok ? 'outcome ok' : 'outcome error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
    </form>
  );
}
