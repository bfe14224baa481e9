// The public report of an nweek as Markdown, to paste into a forum that renders it: the same facts as the
// text report (report.ts) - what happened, every public roll with its proof, the seeds, the standings - in
// lists and tables, with the players' own words escaped so a name like "_x_" cannot change the layout.
// Like the text report it is built only from the public log and the public view, so it cannot carry a secret.
import { PUBLIC } from '../core/index.js';
import type { Json, JsonObject, LogLine, Roll } from '../core/index.js';
import type { Referee } from './referee.js';
import { defaultReportNweek, isCorrection } from './report.js';

/** Text as Markdown shows it literally (inside a table cell too). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`).replace(/\n/g, ' ');
}

const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function rollRow(r: Roll): string {
  const result = Array.isArray(r.result)
    ? r.result.join(', ')
    : r.kind === 'choice'
      ? `#${Number(r.result) + 1}`
      : String(r.result);
  const proof = r.proof
    ? `stream ${r.proof.stream} ${r.proof.epoch}, index ${r.proof.first}, log head ${code(r.proof.head.slice(0, 16))}`
    : `${r.source} dice`;
  return `| ${escapeMarkdown(r.purpose)} | ${code(r.expr)} | ${escapeMarkdown(result)} | ${r.draws.join(', ')} | ${proof} |`;
}

const cell = (v: Json | undefined): string =>
  v === undefined || v === null
    ? ''
    : Array.isArray(v) && v.every((x) => typeof x === 'number')
      ? `(${v.join(',')})`
      : typeof v === 'object'
        ? escapeMarkdown(JSON.stringify(v))
        : escapeMarkdown(String(v));

/**
 * The public view's players as a table, when the view lists them as objects with a name (every ruleset
 * that ships does): one column per field that is a plain value in some player's entry.
 */
function playersTable(view: JsonObject): string[] {
  const players = view.players;
  if (!Array.isArray(players) || players.length === 0) return [];
  const rows = players.filter(
    (p): p is JsonObject => typeof p === 'object' && p !== null && !Array.isArray(p),
  );
  if (rows.length !== players.length || rows.some((p) => typeof p.name !== 'string')) return [];
  const columns: string[] = [];
  for (const p of rows)
    for (const [k, v] of Object.entries(p))
      if (!columns.includes(k) && (typeof v !== 'object' || v === null || Array.isArray(v))) columns.push(k);
  return [
    `| ${columns.map(escapeMarkdown).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((p) => `| ${columns.map((c) => cell(p[c])).join(' | ')} |`),
  ];
}

/** The public report of nweek `nweek` (default: the last that ended) of `game`, as Markdown. */
export async function nweekReportMarkdown(referee: Referee, game: string, nweek?: number): Promise<string> {
  const current = await referee.state(game);
  const lines: LogLine[] = await referee.log(game, PUBLIC);
  const week = nweek ?? defaultReportNweek(current.clock.nweek, lines);
  // Standings as they were when the nweek ended: the log replayed to the next nweek's start, then viewed as
  // the public views it (the replay sees everything; only the public view of it leaves).
  const entries = await referee.entries(game);
  const end = entries.findIndex(
    (e) => e.event.type === 'nweek-started' && Number(e.event.nweek) === week + 1,
  );
  const state =
    end < 0 ? current : (referee.kernel.replay(entries.slice(0, end).map((e) => e.event)) ?? current);
  const view = referee.kernel.view(state, PUBLIC);
  const during = lines.filter(
    (l) => l.nweek === week || (l.type === 'nweek-ended' && Number(l.event.nweek) === week),
  );
  const out: string[] = [`## ${escapeMarkdown(game)} (${escapeMarkdown(state.ruleset)}): nweek ${week}`, ''];

  out.push('### What happened', '');
  const quiet = ['command', 'seed-committed', 'seed-revealed', 'nday-started', 'nday-ended', 'nweek-started'];
  const events = during.filter((l) => !quiet.includes(l.type));
  if (events.length === 0) out.push('Nothing happened.');
  for (const l of events) out.push(`- **nday ${l.nday}**: ${escapeMarkdown(l.text)}`);
  const corrections = events.filter(isCorrection);
  if (corrections.length > 0) {
    out.push('', '### Corrections', '');
    for (const l of corrections) out.push(`- **nday ${l.nday}**: ${escapeMarkdown(l.text)}`);
  }

  out.push('', '### Dice', '');
  const rolls = during.flatMap((l) => l.event.rolls ?? []);
  const seeds = during.filter((l) => l.type === 'seed-committed' || l.type === 'seed-revealed');
  if (rolls.length === 0 && seeds.length === 0) out.push('No public rolls.');
  if (rolls.length > 0)
    out.push(
      '| roll | dice | result | draws | proof |',
      '| --- | --- | --- | --- | --- |',
      ...rolls.map(rollRow),
    );
  if (rolls.length > 0 && seeds.length > 0) out.push('');
  for (const l of seeds) out.push(`- ${escapeMarkdown(l.text)}`);

  out.push('', `### Standings ${state === current ? 'now' : `at the end of nweek ${week}`}`, '');
  const table = playersTable(view);
  if (table.length > 0) out.push(...table, '');
  out.push('```text', referee.kernel.render(state, view), '```');
  if (week === current.clock.nweek)
    out.push('', `_nweek ${week} is still going on: nday ${current.clock.nday} of ${current.clock.ndays}._`);
  return out.join('\n');
}
