// The public display of a Field Match. Nothing in a Field Match is hidden, so every viewer sees the same:
// the Field's attributes, each player's attributes, every object with its attributes, and what has been
// invoked this nweek. The text drawing puts x to the right and y up, (1,1) in the lower left, like the Grid.
import { standingsOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Standings, Viewer } from '../../core/index.js';
import type { Match } from './match.js';
import { fieldAttributes, playerAttributes } from './match.js';
import type { FieldState } from './state.js';
import { columnOf, decode, fieldValue, playerValue, squareAt } from './state.js';

/** Fields wider or taller than this are summarised in the text display instead of drawn. */
export const DRAW_LIMIT = 80;

export function fieldView(match: Match, rules: FieldState, game: GameState, viewer: Viewer): JsonObject {
  const objects: Record<string, Json> = {};
  const display: Record<string, Json> = {};
  for (const o of match.objects) {
    const layer = rules.objects[o.name];
    const list: Json[] = [];
    if (layer && layer.count > 0) {
      const cols = o.attributes.map((a) => [a, columnOf(layer, a.name)] as const);
      for (let i = 0; i < layer.present.length; i++) {
        if (layer.present[i] !== 1) continue;
        const attributes: Record<string, Json> = {};
        for (const [a, col] of cols) attributes[a.name] = decode(a.range, col[i] ?? 0);
        const [x, y] = squareAt(rules, i);
        list.push({ at: [x, y], attributes });
      }
    }
    objects[o.name] = list;
    if (o.display) display[o.name] = { attribute: o.display.attribute, symbols: { ...o.display.symbols } };
  }
  const view: Record<string, Json> = {
    match: match.name,
    field: { width: rules.width, height: rules.height, adjacency: match.field.adjacency },
    attributes: Object.fromEntries(fieldAttributes(match).map((a) => [a.name, fieldValue(rules, a.name)])),
    players: game.players.map((name) => ({
      name,
      attributes: Object.fromEntries(
        playerAttributes(match).map((a) => [a.name, playerValue(match, rules, name, a.name)]),
      ),
    })),
    objects,
    display,
    thisNweek: rules.invoked
      .filter((i) => i.nweek === game.clock.nweek)
      .map((i) => ({ action: i.action, by: i.by })),
  };
  if (viewer.role === 'player') view.you = viewer.name;
  return view;
}

interface ObjectRow {
  at: [number, number];
  attributes: Record<string, Json>;
}
interface Shown {
  match: string;
  nweek?: number;
  field: { width: number; height: number; adjacency: string };
  attributes: Record<string, Json>;
  players: { name: string; attributes: Record<string, Json> }[];
  objects: Record<string, ObjectRow[]>;
  display: Record<string, { attribute: string; symbols: Record<string, string> }>;
  thisNweek: { action: string; by: string | null }[];
  ended?: { winners: string[]; reason: string } | null;
}

const text = (v: Json | undefined): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? String(v)
    : v == null
      ? 'null'
      : JSON.stringify(v);

/** An attribute and its value as a person says it: "Team Red", and for null (the text's "no value") "no Team". */
const attributeText = (name: string, v: Json | undefined): string =>
  v === null || v === undefined ? `no ${name}` : `${name} ${text(v)}`;

/**
 * The standings (issue 16): each player's attributes ("Team": Red, or "none" while null), and for an attribute
 * whose values are those a drawn Field Object is shown by (Life's Team and a Cell's Color: "Range: same as
 * Teams"), how many of those objects have the player's value: the Cells of eir Team, which is how a match of
 * Life stands.
 */
export function fieldStandings(view: JsonObject): Standings {
  const v = view as unknown as Shown;
  const names = [...new Set(v.players.flatMap((p) => Object.keys(p.attributes)))];
  const counted = names.flatMap((attribute) =>
    Object.entries(v.display)
      .filter(([, shown]) =>
        v.players.every((p) => {
          const value = p.attributes[attribute];
          return value === null || value === undefined || Object.hasOwn(shown.symbols, text(value));
        }),
      )
      .map(([kind, shown]) => {
        const counts = new Map<string, number>();
        for (const o of v.objects[kind] ?? []) {
          const key = text(o.attributes[shown.attribute]);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        return { attribute, kind, counts };
      }),
  );
  type Row = Shown['players'][number];
  return standingsOf(v.players, [
    { title: 'Player', cell: (p: Row) => p.name },
    ...names.map((a) => ({
      title: a,
      cell: (p: Row) => (p.attributes[a] == null ? 'none' : text(p.attributes[a])),
    })),
    ...counted.map(({ attribute, kind, counts }) => ({
      title: `${attribute}'s ${kind}s`,
      cell: (p: Row) =>
        p.attributes[attribute] == null ? '' : String(counts.get(text(p.attributes[attribute])) ?? 0),
    })),
  ]);
}

/** The display as text: a drawing of each Field Object that has a display, then the attributes. */
export function renderField(view: JsonObject): string {
  const v = view as unknown as Shown;
  const { width, height, adjacency } = v.field;
  const out: string[] = [
    `${v.match}: a ${width} x ${height} Field (${adjacency === 'diagonal' ? 'squares sharing a side or a corner are adjacent' : 'squares sharing a side are adjacent'})${v.nweek !== undefined ? `, nweek ${v.nweek}` : ''}`,
  ];
  if (v.ended) {
    out.push(
      `The match is over: ${v.ended.reason}. ${v.ended.winners.length ? `Winners: ${v.ended.winners.join(', ')}.` : 'Nobody wins.'}`,
    );
  }
  for (const [kind, shown] of Object.entries(v.display)) {
    const list = v.objects[kind] ?? [];
    out.push('');
    if (list.length === 0) {
      out.push(`No ${kind} is on the Field.`);
      continue;
    }
    if (width > DRAW_LIMIT || height > DRAW_LIMIT) {
      const counts = new Map<string, number>();
      for (const o of list) {
        const key = text(o.attributes[shown.attribute]);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      out.push(
        `${list.length} ${kind} objects; ${shown.attribute}: ${[...counts].map(([k, n]) => `${k} ${n}`).join(', ')} (too large to draw)`,
      );
      continue;
    }
    const pad = String(height).length;
    const wide = String(width).length;
    const grid = Array.from({ length: height }, () => Array.from({ length: width }, () => ' '));
    for (const o of list) {
      const row = grid[height - o.at[1]];
      if (row) row[o.at[0] - 1] = shown.symbols[text(o.attributes[shown.attribute])] ?? '?';
    }
    grid.forEach((row, i) =>
      out.push(`${String(height - i).padStart(pad)} | ${row.map((c) => c.padStart(wide)).join(' ')}`),
    );
    out.push(
      `${' '.repeat(pad)}   ${Array.from({ length: width }, (_, i) => String(i + 1).padStart(wide)).join(' ')}`,
    );
    out.push(
      `${kind} ${shown.attribute}: ${Object.entries(shown.symbols)
        .map(([value, symbol]) => `${symbol} ${value}`)
        .join(', ')}${list.length < width * height ? `; blank: no ${kind}` : ''}`,
    );
  }
  const field = Object.entries(v.attributes);
  if (field.length > 0) out.push('', `The Field: ${field.map(([k, x]) => attributeText(k, x)).join(', ')}`);
  out.push('', 'Players:');
  if (v.players.length === 0) out.push('  (none yet)');
  for (const p of v.players) {
    const attrs = Object.entries(p.attributes).map(([k, x]) => attributeText(k, x));
    out.push(`  ${p.name}${attrs.length ? `: ${attrs.join(', ')}` : ''}`);
  }
  out.push(
    '',
    `This nweek: ${v.thisNweek.length === 0 ? 'nothing performed yet' : v.thisNweek.map((i) => `${i.by ?? 'the Referee'} performed ${i.action}`).join('; ')}.`,
  );
  return out.join('\n');
}
