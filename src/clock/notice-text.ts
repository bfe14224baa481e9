// How notices write times: the deadline in the game's own zone (the calendar's, issue 14) and in UTC, so a
// player anywhere reads it without arithmetic; and game time in the rules' words. The locale is fixed, so a
// notice reads the same whichever machine wrote it (its key is the same too, and it is stored once).
import { DateTime } from 'luxon';
import type { Awaiting } from '../core/index.js';

const LOCALE = 'en-GB';

/** "Sunday 29 November 2026, 23:59 Europe/London (2026-11-29 23:59 UTC)"; UTC alone without a zone. */
export function deadlineText(instant: number, zone: string | null): string {
  const utc = DateTime.fromMillis(instant, { zone: 'utc', locale: LOCALE });
  const local = zone ? DateTime.fromMillis(instant, { zone, locale: LOCALE }) : null;
  if (!local || !local.isValid || local.zoneName === 'UTC')
    return `${utc.toFormat('cccc d LLLL yyyy, HH:mm')} UTC`;
  return `${local.toFormat('cccc d LLLL yyyy, HH:mm')} ${zone} (${utc.toFormat('yyyy-LL-dd HH:mm')} UTC)`;
}

/** "the end of nday 7 of nweek 3": when a wait ends, in game time. */
export const gameTime = (until: Awaiting['until']): string =>
  `the end of nday ${until.nday} of nweek ${until.nweek}`;
