// The public report of an nweek, as text ready to paste into a forum: what happened, every public roll, the
// standings in the rules' words with the board, and how to check the dice. Its facts are report-model.ts's,
// built only from the public view and the public log, so it cannot carry a secret.
import type { GameState, LogEntry, Roll } from '../core/index.js';
import { standingsText } from '../core/index.js';
import type { Referee } from './referee.js';
import { diceCheckLines } from './report-dice.js';
import type { NweekReport } from './report-model.js';
import { reportModel, rollOutcome, seedName } from './report-model.js';
import { insidesOf } from './insides.js';
import type { Rules } from './ports/index.js';

export { defaultReportNweek, isCorrection } from './report-model.js';

/** Where a roll came from: the seed, the index of its first draw and the log head mixed in; or the hand. */
export function rollSource(r: Roll): string {
  return r.proof
    ? `${seedName(r.proof.stream, r.proof.epoch)}, index ${r.proof.first}, log head ${r.proof.head.slice(0, 16)}…`
    : 'supplied by the Administrator';
}

const rollText = (r: Roll): string => `${r.purpose}: ${rollOutcome(r)} (${rollSource(r)})`;

/** A report's facts as text. */
export function reportAsText(r: NweekReport): string {
  const out: string[] = [`# ${r.game} (${r.ruleset}): report for nweek ${r.nweek}`, r.title];
  if (r.going)
    out.push('', `(nweek ${r.nweek} is still going on: nday ${r.going.nday} of ${r.going.ndays}.)`);
  out.push('', '## What happened', '');
  if (r.happened.length === 0) out.push('Nothing happened.');
  for (const l of r.happened) out.push(`- nday ${l.nday}: ${l.text}`);
  // Issue 16: a mistaken ledger entry is corrected by a reversing one (ruling K12), which the report sets out.
  const corrections = r.happened.filter((l) => l.correction);
  if (corrections.length > 0) {
    out.push('', '## Corrections', '');
    for (const l of corrections) out.push(`- nday ${l.nday}: ${l.text}`);
  }
  if (r.absent.length > 0) {
    out.push('', '## Not acted in time', '');
    for (const a of r.absent) out.push(`- ${a}`);
  }
  out.push('', '## Dice', '');
  if (r.rolls.length === 0) out.push('No public rolls.');
  for (const roll of r.rolls) out.push(`- ${rollText(roll)}`);
  out.push('', `## Standings ${r.atEnd ? `at the end of nweek ${r.nweek}` : 'now'}`, '', '```');
  if (r.standings.rows.length > 0) out.push(standingsText(r.standings), '');
  out.push(r.board, '```');
  out.push('', '## Checking the dice', '');
  out.push(...diceCheckLines(r, { code: (t) => t, words: (t) => t }));
  return out.join('\n');
}

export async function nweekReport(
  referee: Pick<Referee, 'entries' | 'state'>,
  game: string,
  nweek?: number,
): Promise<string> {
  return reportText(
    insidesOf(referee).kernel,
    game,
    await referee.entries(game),
    await referee.state(game),
    nweek,
  );
}

/**
 * The report of nweek `nweek` (default: the last that ended) from a game's log and its state now: pure, so
 * the notice producers (src/channels/producers.ts) make the same report in the command's own transaction.
 */
export function reportText(
  kernel: Rules,
  game: string,
  entries: readonly LogEntry[],
  current: GameState,
  nweek?: number,
): string {
  return reportAsText(reportModel(kernel, game, entries, current, nweek));
}
