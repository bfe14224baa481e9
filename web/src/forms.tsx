// A form for any command, generated from the JSON Schema of its arguments (CommandInfo.schema): whole
// numbers, numbers, strings (with enums as a choice), booleans, arrays of numbers or strings, and unions.
// Nothing here knows a ruleset: a new command gets its form from its schema alone, and the choices its view
// knows (web/src/offers/) turn a text box into a choice, a set of boxes to tick, or suggestions.
import { useEffect, useState } from 'preact/hooks';
import type { Absence, CommandInfo, JsonObject, PreviewResult } from './api';
import { api, ApiError, newKey } from './api';
import type { FieldValue, FormSchema } from './form-model';
import { fieldsOf, formArgs, hintOf, kindOf, show, valueOf } from './form-model';
import type { CommandOffer, FieldOffer } from './offers';
import { AbsentList, PreviewView } from './preview';
import type { Pick } from './views/registry';

/** A bound worth showing on a number input (zod's "any safe integer" bounds are not). */
const bound = (n: number | undefined): number | undefined =>
  n !== undefined && Math.abs(n) < 1e9 ? n : undefined;

let formCount = 0;

/**
 * What became of a submission: said under its form (or above the forms, once its form is no longer offered).
 * `seq` is the viewer's position it was given at, `attempt` its number among this page's submissions: a later
 * update or submission makes it an earlier result, shown as such rather than as if current.
 */
export interface Outcome {
  readonly ok: boolean;
  readonly text: string;
  readonly seq: number;
  readonly attempt: number;
  /** What the rules did for players who had not acted in time (a done command's `absent`). */
  readonly absent?: readonly Absence[];
}

export interface CommandFormProps {
  game: string;
  token: string;
  command: CommandInfo;
  /** The choices the viewer's view knows for this command (web/src/offers/). */
  offer?: CommandOffer;
  /** Offer a field for manual dice results (the Administrator, in a manual-dice game). */
  rolls?: boolean;
  /**
   * The Administrator's orders (issue 16): a Preview button shows what the order would do, and an
   * irreversible one (CommandInfo.confirm) is done only after its preview is shown and confirmed.
   */
  preview?: boolean;
  /** What the last submission of this form came to, and whether something has happened since. */
  outcome?: Outcome | undefined;
  stale?: boolean;
  /** Reports a submission's outcome: the page keeps it, numbered, with the position it was given at. */
  onOutcome: (o: { ok: boolean; text: string; seq?: number; absent?: Absence[] }) => void;
  /** Whether a click on the drawing fills this form, and the last such click meant for it. */
  prepared?: boolean;
  pick?: { n: number; pick: Pick } | undefined;
  /** The reader is preparing this form (focused or typed in it): clicks on the drawing now fill it. */
  onPrepare?: () => void;
  onDone: () => void;
}

/** The fields a click on the drawing fills in a command's form, if any. */
export function pickFields(command: CommandInfo, pick: Pick): string[] | undefined {
  const names = fieldsOf(command).map(([n]) => n);
  if ('x' in pick) return names.includes('x') && names.includes('y') ? ['x', 'y'] : undefined;
  if ('square' in pick) {
    const f = ['path', 'target', 'square'].find((n) => names.includes(n));
    return f ? [f] : undefined;
  }
  const f = ['to', 'room'].find((n) => names.includes(n));
  return f ? [f] : undefined;
}

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

/** Several choices as the field's text: a list's items separated by commas, cards by spaces. */
const joined = (s: FormSchema, values: readonly string[]): string =>
  values.join(kindOf(s).endsWith('-list') ? ', ' : ' ');

export function CommandForm(props: CommandFormProps) {
  const { game, token, command, rolls, preview, onDone, offer, outcome, stale, onOutcome, prepared, pick } =
    props;
  const [id] = useState(() => `cmd-${++formCount}`);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  // For a field offered as boxes to tick: which of its choices are ticked (a hand may hold two cards alike).
  const [ticked, setTicked] = useState<Record<string, number[]>>({});
  const [dice, setDice] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per submission attempt: kept if the request never got an answer, so a retry cannot apply twice.
  const [key, setKey] = useState(newKey);
  const fields = fieldsOf(command);
  const required = new Set(command.schema.required ?? []);
  const offered = (name: string): FieldOffer | undefined => offer?.fields?.[name];

  // A click on the drawing meant for this form: the square's x and y, a square added to a path, a room.
  useEffect(() => {
    if (!pick) return;
    const p = pick.pick;
    const into = pickFields(command, p);
    if (!into) return;
    if ('x' in p) setValues((old) => ({ ...old, x: String(p.x), y: String(p.y) }));
    else if ('square' in p) {
      const f = into[0] ?? '';
      setValues((old) => {
        const before = String(old[f] ?? '').trim();
        return { ...old, [f]: f === 'path' && before !== '' ? `${before} ${p.square}` : p.square };
      });
    } else setValues((old) => ({ ...old, [into[0] ?? '']: p.room }));
  }, [pick?.n]);

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
      onOutcome({ ok: false, text: (err as Error).message });
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
      onOutcome({
        ok: true,
        text: `${res.duplicate ? 'Already done' : 'Done'}${said.length ? `: ${said.join(' ')}` : '.'}`,
        seq: res.seq,
        ...(res.absent ? { absent: res.absent } : {}),
      });
      setValues({});
      setTicked({});
      setDice('');
      setKey(newKey());
      onDone();
    } catch (err) {
      const ae = refusal(err);
      onOutcome({ ok: false, text: `Refused (${ae.code}): ${ae.message}` });
      if (ae.status !== 0) setKey(newKey());
    } finally {
      setBusy(false);
    }
  };

  /** Asks the server what the order would do; nothing is written, no key is used. */
  const showPreview = async (body: Previewed['body'], confirming: boolean) => {
    setBusy(true);
    try {
      setPreviewed({ body, result: await api.preview(game, token, body), confirming });
    } catch (err) {
      const ae = refusal(err);
      setPreviewed(null);
      onOutcome({ ok: false, text: `Refused (${ae.code}): ${ae.message}` });
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

  const squares = offer?.squares;
  const xy = `${String(values.x ?? '')},${String(values.y ?? '')}`;

  return (
    <form
      class={`command${prepared ? ' prepared' : ''}`}
      aria-label={command.name}
      data-command={command.name}
      onSubmit={(e) => void submit(e)}
      onFocusIn={() => props.onPrepare?.()}
      onInput={() => props.onPrepare?.()}
    >
      <h4>{command.name}</h4>
      {command.summary && <p class="summary">{command.summary}</p>}
      {prepared && <p class="picks">A click on the board fills this form.</p>}
      <div class="fields">
        {squares && squares.length > 0 && (
          <label for={`${id}-square`} class="wide">
            <span>square</span>
            <select
              id={`${id}-square`}
              aria-label="square"
              name="square-choice"
              value={squares.some(([x, y]) => `${x},${y}` === xy) ? xy : ''}
              onChange={(e) => {
                const [x = '', y = ''] = e.currentTarget.value.split(',');
                setValues((old) => ({ ...old, x, y }));
              }}
            >
              <option value="">choose…</option>
              {squares.map(([x, y]) => (
                <option key={`${x},${y}`} value={`${x},${y}`}>{`(${x},${y})`}</option>
              ))}
            </select>
          </label>
        )}
        {fields.map(([name, s]) => {
          const kind = kindOf(s);
          const fid = `${id}-${name}`;
          const label = `${name}${required.has(name) ? '' : ' (optional)'}`;
          const set = (v: FieldValue) => setValues((old) => ({ ...old, [name]: v }));
          const hint = hintOf(s, kind);
          const known = offered(name);
          // Several of the known choices: a box to tick for each (cards from a hand, the winners).
          if (known?.many)
            return (
              <fieldset key={name} class="ticks">
                <legend>{label}</legend>
                {known.choices.map((c, i) => (
                  <label key={`${c.value}-${i}`} class="check" for={`${fid}-${i}`}>
                    <input
                      id={`${fid}-${i}`}
                      type="checkbox"
                      name={name}
                      value={c.value}
                      checked={(ticked[name] ?? []).includes(i)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        const now = (ticked[name] ?? []).filter((j) => j !== i);
                        if (on) now.push(i);
                        now.sort((a, b) => a - b);
                        setTicked((old) => ({ ...old, [name]: now }));
                        set(
                          joined(
                            s,
                            now.map((j) => known.choices[j]?.value ?? ''),
                          ),
                        );
                      }}
                    />
                    {c.label}
                  </label>
                ))}
              </fieldset>
            );
          // One of the known choices, where nothing else could be right.
          if (known && !known.open)
            return (
              <label key={name} for={fid}>
                <span>{label}</span>
                <select
                  id={fid}
                  aria-label={label}
                  name={name}
                  value={String(values[name] ?? '')}
                  onChange={(e) => set(e.currentTarget.value)}
                  required={required.has(name)}
                >
                  <option value="">{required.has(name) ? 'choose…' : '(none)'}</option>
                  {known.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
              </label>
            );
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
                  aria-label={label}
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
                  aria-label={label}
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
                  aria-label={label}
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
                  aria-label={label}
                  name={name}
                  type="text"
                  inputMode={kind === 'int-list' ? 'numeric' : undefined}
                  maxLength={s.maxLength}
                  required={required.has(name)}
                  value={String(values[name] ?? '')}
                  onInput={(e) => set(e.currentTarget.value)}
                  placeholder={hint}
                  list={known ? `${fid}-choices` : undefined}
                />
              )}
              {known && (
                <datalist id={`${fid}-choices`}>
                  {known.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </datalist>
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
      <div class="buttons">
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
      </div>
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
      {outcome && <OutcomeLine command={command.name} outcome={outcome} stale={stale ?? false} />}
    </form>
  );
}

/** An outcome as said: current, or marked as earlier once something has happened since. */
export function OutcomeLine(props: { command: string; outcome: Outcome; stale: boolean; named?: boolean }) {
  const { outcome, stale } = props;
  return (
    <div
      class={`outcome ${outcome.ok ? 'ok' : 'error'}${stale ? ' stale' : ''}`}
      role={stale ? undefined : outcome.ok ? 'status' : 'alert'}
      data-testid="outcome"
      data-command={props.command}
      data-attempt={outcome.attempt}
    >
      {/* What the rules did for the absent comes first: it is what the Administrator must not miss. */}
      {outcome.ok && outcome.absent && <AbsentList absent={outcome.absent} />}
      {stale && <span class="badge">earlier</span>}
      {props.named ? <strong>{props.command}: </strong> : null}
      {outcome.text}
    </div>
  );
}
