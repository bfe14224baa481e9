// The "pending" panel (issue 14): who the rules wait for, who has acted and who has not, until when, and the
// game's calendar. Drawn only from the view's `awaiting` and `schedule`, which are public facts, the same for
// every viewer (Ruleset.awaiting): the panel tells no one anything the public view does not.
import type { Json, JsonObject } from './api';
import { text } from './api';
import { Joining } from './admission';

interface Awaiting {
  what: string;
  players: { name: string; done: boolean }[];
  until: { nweek: number; nday: number };
  how?: string;
}

interface Schedule {
  rhythm:
    { kind: 'calendar'; zone: string; time: string; weekday: number } | { kind: 'rhythm'; every: number };
  warnings: number[];
  since: string;
  paused: { at: string; reason: string } | null;
  extension: { nweek: number; until: string; reason: string } | null;
  fired: string | null;
}

const isObject = (v: Json | undefined): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** The view's awaiting, if it has a well-formed one. */
function awaitingOf(v: Json | undefined): Awaiting | undefined {
  if (!isObject(v) || typeof v.what !== 'string' || !Array.isArray(v.players) || !isObject(v.until))
    return undefined;
  const players = v.players.filter(isObject).map((p) => ({ name: text(p.name), done: p.done === true }));
  const until = { nweek: Number(v.until.nweek), nday: Number(v.until.nday) };
  return { what: v.what, players, until, ...(typeof v.how === 'string' ? { how: v.how } : {}) };
}

const scheduleOf = (v: Json | undefined): Schedule | undefined =>
  isObject(v) && isObject(v.rhythm) ? (v as unknown as Schedule) : undefined;

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A duration in seconds as people say it: "24 h", "2 h 30 min", "30 s". */
function duration(s: number): string {
  if (s % 86_400 === 0) return `${s / 86_400} d`;
  if (s % 3_600 === 0) return `${s / 3_600} h`;
  if (s >= 3_600) return `${Math.floor(s / 3_600)} h ${Math.round((s % 3_600) / 60)} min`;
  if (s % 60 === 0) return `${s / 60} min`;
  return `${s} s`;
}

/** An instant in UTC, to the second: "2026-11-29 23:59:00 UTC". */
const utc = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The calendar in words. */
function rhythmText(s: Schedule): string {
  const r = s.rhythm;
  if (r.kind === 'rhythm') return `an nday ends every ${duration(r.every)}`;
  return `ndays end daily at ${r.time} ${r.zone}; nweeks end on ${WEEKDAYS[r.weekday] ?? `weekday ${r.weekday}`}s`;
}

/**
 * When the awaited nday ends, where that is simple to know in the page: on a rhythm, not paused, with no
 * extension, the k-th boundary after the last one fired is k rhythms later. A calendar (time zones, daylight
 * saving, the last nday lasting until the nweek's end) is left to the server: the game time says it.
 */
function dueOf(s: Schedule | undefined, view: JsonObject, until: Awaiting['until']): number | undefined {
  if (!s || s.rhythm.kind !== 'rhythm' || s.paused || s.extension) return undefined;
  const ndays = Number(view.ndays);
  const count = (w: number, d: number) => (w - 1) * ndays + d;
  const k = count(until.nweek, until.nday) - count(Number(view.nweek), Number(view.nday)) + 1;
  if (!(k >= 1)) return undefined;
  const base = Date.parse(s.fired ?? s.since);
  return Number.isFinite(base) ? base + k * s.rhythm.every * 1000 : undefined;
}

/** Issue 26 (B5, B11): the beacon round a game on beacon dice waits for, if it does (public, as its commitment). */
function BeaconWait({ view }: { view: JsonObject }) {
  const b = view.beacon;
  if (!isObject(b) || b.waiting !== true) return null;
  const due = typeof b.due === 'string' ? Date.parse(b.due) : NaN;
  return (
    <p class="pending-beacon" data-testid="pending-beacon">
      The dice wait for <strong>round {text(b.round)}</strong> of the {text(b.chain)} beacon
      {Number.isFinite(due) && <>, due {utc(due)}</>}: the nweek goes on once it is recorded (the referee
      fetches it from the beacon's relays, or the Administrator pastes it).
    </p>
  );
}

export function Pending({ view, you }: { view: JsonObject; you?: string | undefined }) {
  const awaiting = awaitingOf(view.awaiting);
  const schedule = scheduleOf(view.schedule);
  // Issue 16: who asks to join, and who was removed, beside who the rules wait for (admission.tsx).
  const joining = <Joining view={view} you={you} />;
  const beacon = <BeaconWait view={view} />;
  if (!awaiting && !schedule)
    return (
      <>
        {isObject(view.beacon) && view.beacon.waiting === true && (
          <section class="pending" aria-labelledby="pending-h" data-testid="pending">
            <h2 id="pending-h">Pending</h2>
            {beacon}
          </section>
        )}
        {joining}
      </>
    );
  const due = awaiting ? dueOf(schedule, view, awaiting.until) : undefined;
  const missing = awaiting?.players.filter((p) => !p.done) ?? [];
  return (
    <>
      <section class="pending" aria-labelledby="pending-h" data-testid="pending">
        <h2 id="pending-h">Pending</h2>
        {beacon}
        {awaiting ? (
          <>
            <p data-testid="pending-what">
              Waiting for <strong>{awaiting.what}</strong> until the end of nday {awaiting.until.nday} of
              nweek {awaiting.until.nweek}
              {due !== undefined && <span data-testid="pending-due"> (about {utc(due)})</span>}.
            </p>
            <ul class="pending-players">
              {awaiting.players.map((p) => (
                <li
                  key={p.name}
                  class={p.done ? 'done' : 'missing'}
                  data-testid="pending-player"
                  data-player={p.name}
                  data-done={p.done ? 'yes' : 'no'}
                >
                  {p.done ? '✓' : '…'} {p.name}
                  {p.name === you ? ' (you)' : ''} {p.done ? 'has acted' : 'has not acted yet'}
                </li>
              ))}
            </ul>
            {missing.some((p) => p.name === you) && awaiting.how && (
              <p class="pending-how">To act: {awaiting.how}.</p>
            )}
          </>
        ) : (
          <p>The rules wait for no one now.</p>
        )}
        {schedule ? (
          <p class="pending-schedule" data-testid="pending-schedule">
            The calendar: {rhythmText(schedule)}.
            {schedule.warnings.length > 0 &&
              ` Reminders ${schedule.warnings.map(duration).join(' and ')} before each deadline.`}
            {schedule.paused &&
              ` Paused since ${utc(Date.parse(schedule.paused.at))}: ${schedule.paused.reason}.`}
            {schedule.extension &&
              ` Nweek ${schedule.extension.nweek} extended to ${utc(Date.parse(schedule.extension.until))}: ${schedule.extension.reason}.`}
            {schedule.fired && ` Last boundary: ${utc(Date.parse(schedule.fired))}.`}
          </p>
        ) : (
          <p class="pending-schedule">No calendar: ndays end when the Administrator ticks.</p>
        )}
      </section>
      {joining}
    </>
  );
}
