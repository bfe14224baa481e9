// The public report of an nweek as Markdown, to paste into a forum that renders it: the same facts as the text
// report (report.ts, from report-model.ts) - what happened, every public roll, the standings in the rules' words,
// how to check the dice - in lists and tables, with the players' own words escaped so a name like "_x_" cannot
// change the layout. Like the text report it is built only from the public log and the public view.
import type { GameState, LogEntry, Roll, Standings } from '../core/index.js';
import type { Referee } from './referee.js';
import { diceCheckLines } from './report-dice.js';
import type { NweekReport } from './report-model.js';
import { reportModel, rollOutcome } from './report-model.js';
import { rollSource } from './report.js';
import { insidesOf } from './insides.js';
import type { Rules } from './ports/index.js';

/** Text as Markdown shows it literally (inside a table cell too). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`).replace(/\n/g, ' ');
}

const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

const rollRow = (r: Roll): string =>
  `| ${escapeMarkdown(r.purpose)} | ${escapeMarkdown(rollOutcome(r))} | ${escapeMarkdown(rollSource(r))} |`;

/** A standings table as a Markdown table. */
function table(s: Standings): string[] {
  if (s.rows.length === 0) return [];
  return [
    `| ${s.columns.map(escapeMarkdown).join(' | ')} |`,
    `| ${s.columns.map(() => '---').join(' | ')} |`,
    ...s.rows.map((row) => `| ${row.map(escapeMarkdown).join(' | ')} |`),
  ];
}

/** A report's facts as Markdown. */
export function reportAsMarkdown(r: NweekReport): string {
  const out: string[] = [
    `## ${escapeMarkdown(r.game)} (${escapeMarkdown(r.ruleset)}): nweek ${r.nweek}`,
    '',
    `_${escapeMarkdown(r.title)}_`,
  ];
  if (r.going)
    out.push('', `_nweek ${r.nweek} is still going on: nday ${r.going.nday} of ${r.going.ndays}._`);
  out.push('', '### What happened', '');
  if (r.happened.length === 0) out.push('Nothing happened.');
  for (const l of r.happened) out.push(`- **nday ${l.nday}**: ${escapeMarkdown(l.text)}`);
  const corrections = r.happened.filter((l) => l.correction);
  if (corrections.length > 0) {
    out.push('', '### Corrections', '');
    for (const l of corrections) out.push(`- **nday ${l.nday}**: ${escapeMarkdown(l.text)}`);
  }
  if (r.absent.length > 0) {
    out.push('', '### Not acted in time', '');
    for (const a of r.absent) out.push(`- ${escapeMarkdown(a)}`);
  }
  out.push('', '### Dice', '');
  if (r.rolls.length === 0) out.push('No public rolls.');
  else out.push('| Roll | Outcome | From |', '| --- | --- | --- |', ...r.rolls.map(rollRow));
  out.push('', `### Standings ${r.atEnd ? `at the end of nweek ${r.nweek}` : 'now'}`, '');
  const standings = table(r.standings);
  if (standings.length > 0) out.push(...standings, '');
  out.push('```text', r.board, '```');
  out.push('', '### Checking the dice', '');
  out.push(...diceCheckLines(r, { code, words: escapeMarkdown }));
  return out.join('\n');
}

/** The report of nweek `nweek` (default: the last that ended) as Markdown, from a game's log and state now. */
export function reportMarkdown(
  kernel: Rules,
  game: string,
  entries: readonly LogEntry[],
  current: GameState,
  nweek?: number,
): string {
  return reportAsMarkdown(reportModel(kernel, game, entries, current, nweek));
}

/** The public report of nweek `nweek` (default: the last that ended) of `game`, as Markdown. */
export async function nweekReportMarkdown(
  referee: Pick<Referee, 'entries' | 'state'>,
  game: string,
  nweek?: number,
): Promise<string> {
  return reportMarkdown(
    insidesOf(referee).kernel,
    game,
    await referee.entries(game),
    await referee.state(game),
    nweek,
  );
}
