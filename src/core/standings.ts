// The standings of a game as a table in the rules' own words (issue 16): a row per player, a column per fact the
// rules keep of em ("Square", "Points", "Team"), every cell plain text as a person would write it - never JSON,
// never a column that says nothing. A ruleset makes it from a view (Ruleset.standings), so it can hold only what
// that view's viewer may know; the nweek's report makes it from the public view.
import type { JsonObject } from './json.js';

/** A table of the players: the column titles, then one row of cells per player, in the game's order. */
export interface Standings {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** One column of a standings table: its title, each player's cell, and what it says when it says nothing. */
export interface StandingsColumn<P> {
  readonly title: string;
  readonly cell: (player: P) => string;
  /**
   * A cell that says nothing of note ("no", "alive", "2" for the Radar everyone starts with): a column in which
   * every cell says it (or is empty) is left out, so a table never carries a column of "false".
   */
  readonly quiet?: string;
}

/** The players of a view (its `players` list of objects), or none if the view lists none. */
export function viewPlayers(view: JsonObject): readonly JsonObject[] {
  const players = view.players;
  if (!Array.isArray(players)) return [];
  return players.filter((p): p is JsonObject => typeof p === 'object' && p !== null && !Array.isArray(p));
}

/** A standings table from its columns, leaving out each column that says nothing for any player. */
export function standingsOf<P>(players: readonly P[], columns: readonly StandingsColumn<P>[]): Standings {
  // The first column names the player and is always kept.
  const says = (c: StandingsColumn<P>, p: P) => {
    const cell = c.cell(p);
    return cell !== '' && cell !== c.quiet;
  };
  const kept = columns.filter((c, i) => i === 0 || players.some((p) => says(c, p)));
  return { columns: kept.map((c) => c.title), rows: players.map((p) => kept.map((c) => c.cell(p))) };
}

/** A list in words: "a", "a and b", "a, b and c"; `none` when empty. */
export function listText(items: readonly string[], none = ''): string {
  if (items.length === 0) return none;
  if (items.length === 1) return items[0] as string;
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;
}

/** A table as plain text, its columns aligned with spaces (for the text report and `show`). */
export function standingsText(table: Standings): string {
  const all = [table.columns, ...table.rows];
  const widths = table.columns.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(table.columns), ...table.rows.map(line)].join('\n');
}
