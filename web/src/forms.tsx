// A form for any command, generated from the JSON Schema of its arguments (CommandInfo.schema): whole
// numbers, numbers, strings (with enums as a choice), booleans, arrays of numbers or strings, and unions.
// Nothing here knows a ruleset: a new command gets its form from its schema alone.
import { useState } from 'preact/hooks';
import type { CommandInfo, JsonObject } from './api';
import { api, ApiError, newKey } from './api';
import type { FieldValue } from './form-model';
import { fieldsOf, formArgs, hintOf, kindOf, show, valueOf } from './form-model';

/** A bound worth showing on a number input (zod's "any safe integer" bounds are not). */
const bound = (n: number | undefined): number | undefined =>
  n !== undefined && Math.abs(n) < 1e9 ? n : undefined;

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
  const [values, setValues] = useState<Record<string, FieldValue>>({});
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
      args = formArgs(command, values);
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
          const set = (v: FieldValue) => setValues((old) => ({ ...old, [name]: v }));
          const hint = hintOf(s, kind);
          // A required true/false is a checkbox; an optional one a choice, since "not given" may mean
          // "leave it as it is" where false does not (a square's Wet).
          if (kind === 'boolean' && required.has(name))
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
              {kind === 'boolean' ? (
                <select
                  id={fid}
                  name={name}
                  value={String(values[name] ?? '')}
                  onChange={(e) => set(e.currentTarget.value)}
                >
                  <option value="">(not given)</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </select>
              ) : kind === 'enum' ? (
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
