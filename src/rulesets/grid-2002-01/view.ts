// What each viewer may see of the Grid. Players and the public see every player's unit, points and announced
// moves (all of which were posted publicly); only the Administrator sees where the Things are.
import { balanceOf, standingsOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Standings, Viewer } from '../../core/index.js';
import type { GridState } from './types.js';
import { positionOf, unitText } from './grid.js';
import { GRID_PARAMETERS, gridParams } from './parameters.js';

export function gridView(rules: GridState, game: GameState, viewer: Viewer): JsonObject {
  const players: Json[] = game.players.map((name) => {
    const at = positionOf(rules, name);
    return { name, location: at ? [at[0], at[1]] : null, points: balanceOf(game.balances, name) };
  });
  const view: Record<string, Json> = {
    players,
    announced: rules.announced
      .filter((a) => !a.withdrawn)
      .map((a) => ({ player: a.player, to: [a.to[0], a.to[1]] })),
  };
  // Issue 24: an amended size is shown (and drawn); the text's is not repeated in every view.
  const size = gridParams(game)['Grid size'];
  if (size !== GRID_PARAMETERS.text['Grid size']) view.size = size;
  if (viewer.role === 'player') view.you = viewer.name;
  if (viewer.role === 'admin') {
    view.things = rules.things.map((t) => ({ kind: t.kind, n: t.n, location: [t.at[0], t.at[1]] }));
  }
  return view;
}

interface PlayerRow {
  name: string;
  location: [number, number] | null;
  points: number;
}
interface ThingRow {
  kind: 'shiny' | 'scary';
  n: number;
  location: [number, number];
}

/**
 * The standings (issue 16): each player's square (or Limbo) and points, and the move e has announced and not yet
 * made, which everyone saw announced (the column is left out when no move is waiting).
 */
export function gridStandings(view: JsonObject): Standings {
  const players = (view.players ?? []) as unknown as PlayerRow[];
  const announced = new Map(
    ((view.announced ?? []) as unknown as { player: string; to: [number, number] }[]).map((a) => [
      a.player,
      unitText(a.to),
    ]),
  );
  return standingsOf(players, [
    { title: 'Player', cell: (p) => p.name },
    { title: 'Square', cell: (p) => (p.location ? unitText(p.location) : 'Limbo') },
    { title: 'Points', cell: (p) => String(p.points) },
    { title: 'Announced move', cell: (p) => announced.get(p.name) ?? '' },
  ]);
}

/** The board as text, x to the right and y up, (1,1) lower left, with a legend below. */
export function renderGrid(view: JsonObject): string {
  const players = (view.players ?? []) as unknown as PlayerRow[];
  const things = (view.things ?? []) as unknown as ThingRow[];
  const size = typeof view.size === 'number' ? view.size : (GRID_PARAMETERS.text['Grid size'] as number);
  const cells = Array.from({ length: size }, () => Array.from({ length: size }, () => '  .'));
  const put = (loc: [number, number], mark: string) => {
    const row = cells[size - loc[1]];
    if (row) row[loc[0] - 1] = mark.padStart(3);
  };
  for (const t of things) put(t.location, t.kind === 'shiny' ? '*' : '#');
  const letters = new Map<string, string>();
  players.forEach((p, i) => {
    const letter = String.fromCharCode(i < 26 ? 65 + i : 97 + ((i - 26) % 26));
    letters.set(p.name, letter);
    if (p.location) put(p.location, letter);
  });
  const lines = cells.map((row, i) => `${String(size - i).padStart(3)} ${row.join('')}`);
  lines.push(`    ${Array.from({ length: size }, (_, i) => String(i + 1).padStart(3)).join('')}`);
  lines.push('');
  for (const p of players) {
    const where = p.location ? unitText(p.location) : 'in Limbo';
    lines.push(`${letters.get(p.name)} ${p.name}: ${where}, ${p.points} points`);
  }
  for (const a of (view.announced ?? []) as unknown as { player: string; to: [number, number] }[]) {
    lines.push(`  ${a.player} has announced a move to ${unitText(a.to)}`);
  }
  if (things.length > 0) lines.push('', 'Things (Administrator only): * Shiny Thing, # Scary Dark Thing');
  for (const t of things)
    lines.push(`  ${t.kind === 'shiny' ? 'Shiny' : 'Scary Dark'} Thing ${t.n} at ${unitText(t.location)}`);
  return lines.join('\n');
}
