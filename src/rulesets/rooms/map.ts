// The map as data: a map file (the game's config) is checked against a schema, then for sense - every room a
// passage, the start or a token names exists, no room is listed twice, Mornington Crescent is there, and every
// room can be reached from the start - and becomes the game's RoomsMap. Rulings H1-H3 in docs/rulings-quests.md.
import { z } from 'zod';
import { reject } from '../../core/index.js';
import type { Json } from '../../core/index.js';
import type { MapRoom, RoomsMap } from './types.js';

/** The room rule 142 keeps out of every Quest, and every map must have. */
export const MORNINGTON_CRESCENT = 'Mornington Crescent';

/** Actions a turn allows when the map file does not say (H5). */
export const DEFAULT_ACTIONS_PER_TURN = 3;

const NAME = /^\S(?:[^\p{Cc}]*\S)?$/u;

/** A room's name: 1-60 characters, no spaces at either end, no control characters. */
export const roomName = z
  .string()
  .max(60, 'a room name is at most 60 characters')
  .regex(NAME, 'a room name is 1-60 characters with no spaces at either end and no control characters');

/** A token's name: like a room's, and not starting with "#" (that is how a token is named by its number). */
export const tokenName = z
  .string()
  .max(60, 'a token name is at most 60 characters')
  .regex(NAME, 'a token name is 1-60 characters with no spaces at either end and no control characters')
  .refine((s) => !s.startsWith('#'), 'a token name may not start with "#"');

/** The map file's schema: what `referee new rooms --config map.json` reads. */
export const mapFileSchema = z
  .object({
    title: z.string().min(1).max(100).optional(),
    start: roomName,
    actionsPerTurn: z.number().int().min(1).max(100).optional(),
    /** H11: whole ndays the Administrator waits for the active player (none: a turn ends only when ended). */
    turnDeadline: z.number().int().min(1).max(100).optional(),
    rooms: z.array(roomName).min(1, 'a map needs rooms').max(500),
    passages: z.array(z.tuple([roomName, roomName])).max(5000),
    tokens: z
      .array(z.object({ name: tokenName, room: roomName }).strict())
      .max(1000)
      .optional(),
  })
  .strict();

/** A map file as written (unchecked for sense). */
export type MapFile = z.infer<typeof mapFileSchema>;

/** What a map file makes: the map, the actions a turn allows, and the tokens lying in rooms at the start. */
export interface ParsedMap {
  readonly map: RoomsMap;
  readonly actionsPerTurn: number;
  /** H11: the turn's deadline in whole ndays, if the map sets one. */
  readonly turnDeadline?: number;
  readonly tokens: readonly { readonly name: string; readonly room: string }[];
}

/** Checks a map file; every problem found is listed, or the map is returned. */
export function checkMap(file: MapFile): { ok: true; value: ParsedMap } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const exact = new Set<string>();
  const folded = new Map<string, string>();
  for (const name of file.rooms) {
    const key = name.toLowerCase();
    const earlier = folded.get(key);
    if (earlier !== undefined)
      problems.push(
        earlier === name
          ? `the room "${name}" is listed twice`
          : `the rooms "${earlier}" and "${name}" differ only in capitals (players name rooms in any case)`,
      );
    else folded.set(key, name);
    exact.add(name);
  }
  const known = (where: string, name: string): boolean => {
    if (exact.has(name)) return true;
    const like = folded.get(name.toLowerCase());
    problems.push(
      `${where} names the room "${name}", which is not in the map's rooms${like ? ` (did you mean "${like}"?)` : ''}`,
    );
    return false;
  };
  if (!exact.has(MORNINGTON_CRESCENT)) {
    const like = folded.get(MORNINGTON_CRESCENT.toLowerCase());
    problems.push(
      like
        ? `spell "${like}" as "${MORNINGTON_CRESCENT}": the Quests rules name it`
        : `the map has no room "${MORNINGTON_CRESCENT}", which the Quests rules need`,
    );
  } else if (exact.size < 4) {
    problems.push(
      `a map needs at least four rooms: ${MORNINGTON_CRESCENT} and three others for a Quest's home, locate and goal`,
    );
  }
  known('start', file.start);
  const exits = new Map<string, string[]>(file.rooms.map((r) => [r, []]));
  const seen = new Set<string>();
  file.passages.forEach(([a, b], i) => {
    const okA = known(`passages[${i}]`, a);
    const okB = known(`passages[${i}]`, b);
    if (!okA || !okB) return;
    if (a === b) return void problems.push(`passages[${i}] leads from "${a}" to itself`);
    // A room's name has no control characters (NAME), so a newline cannot occur in either.
    const key = a < b ? `${a}\n${b}` : `${b}\n${a}`;
    if (seen.has(key)) return void problems.push(`passages[${i}] joins "${a}" and "${b}" a second time`);
    seen.add(key);
    exits.get(a)?.push(b);
    exits.get(b)?.push(a);
  });
  (file.tokens ?? []).forEach((t, i) => known(`tokens[${i}]`, t.room));
  if (problems.length === 0) {
    const unreachable = unreachableFrom(file.start, file.rooms, exits);
    if (unreachable.length > 0)
      problems.push(
        `no passages lead from the start "${file.start}" to ${unreachable.map((r) => `"${r}"`).join(', ')}`,
      );
  }
  if (problems.length > 0) return { ok: false, problems };
  const rooms: MapRoom[] = file.rooms.map((name) => ({ name, exits: exits.get(name) ?? [] }));
  return {
    ok: true,
    value: {
      map: { title: file.title ?? 'A map of rooms', start: file.start, rooms },
      actionsPerTurn: file.actionsPerTurn ?? DEFAULT_ACTIONS_PER_TURN,
      ...(file.turnDeadline !== undefined ? { turnDeadline: file.turnDeadline } : {}),
      tokens: (file.tokens ?? []).map((t) => ({ name: t.name, room: t.room })),
    },
  };
}

/** The rooms no walk along passages from `start` reaches, in map order. */
function unreachableFrom(start: string, rooms: readonly string[], exits: Map<string, string[]>): string[] {
  const reached = new Set([start]);
  const queue = [start];
  for (let room = queue.shift(); room !== undefined; room = queue.shift()) {
    for (const next of exits.get(room) ?? []) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return rooms.filter((r) => !reached.has(r));
}

/** The game's config as a map: null is the default map; anything else must be a good map file. */
export function parseMapConfig(config: Json, fallback: MapFile): ParsedMap {
  const raw: unknown = config === null ? fallback : config;
  const parsed = mapFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    return reject('bad-config', `map file: ${where}${issue?.message ?? 'not a map'}`);
  }
  const checked = checkMap(parsed.data);
  if (!checked.ok) return reject('bad-config', `map file: ${checked.problems.join('; ')}`);
  return checked.value;
}

/** The map's room of that name, in any case. */
export function findRoom(map: RoomsMap, name: string): MapRoom | undefined {
  const key = name.trim().toLowerCase();
  return map.rooms.find((r) => r.name.toLowerCase() === key);
}

/** The rooms a passage leads to from `room`. */
export const exitsOf = (map: RoomsMap, room: string): readonly string[] =>
  map.rooms.find((r) => r.name === room)?.exits ?? [];
