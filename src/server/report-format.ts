// The public report of an nweek in the format asked for: the text report, or the markdown one (tables for
// rolls and standings) to paste into a forum.
import type { Reading } from '../engine/ports/index.js';
import { nweekReport } from '../engine/report.js';
import { nweekReportMarkdown } from '../engine/report-markdown.js';
import { HttpError } from './errors.js';

export async function renderReport(
  referee: Reading,
  game: string,
  nweek: number | undefined,
  format: 'text' | 'markdown',
): Promise<string> {
  // An nweek that has not begun has no report: "Nothing happened" would say it had (the clock is public).
  const now = (await referee.state(game)).clock.nweek;
  if (nweek !== undefined && nweek > now)
    throw new HttpError(404, 'unknown-nweek', `nweek ${nweek} has not begun (the game is in nweek ${now})`);
  return format === 'markdown'
    ? nweekReportMarkdown(referee, game, nweek)
    : nweekReport(referee, game, nweek);
}
