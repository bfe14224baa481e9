// What `show` says under the board (issue 16: "who has acted this nweek/turn and who has not, what is due next,
// queued manual dice"): the wait of the rules (the view's `awaiting`, public facts, the same for every viewer),
// how to act for a player still awaited, and, in the Administrator's view, the manual dice waiting in the queue.
// The page's Pending panel (web/src/pending.tsx) says the same.
import { listText } from '../core/index.js';
import type { Awaiting, Json, JsonObject } from '../core/index.js';

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Issue 26 (B5, B11): what a game on beacon dice waiting for its round says to everyone (the round is public,
 * as the commitment naming it is): which round, of which chain, due when, and who brings it.
 */
export function beaconWait(view: JsonObject): string | undefined {
  const b = view.beacon;
  if (!isObject(b) || b.waiting !== true) return undefined;
  const due = typeof b.due === 'string' ? b.due.slice(0, 19).replace('T', ' ') + ' UTC' : 'soon';
  return (
    `The dice wait for round ${Number(b.round)} of the ${typeof b.chain === 'string' ? b.chain : 'its'} beacon, due ${due}: ` +
    `the nweek goes on once it is recorded (the referee fetches it from the beacon's relays, or the Administrator pastes it).`
  );
}

/** The lines under the board, or none when there is nothing pending to say. */
export function pendingLines(view: JsonObject, you?: string): string[] {
  const out: string[] = [];
  const wait = beaconWait(view);
  if (wait) out.push(wait);
  const a = isObject(view.awaiting) ? (view.awaiting as unknown as Awaiting) : undefined;
  if (a) {
    const missing = a.players.filter((p) => !p.done).map((p) => p.name);
    const done = a.players.filter((p) => p.done).map((p) => p.name);
    const has = (names: readonly string[], what: string) =>
      names.length === 0 ? [] : [`${listText(names)} ${names.length === 1 ? 'has' : 'have'}${what}`];
    const who = [...has(missing, ' not acted yet'), ...has(done, '')];
    out.push(
      `Waiting for ${a.what} until the end of nday ${a.until.nday} of nweek ${a.until.nweek}${who.length > 0 ? `: ${who.join('; ')}` : ''}.`,
    );
    if (you !== undefined && missing.includes(you) && a.how) out.push(`To act: ${a.how}.`);
  }
  if (view.dice === 'manual' && Array.isArray(view.diceQueue))
    out.push(
      view.diceQueue.length === 0
        ? 'No dice results wait in the queue: the next manual roll needs `referee dice` (or --rolls).'
        : `Waiting for the next manual rolls, in order: ${view.diceQueue.map(String).join(', ')}.`,
    );
  return out;
}
