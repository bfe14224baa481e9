// What each viewer may see: players, public objects, squares and the weather. Bonus Boxes (G.1) and anything
// else hidden is added by the sections that hide it; the Administrator sees every object.
import { balanceOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Viewer } from '../../core/index.js';
import type { GridObject, JuneState, Kind, Unit } from './types.js';
import { HIDDEN_KINDS, own } from './types.js';
import { GRID_SIZE, holdings, locationOf, unitText } from './grid.js';
import { describeObject } from './objects.js';
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
  const objects = (view.objects ?? []) as unknown as {
    id: string;
    kind: Kind;
    name?: string;
    place: { on?: Unit } | string;
  }[];
  for (const o of objects)
    if (typeof o.place === 'object' && o.place.on) put(o.place.on, MARKS[o.kind] ?? '*');
  const players = (view.players ?? []) as unknown as {
    name: string;
    location: [number, number] | null;
    points: number;
    holding: string[];
  }[];
  players.forEach((p, i) => {
    if (p.location) put(p.location, String.fromCharCode(65 + (i % 26)));
  });
  const lines = cells.map((row, i) => `${String(GRID_SIZE - i).padStart(3)} ${row.join('')}`);
  lines.push(`    ${Array.from({ length: GRID_SIZE }, (_, i) => String(i + 1).padStart(3)).join('')}`, '');
  players.forEach((p, i) => {
    const held = p.holding.length ? `, holding ${p.holding.join(', ')}` : '';
    lines.push(
      `${String.fromCharCode(65 + (i % 26))} ${p.name}: ${p.location ? unitText(p.location) : 'in Limbo'}, ${p.points} points${held}`,
    );
  });
  for (const o of objects) {
    const where =
      typeof o.place === 'object' && o.place.on ? `at ${unitText(o.place.on)}` : JSON.stringify(o.place);
    lines.push(
      `${MARKS[o.kind] ?? '*'} ${describeObject({ id: o.id, kind: o.kind, place: { limbo: true }, ...(o.name ? { name: o.name } : {}) })} (${o.id}) ${where}`,
    );
  }
  lines.push(
    `Temperature ${Number(view.temperature)} degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.`,
  );
  return lines.join('\n');
}
