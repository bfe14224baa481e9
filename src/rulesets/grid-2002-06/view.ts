// What each viewer may see: players, public objects, squares and the weather. Bonus Boxes (G.1) and anything
// else hidden is added by the sections that hide it; the Administrator sees every object.
import { balanceOf, listText, standingsOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Standings, Viewer } from '../../core/index.js';
import type { GridObject, JuneState, Kind, Unit } from './types.js';
import { HIDDEN_KINDS, own } from './types.js';
import { GRID_SIZE, holdings, locationOf, unitText } from './grid.js';
import { objectName } from './objects.js';
import { INITIAL_RADAR } from './fg-radar.js';
import { deView } from './sections-de.js';
import { fgView } from './sections-fg.js';

export { HIDDEN_KINDS } from './types.js';

const placeJson = (o: GridObject): Json =>
  'on' in o.place
    ? { on: [o.place.on[0], o.place.on[1]] }
    : 'heldBy' in o.place
      ? { heldBy: o.place.heldBy }
      : 'airborne' in o.place
        ? { airborne: [o.place.airborne.target[0], o.place.airborne.target[1]] }
        : 'limbo';

export function juneView(rules: JuneState, game: GameState, viewer: Viewer): JsonObject {
  const players: Json[] = game.players.map((name) => {
    const at = locationOf(rules, name);
    const facts = own(rules.players, name);
    return {
      name,
      location: at ? [at[0], at[1]] : null,
      points: balanceOf(game.balances, name),
      holding: holdings(rules, name).map((o) => o.id),
      female: facts?.female ?? false,
      cheerleader: facts?.cheerleader ?? false,
      football: facts?.football ?? false,
    };
  });
  const objects: Json[] = rules.objects
    .filter((o) => o.kind !== 'player' && (viewer.role === 'admin' || !HIDDEN_KINDS.has(o.kind)))
    .map((o) => ({ id: o.id, kind: o.kind, ...(o.name ? { name: o.name } : {}), place: placeJson(o) }));
  const squares: Json[] = Object.entries(rules.squares).map(([key, sq]) => ({
    at: key.split(',').map(Number),
    ...sq,
  }));
  const view: Record<string, Json> = {
    players,
    objects,
    squares,
    temperature: rules.temperature,
    n: rules.n,
    ...deView(rules, game, viewer),
    ...fgView(rules, game, viewer),
  };
  if (viewer.role === 'player') view.you = viewer.name;
  return view;
}

const MARKS: Partial<Record<Kind, string>> = {
  'big-rock': 'R',
  siren: 'S',
  yeti: 'Y',
  'big-stick': '|',
  shield: 'O',
  'ball-of-wax': 'w',
  'siren-bait': 'b',
  'radar-tower': 'T',
  gremlin: 'g',
  'bonus-box': '?',
};

/** A player as the view lists em. */
interface PlayerRow {
  readonly name: string;
  readonly location: [number, number] | null;
  readonly points: number;
  readonly holding: readonly string[];
  readonly female: boolean;
  readonly cheerleader: boolean;
  readonly football: boolean;
}

/** An object as the view lists it (placeJson). */
interface ObjectRow {
  readonly id: string;
  readonly kind: Kind;
  readonly name?: string;
  readonly place: { on?: Unit; heldBy?: string; airborne?: Unit } | string;
}

/** Where an object is, in words. */
function placeWords(place: ObjectRow['place']): string {
  if (typeof place !== 'object') return 'in Limbo';
  if (place.on) return `at ${unitText(place.on)}`;
  if (place.heldBy !== undefined) return `held by ${place.heldBy}`;
  if (place.airborne) return `Airborne, thrown at ${unitText(place.airborne)}`;
  return 'in Limbo';
}

/**
 * The standings (issue 16): each player's square, points and what e holds in the text's words, eir Radar where
 * it is not the 2 everyone starts with (FG-10), what the rules have made of em (a Toad, Deaf, Icky, Dizzy, a
 * Pinball Gun) and the facts the Administrator marked (Female, Cheerleader, Football player), each column only
 * when it says something of someone.
 */
export function juneStandings(view: JsonObject): Standings {
  const players = (view.players ?? []) as unknown as PlayerRow[];
  const names = (key: string): readonly string[] =>
    Array.isArray(view[key]) ? (view[key] as Json[]).filter((x): x is string => typeof x === 'string') : [];
  const toads = new Map(
    ((view.toads ?? []) as unknown as { player: string; untilNweek: number }[]).map((t) => [
      t.player,
      t.untilNweek,
    ]),
  );
  const radar = (view.radar ?? {}) as Record<string, number>;
  const states = (p: PlayerRow): string[] => [
    ...(toads.has(p.name) ? [`a Toad until nweek ${toads.get(p.name)}`] : []),
    ...(names('deaf').includes(p.name) ? ['Deaf'] : []),
    ...(names('icky').includes(p.name) ? ['Icky'] : []),
    ...(names('dizzy').includes(p.name) ? ['Dizzy'] : []),
    ...(names('pinballGuns').includes(p.name) ? ['a Pinball Gun'] : []),
  ];
  const facts = (p: PlayerRow): string[] => [
    ...(p.female ? ['Female'] : []),
    ...(p.cheerleader ? ['Cheerleader'] : []),
    ...(p.football ? ['Football player'] : []),
  ];
  return standingsOf(players, [
    { title: 'Player', cell: (p) => p.name },
    { title: 'Square', cell: (p) => (p.location ? unitText(p.location) : 'Limbo') },
    { title: 'Points', cell: (p) => String(p.points) },
    {
      title: 'Holding',
      cell: (p) =>
        listText(
          p.holding.map((id) => objectName(id)),
          'nothing',
        ),
      quiet: 'nothing',
    },
    { title: 'Radar', cell: (p) => String(radar[p.name] ?? INITIAL_RADAR), quiet: String(INITIAL_RADAR) },
    { title: 'Status', cell: (p) => states(p).join(', ') },
    { title: 'Marked as', cell: (p) => facts(p).join(', ') },
  ]);
}

export function renderJune(view: JsonObject): string {
  const cells = Array.from({ length: GRID_SIZE }, () => Array.from({ length: GRID_SIZE }, () => '  .'));
  const put = ([x, y]: readonly number[], mark: string) => {
    const row = cells[GRID_SIZE - (y ?? 0)];
    if (row && x !== undefined) row[x - 1] = mark.padStart(3);
  };
  for (const sq of (view.squares ?? []) as unknown as {
    at: number[];
    substance: string;
    wet: boolean;
    frozen: boolean;
  }[]) {
    put(
      sq.at,
      sq.frozen
        ? '='
        : sq.wet
          ? '~'
          : sq.substance === 'Fire'
            ? '^'
            : sq.substance === 'Mud'
              ? 'm'
              : sq.substance === 'Turf'
                ? '.'
                : (sq.substance[0]?.toLowerCase() ?? '.'),
    );
  }
  const objects = (view.objects ?? []) as unknown as ObjectRow[];
  for (const o of objects)
    if (typeof o.place === 'object' && o.place.on) put(o.place.on, MARKS[o.kind] ?? '*');
  const players = (view.players ?? []) as unknown as PlayerRow[];
  players.forEach((p, i) => {
    if (p.location) put(p.location, String.fromCharCode(65 + (i % 26)));
  });
  const lines = cells.map((row, i) => `${String(GRID_SIZE - i).padStart(3)} ${row.join('')}`);
  lines.push(`    ${Array.from({ length: GRID_SIZE }, (_, i) => String(i + 1).padStart(3)).join('')}`, '');
  players.forEach((p, i) => {
    const held = p.holding.length ? `, holding ${listText(p.holding.map((id) => objectName(id)))}` : '';
    lines.push(
      `${String.fromCharCode(65 + (i % 26))} ${p.name}: ${p.location ? unitText(p.location) : 'in Limbo'}, ${p.points} points${held}`,
    );
  });
  for (const o of objects) {
    // The id is how a command names the object ("pickup big-stick"): said once, after the name.
    const name = objectName(o.id, o.name).replace(/^the /, '');
    const id = name.endsWith(`(${o.id})`) ? '' : ` (${o.id})`;
    lines.push(`${MARKS[o.kind] ?? '*'} ${name}${id} ${placeWords(o.place)}`);
  }
  lines.push(
    `Temperature ${Number(view.temperature)} degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.`,
  );
  return lines.join('\n');
}
