// The end of every nweek's report (issue 16): how to check its dice. Which seed each of its rolls came from,
// where the seed's commitment was published (the public log's line, before any roll drawn from it) and where the
// seed itself was (or will be) revealed, and the command or page that checks them. Only what the public log
// says: a seed not yet revealed is only named, never shown.
import type { NweekReport, SeedFacts } from './report-model.js';
import { placeText, seedName } from './report-model.js';

/** How a report's format writes a literal (a hash, a command) and plain words. */
export interface DiceFormat {
  readonly code: (text: string) => string;
  readonly words: (text: string) => string;
}

function seedLine(s: SeedFacts, f: DiceFormat): string {
  const name = seedName(s.stream, s.epoch);
  const committed = s.committed
    ? `committed on ${f.words(placeText(s.committed))}, its SHA-256 ${f.code(s.committed.commitment)}`
    : 'its commitment is not in the public log';
  const when = s.stream === 'public' ? `when nweek ${s.epoch} ends` : 'when the game ends';
  const revealed = s.revealed
    ? `revealed on ${f.words(placeText(s.revealed))}: ${f.code(s.revealed.seed)}`
    : `to be revealed ${when}`;
  const what =
    s.stream === 'secret'
      ? ' (it draws only what is hidden, never a roll of a public report)'
      : s.used
        ? ' (the rolls above)'
        : '';
  return `- ${f.words(`${name.charAt(0).toUpperCase()}${name.slice(1)}`)}${what}: ${committed}; ${revealed}.`;
}

/** The lines of the section "Checking the dice", without its heading. */
export function diceCheckLines(report: NweekReport, f: DiceFormat): string[] {
  const verify = f.code(`referee verify ${report.game}`);
  const page = 'the game\'s page, "Check the dice"';
  if (report.dice === 'manual') {
    const rolls =
      report.rolls.length === 0
        ? `No dice were rolled in nweek ${report.nweek}.`
        : 'The Administrator supplied each result above (from physical dice or a dice server), and the log records it as supplied.';
    return [
      `${f.words(`This game's dice are manual: there is no seed to check. ${rolls}`)}`,
      '',
      `${f.words(`To check that each result follows from the numbers supplied: ${page} (every roll, in your browser), or`)} ${verify}.`,
    ];
  }
  const out: string[] = [];
  if (report.rolls.length === 0)
    out.push(f.words(`No public dice were rolled in nweek ${report.nweek}.`), '');
  out.push(...report.seeds.map((s) => seedLine(s, f)));
  out.push(
    '',
    `${f.words('Each roll is drawn as ')}${f.code('HMAC-SHA256(seed, "game|stream|nweek|index|head")')}${f.words(' read as 32-bit words, with the index and the log head given beside it; a revealed seed must have the SHA-256 committed before it was used. To check: ')}${f.words(page)}${f.words(' (each roll recomputed in your browser from the revealed seed), or ')}${verify}${f.words(' (replays the whole log and derives every roll again).')}`,
  );
  return out;
}
