// The end of every nweek's report (issue 16): how to check its dice. Which seed the rolls came from, where the
// seed's commitment was published (its line in the public log, before any roll drawn from it) and where the seed
// itself was (or will be) revealed, and the page and the command that check them. Only what the public log says:
// a seed not yet revealed is only named, never shown.
import type { NweekReport, SeedFacts } from './report-model.js';
import { seedName } from './report-model.js';
import type { LogPlace } from './report-model.js';

/** How a report's format writes a literal (a hash, a command) and plain words. */
export interface DiceFormat {
  readonly code: (text: string) => string;
  readonly words: (text: string) => string;
}

/** One seed's line: what it is for, committed where, revealed where (or when it will be). */
function seedLine(s: SeedFacts, f: DiceFormat, where: (p: LogPlace) => string): string {
  const name = seedName(s.stream, s.epoch);
  const what =
    s.stream === 'secret'
      ? ', for hidden things only'
      : s.used
        ? ', from which the rolls above were drawn'
        : '';
  const committed = s.committed
    ? `committed on ${where(s.committed)} as SHA-256 ${f.code(s.committed.commitment)}`
    : 'its commitment is not in the public log';
  const revealed = s.revealed
    ? `revealed on ${where(s.revealed)}: ${f.code(s.revealed.seed)}`
    : `to be revealed when ${s.stream === 'public' ? `nweek ${s.epoch}` : 'the game'} ends`;
  return `- ${f.words(`${name.charAt(0).toUpperCase()}${name.slice(1)}${what}: `)}${committed}; ${revealed}.`;
}

/** The lines of the section "Checking the dice", without its heading. */
export function diceCheckLines(report: NweekReport, f: DiceFormat): string[] {
  const verify = f.code(`referee verify ${report.game}`);
  const page = f.words('the game\'s page, "Check the dice"');
  if (report.dice === 'manual') {
    const rolls =
      report.rolls.length === 0
        ? `No dice were rolled in nweek ${report.nweek}.`
        : 'The Administrator supplied each result above (from physical dice or a dice server), as the log records it.';
    return [
      f.words(`This game's dice are manual: there is no seed to check. ${rolls}`),
      '',
      `${f.words('To check that each result follows from the numbers supplied: ')}${page}${f.words(', or ')}${verify}.`,
    ];
  }
  const out: string[] = [];
  if (report.rolls.length === 0)
    out.push(f.words(`No public dice were rolled in nweek ${report.nweek}.`), '');
  // The first line number says which log it counts in; the others need not.
  let first = true;
  const where = (p: LogPlace): string => {
    const line = first ? `line ${p.line} of the public log` : `line ${p.line}`;
    first = false;
    return f.words(`nday ${p.nday} of nweek ${p.nweek} (${line})`);
  };
  out.push(...report.seeds.map((s) => seedLine(s, f, where)));
  out.push(
    '',
    `${f.words('To check: ')}${page}${f.words(' (every roll recomputed in your browser), or ')}${verify}${f.words(". A seed's SHA-256 must be its commitment, and each roll is ")}${f.code('HMAC-SHA256(seed, "game|stream|nweek|index|head")')}${f.words(' read as 32-bit words.')}`,
  );
  return out;
}
