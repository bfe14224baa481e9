// What taking one message makes (issue 15; issue 23): why a message was answered without being acted on, the
// outcome of taking it, and what the taker is given. Types only, apart from the edge's code, so that the
// files that take a message (inbound.ts, and confirm.ts for a confirmation of an address) share them
// without importing each other.
import type { SentenceResult } from '../../forum/index.js';
import type { MailDoor, Notice } from '../../engine/ports/index.js';
import type { MailAuthOptions } from './auth.js';
import type { DropReason } from './filters.js';
import type { PhraseRefusal } from './phrase-guard.js';
import type { Way } from './route.js';
import type { InboundSettings } from './settings.js';

/** Why a message from a known game was answered without acting on it. */
export type RefusalReason =
  | 'unknown-sender'
  | PhraseRefusal
  | 'edited-repost'
  | 'too-big'
  | 'bad-charset'
  | 'not-taken'
  /** Ruling M10, confirm.ts: a confirmation whose code is not the claim's, has expired, or came too late. */
  | 'wrong-code'
  | 'code-expired'
  | 'address-taken'
  /** A forum post without the proof that it came through the list (ruling M8). */
  | 'not-through-list'
  /** Private mail from a domain that signs, without a valid signature of it (ruling M9). */
  | 'unverified-sender';

export type Outcome =
  | { readonly kind: 'dropped'; readonly reason: DropReason; readonly detail: string; readonly game?: string }
  | {
      readonly kind: 'refused';
      readonly reason: RefusalReason;
      readonly game: string;
      readonly receipt: Notice;
      /** Why the receipt was kept and not sent (ruling M12: answering.ts), if it was not. */
      readonly unanswered?: string;
    }
  | {
      readonly kind: 'acted';
      readonly game: string;
      readonly player: string;
      readonly way: Way;
      readonly results: readonly SentenceResult[];
      readonly receipt: Notice;
      readonly unanswered?: string;
      /** The referee's post of the player's announcements on eir behalf (see relay), if any. */
      readonly announcement?: Notice;
    }
  /** Ruling M10 (confirm.ts): the message confirmed a claim, and the address is now the player's. */
  | { readonly kind: 'confirmed'; readonly game: string; readonly player: string; readonly receipt: Notice };

export interface InboundContext {
  readonly referee: MailDoor;
  readonly settings: InboundSettings;
  /** The instant the message is taken (ISO): receipts are stamped with it. */
  readonly now: () => string;
  /**
   * How signatures are verified (auth.ts): the DNS resolver above all. Always said by the caller, never
   * defaulted: production wiring gives the settings' (mailAuthOf), a test or a campaign its own table or
   * offlineMailAuth, so no test asks the network.
   */
  readonly auth: MailAuthOptions;
}
