// The directory of a game's people (issue 28 item 1): who holds which token, which player has which mail address,
// and which games are played by mail. The server and the mail edge read and write it; a structural subset
// of the store's contract, named here so no room outside the engine names the store.
import type { Store } from '../../store/store.js';
import type { AddressClaims } from '../../store/claims.js';
import type { MailGuards } from '../../store/guards.js';

/** Tokens and mail addresses. */
export type Directory = Pick<
  Store,
  'grantToken' | 'tokenHolder' | 'setAddress' | 'playerByAddress' | 'addressOf'
>;

/** The games played by mail (issue 15): each of their commands writes the notices `serve --mail` delivers. */
export type MailRoster = Pick<Store, 'markByMail' | 'unmarkByMail' | 'gamesByMail'>;

/**
 * What the registration of a mail address needs (issues 15, 21, 23): the directory, the pending claims, the
 * answer budgets, and the outbox the code is mailed through.
 */
export type MailDesk = Directory &
  AddressClaims &
  MailGuards &
  Pick<Store, 'openChannel' | 'enqueue' | 'noticeByKey'>;
