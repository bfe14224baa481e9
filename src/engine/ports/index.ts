// The engine's narrow ports (issue 28 item 1): each room outside the engine receives the one it needs and
// names the store's records through them (records.ts). test/architecture/ports.test.ts keeps it so.
export type { Rules, Rulesets } from './rules.js';
export type { NoticeBox, Outbox } from './outbox.js';
export { leasesOfOutbox } from './outbox.js';
export type { Directory, MailDesk, MailRoster } from './directory.js';
export type { GameLog, Maintenance } from './game-log.js';
export * from './records.js';
export type {
  Appends,
  CliDoor,
  ClockDoor,
  Commanding,
  Copying,
  ForumDoor,
  MailDoor,
  People,
  Posting,
  Reading,
  ServerDoor,
  Verifying,
} from './use-cases.js';
export type { Accepted, CommandNotices, SubmitOptions } from '../submission.js';
export type { AppendListener } from '../following.js';
