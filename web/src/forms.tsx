// A form for any command, generated from the JSON Schema of its arguments (CommandInfo.schema): whole
// numbers, numbers, strings (with enums as a choice), booleans, arrays of numbers or strings, and unions.
// Nothing here knows a ruleset: a new command gets its form from its schema alone.
import { useState } from 'preact/hooks';
import type { Absence, CommandInfo, JsonObject, PreviewResult } from './api';
import { api, ApiError, newKey } from './api';
import { AbsentList, PreviewView } from './preview';
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
  /**
   * The Administrator's orders (issue 16): a Preview button shows what the order would do, and an
   * irreversible one (CommandInfo.confirm) is done only after its preview is shown and confirmed.
   */
  preview?: boolean;
  onDone: () => void;
}

type Outcome = { ok: true; text: string; absent?: Absence[] } | { ok: false; text: string } | null;

/** The order as it would be sent, and its preview: shown, and to be confirmed when `confirming`. */
interface Previewed {
  body: { type: string; args: JsonObject; rolls?: number[] };
  result: PreviewResult;
  confirming: boolean;
}

/** Whether these arguments make the command one to confirm (tick only with nweek, for one). */
const needsConfirm = (command: CommandInfo, args: JsonObject): boolean =>
  command.confirm !== undefined &&
  (command.confirm.when === undefined || args[command.confirm.when] === true);

export function CommandForm({ game, token, command, rolls, preview, onDone }: CommandFormProps) {
  const [id] = useState(() => `cmd-${++formCount}`);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [dice, setDice] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One key per submission attempt: kept if the request never got an answer, so a retry cannot apply twice.
  const [key, setKey] = useState(newKey);
  const fields = fieldsOf(command);
  const required = new Set(command.schema.required ?? []);

  const [previewed, setPreviewed] = useState<Previewed | null>(null);

  /** The form's values as the command's body, or undefined (the problem shown) if they do not parse. */
  const bodyOf = (): Previewed['body'] | undefined => {
    try {
      const args = formArgs(command, values);
      const queued =
        rolls && dice.trim() !== ''
          ? (valueOf('dice results', { type: 'array', items: { type: 'integer' } }, dice) as number[])
          : undefined;
      return { type: command.name, args, ...(queued ? { rolls: queued } : {}) };
    } catch (err) {
      setOutcome({ ok: false, text: (err as Error).message });
      return undefined;
    }
  };

  const refusal = (err: unknown): ApiError =>
    err instanceof ApiError ? err : new ApiError(0, 'error', String(err));

  const send = async (body: Previewed['body']) => {
    setBusy(true);
    setPreviewed(null);
    try {
      const res = await api.command(game, token, body, key);
      const said = res.lines.map((l) => l.text).filter((t) => t !== '');
      setOutcome({
        ok: true,
        text: `${res.duplicate ? 'Already done' : 'Done'}${said.length ? `: ${said.join(' ')}` : '.'}`,
        ...(res.absent ? { absent: res.absent } : {}),
      });
      setValues({});
      setDice('');
      setKey(newKey());
      onDone();
    } catch (err) {
      const ae = refusal(err);
      setOutcome({ ok: false, text: `Refused (${ae.code}): ${ae.message}` });
      if (ae.status !== 0) setKey(newKey());
    } finally {
      setBusy(false);
    }
  };

  /** Asks the server what the order would do; nothing is written, no key is used. */
  const showPreview = async (body: Previewed['body'], confirming: boolean) => {
    setBusy(true);
    setOutcome(null);
    try {
      setPreviewed({ body, result: await api.preview(game, token, body), confirming });
    } catch (err) {
      const ae = refusal(err);
      setPreviewed(null);
      setOutcome({ ok: false, text: `Refused (${ae.code}): ${ae.message}` });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const body = bodyOf();
    if (!body) return;
    // An irreversible order is first previewed, then done only when confirmed (issue 16).
    if (preview && needsConfirm(command, body.args)) return showPreview(body, true);
    await send(body);
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
      {preview && (
        <button
          type="button"
          class="quiet"
          disabled={busy}
          onClick={() => {
            const body = bodyOf();
            if (body) void showPreview(body, false);
          }}
        >
          Preview
        </button>
      )}
      {previewed && (
        <div class={previewed.confirming ? 'confirm-box' : ''} data-testid="confirm">
          {previewed.confirming && command.confirm && (
            <p>
              <strong>{command.confirm.message}</strong>
            </p>
          )}
          <PreviewView result={previewed.result} />
          <div class="buttons">
            {previewed.confirming && (
              <button type="button" disabled={busy} onClick={() => void send(previewed.body)}>
                Yes, {command.name}
              </button>
            )}
            <button type="button" class="quiet" onClick={() => setPreviewed(null)}>
              {previewed.confirming ? 'Cancel' : 'Close the preview'}
            </button>
          </div>
        </div>
      )}
      {outcome && (
        <div class={outcome.ok ? 'outcome ok' : 'outcome error'} role={outcome.ok ? 'status' : 'alert'}>
          {/* What the rules did for the absent comes first: it is what the Administrator must not miss. */}
          {outcome.ok && outcome.absent && <AbsentList absent={outcome.absent} />}
          {outcome.text}
        </div>
      )}
    </form>
  );
}
