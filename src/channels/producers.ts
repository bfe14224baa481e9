// What a command gives the outbox to send (issue 15): "Tunnelers' dialogue runs over private mail: the results
// of movement, 'what do you want to do?', a defender asked for a card, each from the recipient's view only.
// Private notices (Radar reveals, …) go by private mail; the nweek report and public events go to the list."
//
// Pure functions of what the engine has when a command is decided (its entries, the states before and
// after, and for an nweek's end the log before it), so they fit SubmitOptions.notices and the notices are
// written in the command's own transaction. Every text comes from `kernel.logView` or the public report, for
// that recipient's viewer alone; and every key holds only what its recipient may know (see keys below).
//
// Keys are never shown, but they are not secret either: the mail's Message-ID is a hash of one, and a key
// made of small numbers can be found from its hash by trying them all. So a key never holds the
// Administrator's numbering (an entry's seq counts hidden entries): a player's notice is keyed by eir own
// position (Kernel.position: what e has seen), public news by the public's position, the report by its nweek.
import { PUBLIC, player } from '../core/index.js';
import type { GameState, LogEntry, LogLine } from '../core/index.js';
import type { Notice } from '../engine/ports/index.js';
import { reportAsText, reportText } from '../engine/report.js';
import { reportFromStretch } from '../engine/report-model.js';
import type { LogStretch } from '../engine/report-model.js';
import { withForumForms } from './forum-forms.js';
import { phrasesOf } from '../forum/index.js';
import type { Rules } from '../engine/ports/index.js';

/** A command as the engine decided it. */
export interface CommandOutcome {
  readonly game: string;
  /** The entries the command appended, in order. */
  readonly entries: readonly LogEntry[];
  /** The state it was decided on (undefined for the game's creation) and the state after it. */
  readonly before: GameState | undefined;
  readonly after: GameState;
  /** When the notices are made (ISO instant), from the caller's clock: the producers read none. */
  readonly at: string;
  /**
   * The game's log before these entries. Needed only when the command ends an nweek (its report covers the
   * whole nweek); without it no report is made.
   */
  readonly earlier?: readonly LogEntry[];
}

/** Lines that are news to one player alone: visible to em, neither public nor eir own command echoed. */
const isPrivateNews = (l: LogLine): boolean => l.event.vis !== 'public' && l.type !== 'command';

/** The players some entry is shown to by name, in the order they first appear. */
function namedPlayers(entries: readonly LogEntry[]): string[] {
  const names: string[] = [];
  for (const e of entries) {
    const vis = e.event.vis;
    if (typeof vis === 'object') for (const name of vis.players) if (!names.includes(name)) names.push(name);
  }
  return names;
}

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** The player who gave the command, if a player did. */
function givenBy(outcome: CommandOutcome): string | undefined {
  const first = outcome.entries[0]?.event;
  if (first?.type !== 'command') return undefined;
  const by = (first.command as { by?: { role?: unknown; name?: unknown } } | undefined)?.by;
  return by?.role === 'player' && typeof by.name === 'string' ? by.name : undefined;
}

/**
 * The lines' texts as a notice gives them: a command the rules name in their own words also as the sentence
 * a player writes by mail or on the forum (forum-forms.ts).
 */
function noticeLines(kernel: Rules, outcome: CommandOutcome, lines: readonly LogLine[]): LogLine[] {
  const commands = kernel.commands(outcome.after);
  const sets = phrasesOf(kernel.registry.get(outcome.after.ruleset));
  return lines.map((l) => ({ ...l, text: withForumForms(l.text, sets, commands) }));
}

/**
 * (a) For each player shown entries of the command that are not public (a Radar's reveal, the Moderator's
 * "what do you want to do?", a defender asked for a card), one notice to 'player:NAME' with exactly those
 * lines, as eir own log shows them (a command the rules name in their words also as a player writes it).
 * Nobody else is told anything by it. None to the player who gave the command if every line only echoes it
 * to em ("bob answers the Moderator's question.": Kernel.echoes, as the rules declare them): eir receipt
 * says that already.
 */
export function privateNotices(kernel: Rules, outcome: CommandOutcome): Notice[] {
  const notices: Notice[] = [];
  const by = givenBy(outcome);
  const echoes = kernel.echoes(outcome.after);
  for (const name of namedPlayers(outcome.entries)) {
    const viewer = player(name);
    const from = outcome.before ? kernel.position(outcome.before, viewer) : 0;
    const seen = kernel.logView(outcome.entries, viewer, outcome.after, from).filter(isPrivateNews);
    if (name === by && seen.every((l) => echoes.has(l.type))) continue;
    const lines = noticeLines(kernel, outcome, seen);
    const first = lines[0];
    if (!first) continue;
    const more = lines.length > 1 ? ` (and ${lines.length - 1} more)` : '';
    notices.push({
      game: outcome.game,
      // Eir own position of the first line: unique in the game, and nothing e does not know.
      key: `private:${name}:${first.seq}`,
      to: `player:${name}`,
      topic: 'private',
      subject: `${outcome.game}: ${clip(first.text, 100)}${more}`,
      text: [
        `${name}, for you alone in ${outcome.game}:`,
        '',
        ...lines.map((l) => `nweek ${l.nweek}, nday ${l.nday}: ${l.text}`),
      ].join('\n'),
      at: outcome.at,
    });
  }
  return notices;
}

/**
 * The kernel's bookkeeping, never news on its own: the command's echo, the clock's turning, the dice's seeds.
 * ("Nday 3 ends." every nday would bury the list; the report tells how the nweeks went.)
 */
const BOOKKEEPING: ReadonlySet<string> = new Set([
  'command',
  'nday-ended',
  'nday-started',
  'nweek-ended',
  'nweek-started',
  'seed-committed',
  'seed-revealed',
  'boundary-fired',
]);

/** Whether a player said the command in public: the list has eir words (or the referee relayed them, M1). */
function saidInPublicByPlayer(outcome: CommandOutcome): boolean {
  const first = outcome.entries[0]?.event;
  if (first?.type !== 'command' || first.vis !== 'public') return false;
  const by = (first.command as { by?: { role?: unknown } } | undefined)?.by;
  return by?.role === 'player';
}

/**
 * (b) The public events of a command the list has not seen (ruling M6): what a private order to the
 * Moderator made public (Tunnelers 4: "At the end of a player's turn, the Moderator tells all players of
 * generally-known events": the turn is over, sounds of fighting, a death, whose turn it is), and what the
 * Administrator's or the clock's commands made public (a turn ended by its deadline). One notice to 'public'
 * with those lines as the public log shows them. None for a player's own public announcement (its words are
 * on the list already), none for bookkeeping alone, and none for a command that ends an nweek (its report,
 * which has every public line of the nweek, goes instead). Keyed by the public numbering, which tells no one
 * anything.
 */
export function publicNotices(kernel: Rules, outcome: CommandOutcome): Notice[] {
  if (saidInPublicByPlayer(outcome)) return [];
  if (outcome.entries.some((e) => e.event.type === 'nweek-ended')) return [];
  const from = outcome.before ? kernel.position(outcome.before, PUBLIC) : 0;
  const lines = noticeLines(
    kernel,
    outcome,
    kernel.logView(outcome.entries, PUBLIC, outcome.after, from).filter((l) => !BOOKKEEPING.has(l.type)),
  );
  const first = lines[0];
  if (!first) return [];
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more)` : '';
  return [
    {
      game: outcome.game,
      key: `public:${first.seq}`,
      to: 'public',
      topic: 'public',
      subject: `${outcome.game}: ${clip(first.text, 100)}${more}`,
      text: [
        `${outcome.game}, for everyone:`,
        '',
        ...lines.map((l) => `nweek ${l.nweek}, nday ${l.nday}: ${l.text}`),
      ].join('\n'),
      at: outcome.at,
    },
  ];
}

/** (c) At an nweek's end, that nweek's public report, to 'public' (the list, the chat). */
export function reportNotices(kernel: Rules, outcome: CommandOutcome): Notice[] {
  if (!outcome.earlier) return [];
  const log = [...outcome.earlier, ...outcome.entries];
  return endedNweeks(outcome).map((nweek) =>
    reportNotice(outcome, nweek, reportText(kernel, outcome.game, log, outcome.after, nweek)),
  );
}

/**
 * The same reports from a stretch of the log before the command's entries (see LogStretch: from the command
 * that began the nweek, with the state before it), without the rest of the log: undefined if the stretch
 * cannot tell all a report needs (then reportNotices, from the whole log, makes them).
 */
export function reportNoticesFrom(
  kernel: Rules,
  outcome: CommandOutcome,
  stretch: LogStretch,
): Notice[] | undefined {
  const through = { ...stretch, entries: [...stretch.entries, ...outcome.entries] };
  const notices: Notice[] = [];
  for (const nweek of endedNweeks(outcome)) {
    const report = reportFromStretch(kernel, outcome.game, through, outcome.after, nweek);
    if (!report) return undefined;
    notices.push(reportNotice(outcome, nweek, reportAsText(report)));
  }
  return notices;
}

/** The nweeks a command ended, in order. */
const endedNweeks = (outcome: CommandOutcome): number[] =>
  outcome.entries.filter((e) => e.event.type === 'nweek-ended').map((e) => Number(e.event.nweek));

/** An nweek's report as a notice, keyed by its nweek. */
const reportNotice = (outcome: CommandOutcome, nweek: number, text: string): Notice => ({
  game: outcome.game,
  key: `report:${nweek}`,
  to: 'public',
  topic: 'report',
  subject: `${outcome.game}: the report for nweek ${nweek}`,
  text,
  at: outcome.at,
});

/**
 * Everything a command gives the outbox: the private news of each player, then the public news, then the
 * report if any.
 */
export function commandNotices(kernel: Rules, outcome: CommandOutcome): Notice[] {
  return [
    ...privateNotices(kernel, outcome),
    ...publicNotices(kernel, outcome),
    ...reportNotices(kernel, outcome),
  ];
}
