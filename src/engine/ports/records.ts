// The store's records as the rooms outside the engine know them (issue 28 item 1): a room names a Notice, a
// TokenGrant or a StoreError through the engine's ports, never the store itself, so the store can change
// behind the engine alone. Re-exports only: the store stays the one place these are defined.
export type {
  ClaimedNotice,
  GameDump,
  GameSummary,
  Notice,
  PlayerAddress,
  StoreChange,
  StoreErrorCode,
  StoredNotice,
  StoreWatcher,
  TokenGrant,
} from '../../store/store.js';
export { normalAddress, StoreError } from '../../store/store.js';
export type { AddressClaim, AddressClaims, ClaimConfirmation } from '../../store/claims.js';
export type { AnswerBudget, MailGuards, PhraseStanding } from '../../store/guards.js';
export type { Leases } from '../../store/leases.js';
export { isPostgresSpec } from '../../store/open.js';
