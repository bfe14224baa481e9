// The public report of an nweek in the format asked for. The text report is already laid out as markdown
// (headings, lists), so it pastes into a forum either way.
import type { Referee } from '../engine/referee.js';
import { nweekReport } from '../engine/report.js';

export function renderReport(
  referee: Referee,
  game: string,
  nweek: number | undefined,
  format: 'text' | 'markdown',
): Promise<string> {
  void format;
  return nweekReport(referee, game, nweek);
}
