// How the non-interference campaign compares what two worlds showed one viewer: outputs are brought to a
// canonical text (JSON pretty-printed, so a difference has a line to point at), then
// - the differences of the known leak classes that are about numbering are taken out one class at a time
//   (LEAK_CLASSES with `normalize`): a class is seen when the outputs agree only once it is taken out;
// - what still differs is a first differing line, which is a known leak whose text it matches (LEAK_CLASSES
//   with `match`), a fact the rules tell that viewer, or a new leak.
import type { Json, JsonObject } from '../../src/core/index.js';

export interface LeakClass {
  readonly id: string;
  /** The issue item it belongs to and who fixes it. */
  readonly item: string;
  readonly what: string;
  /** Takes the class's difference out of an output (route names as `compare` is given them). */
  readonly normalize?: (route: string, value: Json) => Json;
  /** Recognises the class in a first differing line. */
  readonly match?: RegExp;
}

const isObject = (v: Json | undefined): v is JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A copy of `value` without the keys `drop` names, at any depth. */
function without(value: Json, drop: (key: string) => boolean): Json {
  if (Array.isArray(value)) return (value as readonly Json[]).map((v) => without(v, drop));
  if (!isObject(value)) return value;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(value)) if (!drop(k)) out[k] = without(v, drop);
  return out;
}

/**
 * The leak classes other branches are closing (issue 13 items 1 and 2, issue 18's Tunnelers lines). The test
 * lists those it expects to see in KNOWN_LEAKS; a class not listed there must not be seen.
 */
export const LEAK_CLASSES: readonly LeakClass[] = [
  {
    id: 'numbering',
    item: 'issue 13 item 1 (h1)',
    what: '`seq` of log lines, views, command and join answers and live updates counts entries the viewer cannot see',
    normalize: (_route, v) => without(v, (k) => k === 'seq'),
  },
  {
    id: 'empty-updates',
    item: 'issue 13 item 1 (h1)',
    what: 'the live stream sends an update, with no line, for entries the viewer cannot see',
    normalize: (route, v) => {
      if (route !== 'events' || !isObject(v) || !Array.isArray(v.messages)) return v;
      const empty = (m: Json): boolean =>
        isObject(m) && isObject(m.data) && Array.isArray(m.data.lines) && m.data.lines.length === 0;
      return { ...v, messages: (v.messages as readonly Json[]).filter((m) => !empty(m)) };
    },
  },
  {
    id: 'verify-counts',
    item: 'issue 13 item 1 (h1)',
    what: "/verify's counts (entries, commands, rolls) count hidden entries",
    normalize: (route, v) =>
      route.endsWith('/verify')
        ? without(v, (k) => ['entries', 'commands', 'manualRolls', 'fairRolls'].includes(k))
        : v,
  },
  {
    id: 'games-counts',
    item: 'issue 13 item 1 (h1)',
    what: "the games list's `entries` (and `referee games`' count) counts hidden entries",
    normalize: (route, v) =>
      route === '/api/games'
        ? without(v, (k) => k === 'entries')
        : route === 'CLI games' && typeof v === 'string'
          ? v.replace(/\t\d+ log entries/g, '\t_ log entries')
          : v,
  },
  {
    id: 'june-catch-bonus-box',
    item: 'issue 13 item 2 (h2)',
    what: '`catch bonus-box:N` is accepted for a hidden Box and refused for an unknown id',
    match: /bonus-box:\d/,
  },
  {
    id: 'june-object-ids',
    item: 'issue 13 item 1, "public ids are numbered by a counter that also counts hidden Bonus Boxes" (h2)',
    what: "the public ids of the June Grid's objects (big-rock:N, radar-tower:N, ...) count the hidden Bonus Boxes",
    // An id's number, not a date's year: the clock's command ids (`clock:2026-03-23T18:00:00.000Z`) are
    // not object ids.
    match: /\b(?!bonus-box:)[a-z]+(?:-[a-z]+)*:\d+\b(?!-\d)/,
  },
  {
    id: 'june-big-rock',
    item: 'issue 13 item 2 (h2)',
    what: "a Big Rock's random square (a choice among squares that leaves out hidden Boxes) depends on the hidden Bonus Boxes (a Rock bought for a Box's square failing, R-J33, and the square a Rock drawn in secret lands on, R-J32, are what the text forces: told, not leaked)",
    match: /choice of \d+/,
  },
  {
    id: 'tunnelers-turn-over',
    item: 'issue 18, Tunnelers: private facts in public lines (h2)',
    what: 'a public line says why a turn ended ("out of cards and movement points", "standing orders carried out")',
    match: /out of cards|standing orders carried out/,
  },
  {
    id: 'tunnelers-turn-timing',
    item: 'issue 13 item 1 / issue 18, Tunnelers (found by this campaign; closed by T-27 from edition 2, h8)',
    what: 'when a turn ends, and so when the deadline passes, depends on hidden facts: an accepted private action restarted the wait (a refused one did not), and a combat waiting for its defence paused it',
    match: /"type": "(turn-ended|turn-began|deadline-passed)"/,
  },
];

/**
 * Taken out everywhere, not a leak: the salt of a non-public entry is an HMAC under the game's own secret (two
 * games never share one), so it differs between any two games and says nothing about what it salts.
 */
const ALLOWED = (v: Json): Json => without(v, (k) => k === 'salt');

/** The canonical text of an output: JSON pretty-printed (one field a line), anything else as it is. */
export function canonical(route: string, text: string, skip: ReadonlySet<string>): string {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    value = text;
  }
  value = ALLOWED(value);
  for (const c of LEAK_CLASSES) if (c.normalize && !skip.has(c.id)) value = c.normalize(route, value);
  return typeof value === 'string' ? value : JSON.stringify(value, null, 1);
}

/** The first line where two texts differ, with a line of context each side, each line cut to 240 characters. */
export function firstDifference(a: string, b: string): { line: number; a: string; b: string } {
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  const around = (ls: string[]): string =>
    ls
      .slice(Math.max(0, i - 1), i + 2)
      .map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l))
      .join('\n');
  return { line: i + 1, a: around(la), b: around(lb) };
}

export type Verdict =
  | { readonly kind: 'same' }
  | { readonly kind: 'numbering'; readonly classes: readonly string[] }
  | { readonly kind: 'differs'; readonly line: number; readonly a: string; readonly b: string };

const ALL = new Set<string>();

/** Compares one output of the two worlds. */
export function compare(route: string, a: string, b: string): Verdict {
  if (a === b) return { kind: 'same' };
  const full = canonical(route, a, ALL);
  const other = canonical(route, b, ALL);
  if (full !== other) {
    const d = firstDifference(full, other);
    return { kind: 'differs', ...d };
  }
  // Equal once every numbering class is out: which classes were needed?
  const classes: string[] = [];
  for (const c of LEAK_CLASSES) {
    if (!c.normalize) continue;
    const skip = new Set([c.id]);
    if (canonical(route, a, skip) !== canonical(route, b, skip)) classes.push(c.id);
  }
  return { kind: 'numbering', classes: classes.length > 0 ? classes : ['numbering'] };
}

/** The known leak class a differing line belongs to, if any. */
export function knownClass(d: { a: string; b: string }): string | null {
  for (const c of LEAK_CLASSES) if (c.match && (c.match.test(d.a) || c.match.test(d.b))) return c.id;
  return null;
}
