// The use-cases of the engine (issue 28 item 1): the Referee's work as the rooms outside the engine ask for it,
// each a small port of a few methods, and the door each room is given, made of them and of the store's narrow
// ports (doors.ts). A room names its door, never the Referee: the forum posts, the clock ticks and reads the
// schedules, the mail edge takes orders and registers addresses, the server serves, the command line's verbs
// do what each does. The house (src/house/) builds the Referee that opens every door.
// test/architecture/ports.test.ts keeps the Referee's name inside the engine and the house.
import type { Referee } from '../referee.js';

// The use-cases.

/** Giving a command: the rules' reads, the state it is decided on, the command an id recorded, the submission. */
export type Posting = Pick<Referee, 'rules' | 'state' | 'recordedCommand' | 'submit'>;

/**
 * Posting, the state this process last knew (for what may lag a command behind: which commands exist), and the
 * loading of the ruleset a command names (a preview decides it in a Sandbox).
 */
export type Commanding = Posting & Pick<Referee, 'knownState' | 'prepare'>;

/** Reading games: the games there are, a game's state, views, renderings, log and entries. */
export type Reading = Pick<
  Referee,
  'rules' | 'listGames' | 'state' | 'knownState' | 'view' | 'render' | 'log' | 'entries'
>;

/** Following the log: word of each append (this process's and, once watching, other processes'). */
export type Appends = Pick<Referee, 'onAppend' | 'watch' | 'unwatch'>;

/** Checking logs and the store's file: a stored log, a log read whole, a log being copied; the file's check. */
export type Verifying = Pick<
  Referee,
  'verify' | 'verifyLog' | 'verifyEntries' | 'checkFileWith' | 'maintenance'
>;

/** Copying a log in and out: the import of a whole log, reading logs as stored. */
export type Copying = Pick<Referee, 'import' | 'gameLog'>;

/** The people of a game and their mail (the store's narrow ports, doors.ts). */
export type People = Pick<Referee, 'directory' | 'roster' | 'claims' | 'guards' | 'mailDesk' | 'outbox'>;

// The doors: what each room is given.

/** The forum (src/forum/post.ts): a post is acted on as its commands, through the Referee or a preview's Sandbox. */
export type ForumDoor = Posting;

/**
 * The clock (src/clock/): the games there are and their states (their schedules), the ticks and pauses it
 * submits, word of appends to re-plan, and the outbox its nday-beginning notices are written to.
 */
export type ClockDoor = Commanding & Pick<Referee, 'listGames' | 'onAppend' | 'watch' | 'outbox'>;

/**
 * The mail edge's inbound side (src/channels/mail/): orders taken as commands (Posting), the sender's address
 * looked up, claims confirmed, the answer budgets, and the receipts written to the outbox.
 */
export type MailDoor = Posting & Pick<Referee, 'directory' | 'claims' | 'guards' | 'outbox'>;

/**
 * The HTTP server (src/server/): every route's use-case (each route's file names the ones it calls), and who
 * decides its commands (a worker thread: deciding.ts).
 */
export type ServerDoor = Commanding &
  Reading &
  Appends &
  Verifying &
  Pick<Referee, 'directory' | 'mailDesk' | 'outbox' | 'gameLog' | 'decideWith'>;

/**
 * The command line (src/cli/): every verb's use-case (each verb's helpers name the ones they call), and the
 * progress of a long replay it draws.
 */
export type CliDoor = ServerDoor & Copying & People & Pick<Referee, 'replayProgress'>;
