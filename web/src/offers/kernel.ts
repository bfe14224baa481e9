// The Administrator's commands every game has (src/core/kernel-commands.ts, schedule-commands.ts), offered as
// the view allows: dice only in a manual-dice game, pause or resume as the clock stands, an nweek extended
// once, and the players' names as choices where a command names a player.
import type { GamePayload } from '../api';
import type { Offers } from './types';
import { choice, isObject, names, num } from './types';

export function kernelOffers(payload: GamePayload): Offers {
  if (payload.viewer.role !== 'admin') return {};
  const v = payload.view;
  const players = names(v.players).map((p) => choice(p));
  const schedule = isObject(v.schedule) ? v.schedule : undefined;
  const extension = schedule && isObject(schedule.extension) ? schedule.extension : undefined;
  return {
    // "this game rolls fair dice; results cannot be queued"
    dice: v.dice === 'manual' ? {} : false,
    points: {
      fields: { to: { choices: players, open: true }, from: { choices: players, open: true } },
    },
    end: { fields: { winners: { choices: players, many: true } } },
    'pause-clock': schedule && !schedule.paused ? {} : false,
    'resume-clock': schedule?.paused ? {} : false,
    // "extend the current nweek (once)"
    'extend-nweek': schedule && num(extension?.nweek) !== num(v.nweek) ? {} : false,
  };
}
