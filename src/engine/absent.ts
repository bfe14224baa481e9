// What the rules did for players who had not acted in time (issue 16: "`tick --nweek` in Tunnelers silently
// timed out six turns; an action the rules take for absent players is said loudly in the result"). A command
// that ends ndays passes the waits of the rules (Ruleset.awaiting): each nday's end that closes a wait with
// players still awaited is one absence, told with the rules' own words for what becomes of them (`late`).
// Made from the awaiting alone, which is public facts, so it is the same for every viewer and can be shown
// to anyone who sees the tick.
import type { GameState, KernelEvent, LogEntry } from '../core/index.js';
import type { Rules } from './ports/index.js';

/** One wait that ended with players still awaited. */
export interface Absence {
  /** What was awaited, in the rules' words ("announcements for nweek 3", "alice's turn"). */
  readonly what: string;
  /** When the wait ended: the end of this nday. */
  readonly until: { readonly nweek: number; readonly nday: number };
  /** Who had not acted, in the game's order. */
  readonly players: readonly string[];
  /** What became of them, in the rules' words, said to the player ("you stay where you are"), if told. */
  readonly late?: string;
}

const order = (t: { readonly nweek: number; readonly nday: number }): [number, number] => [t.nweek, t.nday];
const notBefore = (a: [number, number], b: [number, number]): boolean =>
  a[0] > b[0] || (a[0] === b[0] && a[1] >= b[1]);

/**
 * The waits a command's entries ended with players still awaited, in order: `before` is the state the
 * command was decided on. Each entry is folded again only for a command that ends an nday (a tick), so
 * nothing else pays for it.
 */
export function absences(
  kernel: Rules,
  before: GameState | undefined,
  entries: readonly LogEntry[],
): Absence[] {
  if (!before || !entries.some((e) => e.event.type === 'nday-ended')) return [];
  const out: Absence[] = [];
  let state = before;
  for (const e of entries) {
    if (e.event.type === 'nday-ended') {
      const ended = e.event as Extract<KernelEvent, { type: 'nday-ended' }>;
      const wait = kernel.awaiting(state);
      if (wait && notBefore(order(ended), order(wait.until))) {
        const players = wait.players.filter((p) => !p.done).map((p) => p.name);
        if (players.length > 0)
          out.push({
            what: wait.what,
            until: { nweek: ended.nweek, nday: ended.nday },
            players,
            ...(wait.late !== undefined ? { late: wait.late } : {}),
          });
      }
    }
    state = kernel.evolve(state, e.event);
  }
  return out;
}

/** An absence as one line for people: who, what they missed, and what the rules did about it. */
export function absenceText(a: Absence): string {
  const who = a.players.join(', ');
  return `The time for ${a.what} ran out at the end of nday ${a.until.nday} of nweek ${a.until.nweek}: ${who} had not acted${a.late ? `, and the rules acted for ${a.players.length === 1 ? 'em' : 'them'} ("${a.late}")` : ''}.`;
}
