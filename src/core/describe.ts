import type { KernelEvent } from './events.js';
import type { Json } from './json.js';
import { describeSchedule } from './schedule-describe.js';
import { valueText } from './parameters.js';
import { startText } from './parameter-amendments.js';

const argText = (args: { readonly [k: string]: Json }): string =>
  Object.entries(args)
    .map(([k, v]) => (typeof v === 'object' ? `${k}=${JSON.stringify(v)}` : `${k}=${String(v)}`))
    .join(' ');

/** One sentence for each kernel event, as logs and reports print it. */
export function describeKernelEvent(e: KernelEvent): string {
  switch (e.type) {
    case 'command': {
      const who = e.command.by.role === 'player' ? e.command.by.name : 'The Administrator';
      const args = argText(e.command.args);
      return `${who}: ${e.command.type}${args ? ' ' + args : ''}`;
    }
    case 'game-created':
      return `Game ${e.game} begins under ${e.ruleset}, ${e.ndays} ndays to the nweek, ${e.dice} dice.`;
    case 'seed-committed':
      return e.stream === 'public'
        ? `Dice for nweek ${e.epoch} are committed: SHA-256 of the seed is ${e.commitment}.${e.round !== undefined ? ` Its rolls are anchored to beacon round ${e.round}, not yet published.` : ''}`
        : `Secret dice for the whole game are committed: SHA-256 of the seed is ${e.commitment}.`;
    case 'seed-revealed':
      return e.stream === 'public'
        ? `The dice seed of nweek ${e.epoch} was ${e.seed}.`
        : `The secret dice seed of the game was ${e.seed}.`;
    case 'beacon-round':
      return `Beacon round ${e.round} of ${e.chain} is recorded, its signature verified: randomness ${e.randomness}.`;
    case 'nday-ended':
      return `Nday ${e.nday} of nweek ${e.nweek} ends.`;
    case 'nweek-ended':
      return `Nweek ${e.nweek} ends.`;
    case 'nweek-started':
      return `Nweek ${e.nweek} begins.`;
    case 'nday-started':
      return `Nday ${e.nday} of nweek ${e.nweek} begins.`;
    case 'player-joined':
      return `${e.player} joins the game.`;
    case 'join-requested':
      return `${e.player} asks to join the game; the Administrator approves or refuses.`;
    case 'join-approved':
      return `The Administrator approves ${e.player}'s request to join.`;
    case 'join-refused':
      return `The Administrator refuses ${e.player}'s request to join${e.reason ? `: ${e.reason}` : ''}.`;
    case 'player-removed':
      return `The Administrator removes ${e.player} from the game: ${e.reason}.`;
    case 'joins-set':
      return e.joins === 'approval'
        ? "From now on, joining the game needs the Administrator's approval."
        : 'From now on, anyone may join the game.';
    case 'dice-queued':
      return `Dice results queued: ${e.values.join(', ')}.`;
    case 'dice-cleared':
      return 'The queue of dice results is cleared.';
    case 'points': {
      const moved = `${e.amount} point${Math.abs(e.amount) === 1 ? '' : 's'} from ${e.from} to ${e.to}`;
      if (!e.corrects) return `${moved}: ${e.reason}.`;
      const c = e.corrects;
      return `Correction: ${moved}, reversing the transfer of nday ${c.nday} of nweek ${c.nweek} ("${c.reason}"): ${e.reason}.`;
    }
    case 'ruleset-amended':
      return `The rules are amended from ${e.from} to ${e.to}${e.repeals.length ? `, repealing ${e.repeals.join('; ')}` : ''}.`;
    case 'module-enacted':
      return `Rule ${e.module} is enacted.`;
    case 'module-repealed':
      return `Rule ${e.module} is repealed.`;
    case 'game-ended':
      return `The game ends: ${e.reason}.${e.winners.length ? ` Winners: ${e.winners.join(', ')}.` : ''}`;
    case 'schedule-set':
      return `The Administrator set the ${describeSchedule(e.schedule)}`;
    case 'schedule-cleared':
      return 'The Administrator cleared the schedule: ndays end only when the Administrator ticks.';
    case 'clock-paused':
      return `The Administrator paused the clock at ${e.at}: ${e.reason}.`;
    case 'clock-resumed':
      return `The Administrator resumed the clock at ${e.at} (what fell while it was paused is not caught up): ${e.reason}.`;
    case 'nweek-extended':
      return `The Administrator extended nweek ${e.nweek} to ${e.until}: ${e.reason}.`;
    case 'boundary-fired':
      return `The scheduled end of the nday, ${e.scheduled}, has come.`;
    case 'parameters-amended':
      return `The rules are amended (amendment ${e.amendment}): ${Object.entries(e.changes)
        .map(([name, v]) => `${name} ${valueText(v)}`)
        .join('; ')} ${startText(e.from)}, by ${e.why}.`;
    case 'parameters-in-force':
      return `Amendment ${e.amendment} of the rules takes effect.`;
    case 'parameters-lapsed':
      return `Amendment ${e.amendment} of the rules lapses: ${e.reason}.`;
    case 'parameters-repealed':
      return `Amendment ${e.amendment} of the rules is repealed, by ${e.why}; its values return to what they were without it.`;
  }
}
