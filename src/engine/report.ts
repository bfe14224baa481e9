// The public report of an nweek, as text ready to paste into a forum: what happened, every public roll with
// its proof, the dice commitments and reveals, and the standings. Built only from the public view and the
// public log, so it cannot carry a secret.
import { PUBLIC } from '../core/index.js';
import type { GameState, Kernel, LogEntry, LogLine, Roll } from '../core/index.js';
import type { Referee } from './referee.js';

const rollText = (r: Roll): string => {
  // Choices are told the way a forum reads them: the first of three is "#1 of 3", not index 0.
  const result = Array.isArray(r.result)
    ? `[${r.result.join(', ')}]`
    : r.kind === 'choice'
      ? `#${Number(r.result) + 1}`
      : String(r.result);
  const proof = r.proof
    ? ` (draws ${r.draws.join(', ')}; stream ${r.proof.stream} ${r.proof.epoch}, index ${r.proof.first}, log head ${r.proof.head.slice(0, 16)}…)`
    : ` (draws ${r.draws.join(', ')}, ${r.source} dice)`;
  return `${r.purpose}: ${r.expr} = ${result}${proof}`;
};

/** A line of the log that is a correction of the ledger (ruling K12). */
export const isCorrection = (l: LogLine): boolean => l.type === 'points' && l.event.corrects !== undefined;

/** The nweek a report is about by default: the last one that has ended, or the current one if none has. */
export function defaultReportNweek(current: number, lines: readonly LogLine[]): number {
  const ended = lines.filter((l) => l.type === 'nweek-ended').map((l) => Number(l.event.nweek));
  return ended.length > 0 ? Math.max(...ended) : current;
}

export async function nweekReport(referee: Referee, game: string, nweek?: number): Promise<string> {
  return reportText(referee.kernel, game, await referee.entries(game), await referee.state(game), nweek);
}

/**
 * The report of nweek `nweek` (default: the last that ended) from a game's log and its state now: pure, so
 * the notice producers (src/channels/producers.ts) make the same report in the command's own transaction.
 */
export function reportText(
  kernel: Kernel,
  game: string,
  entries: readonly LogEntry[],
  current: GameState,
  nweek?: number,
): string {
  const lines = kernel.logView(entries, PUBLIC, current);
  const week = nweek ?? defaultReportNweek(current.clock.nweek, lines);
  // Standings as they were when the nweek ended: replay the log up to the next nweek's start.
  const end = entries.findIndex(
    (e) => e.event.type === 'nweek-started' && Number(e.event.nweek) === week + 1,
  );
  const state = end < 0 ? current : (kernel.replay(entries.slice(0, end).map((e) => e.event)) ?? current);
  const during = lines.filter(
    (l) => l.nweek === week || (l.type === 'nweek-ended' && Number(l.event.nweek) === week),
  );
  const out: string[] = [`# ${game} (${state.ruleset}): report for nweek ${week}`, ''];
  out.push('## What happened', '');
  // The commands themselves are left out: each rule's own event says what an announcement did.
  const events = during.filter(
    (l) =>
      !['command', 'seed-committed', 'seed-revealed', 'nday-started', 'nday-ended', 'nweek-started'].includes(
        l.type,
      ),
  );
  if (events.length === 0) out.push('Nothing happened.');
  for (const l of events) out.push(`- nday ${l.nday}: ${l.text}`);
  // Issue 16: a mistaken ledger entry is corrected by a reversing one (ruling K12), which the report sets out.
  const corrections = events.filter(isCorrection);
  if (corrections.length > 0) {
    out.push('', '## Corrections', '');
    for (const l of corrections) out.push(`- nday ${l.nday}: ${l.text}`);
  }
  const rolls = during.flatMap((l) => l.event.rolls ?? []);
  const seeds = during.filter((l) => l.type === 'seed-committed' || l.type === 'seed-revealed');
  out.push('', '## Dice', '');
  if (rolls.length === 0 && seeds.length === 0) out.push('No public rolls.');
  for (const r of rolls) out.push(`- ${rollText(r)}`);
  for (const l of seeds) out.push(`- ${l.text}`);
  out.push(
    '',
    `## Standings ${state === current ? 'now' : `at the end of nweek ${week}`}`,
    '',
    '```',
    kernel.render(state, kernel.view(state, PUBLIC)),
    '```',
  );
  // Whether the nweek is over is a question about now, not about the standings replayed to its end.
  if (week === current.clock.nweek)
    out.push('', `(nweek ${week} is still going on: nday ${current.clock.nday} of ${current.clock.ndays}.)`);
  return out.join('\n');
}
