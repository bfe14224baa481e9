// The public report of an nweek in the format asked for: the text report, or the markdown one (tables for
// rolls and standings) to paste into a forum.
import type { Referee } from '../engine/referee.js';
import { nweekReport } from '../engine/report.js';
import { nweekReportMarkdown } from '../engine/report-markdown.js';

export function renderReport(
  referee: Referee,
  game: string,
  nweek: number | undefined,
  format: 'text' | 'markdown',
): Promise<string> {
  return format === 'markdown'
    ? nweekReportMarkdown(referee, game, nweek)
    : nweekReport(referee, game, nweek);
}
