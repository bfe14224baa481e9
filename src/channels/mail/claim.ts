// Claiming a mail address (issue 23 item 3, ruling M10): an address a player registers is eirs only once
// its owner confirms, as mailing-list managers confirm a subscription. Registering makes a pending claim
// (src/store/claims.ts) and mails the address a confirmation notice (an outbox notice to `address:ADDR`,
// which only the mail channel delivers) with a code: random (130 bits), single use, expiring, kept by the
// store only as its SHA-256, compared in constant time, and void after a few wrong codes. The owner answers
// the notice from that address (confirm.ts, at the mail edge) or gives the code to the API or the CLI.
// Until then mail from the address is nobody's, and the claim blocks no one. The Administrator alone may
// register without confirmation, and only by saying so (registerAddress). Time is given (tests simulate it).
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AddressClaim } from '../../engine/ports/index.js';
import type { MailDesk, Notice } from '../../engine/ports/index.js';
import { UNANSWERED, windowBudget } from './answering.js';
import { AddressError, checkNotOwn } from './register.js';
import type { InboundSettings } from './settings.js';

/** How long a code works unless the settings say otherwise (`confirmHours`). */
export const DEFAULT_CONFIRM_HOURS = 48;
/** Wrong codes a claim takes; at the last it is void and the player registers again. */
export const MAX_WRONG_CODES = 3;
/**
 * A player's next claim waits this long after the last (by the API): each claim mails an address the caller
 * chose, so a caller could otherwise have the referee mail anyone without end.
 */
export const CLAIM_INTERVAL_MS = 10 * 60_000;
/**
 * Confirmation codes mailed to one address a UTC day, whoever claims it in whichever game (ruling M10): a
 * claim mails an address the claimant chose, so without this a stranger's mailbox could be filled by claims
 * from many players of many games.
 */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;
/** The answer budgets' name for budgets of no one game (answering.ts's budgets are per game). */
const EVERY_GAME = '*';

const DAY = 24 * 3_600_000;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** 26 letters of 32: 130 bits. */
const CODE_LENGTH = 26;
/** The word a code follows, in a Subject or on a line: "confirm CODE", as Mailman's notices say it. */
const CODE_IN_TEXT = new RegExp(`\\bconfirm\\s*:?\\s+([a-z2-7]{${CODE_LENGTH}})(?![a-z0-9])`, 'gi');
/** A message's codes beyond these are not looked at: a bounded cost per message. */
const MAX_CODES_READ = 4;

/** A new confirmation code: 26 letters and digits of base32, from node:crypto (256 % 32 = 0: unbiased). */
export function newCode(): string {
  return [...randomBytes(CODE_LENGTH)].map((b) => ALPHABET[b % 32]).join('');
}

/** What the store keeps of a code: its SHA-256 (the code is random and long, so no salt or slow hash). */
export const codeHash = (code: string): string =>
  createHash('sha256').update(code.trim().toLowerCase(), 'utf8').digest('hex');

/** Whether a code given back is the claim's, compared in constant time. */
export function codeMatches(code: string, claim: Pick<AddressClaim, 'codeHash'>): boolean {
  const given = Buffer.from(codeHash(code), 'hex');
  const kept = Buffer.from(claim.codeHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/** The codes a message gives ("confirm CODE" in its Subject or on any line, quoted or not), first few. */
export function codesIn(...texts: readonly (string | undefined)[]): string[] {
  const found = new Set<string>();
  for (const t of texts)
    for (const m of (t ?? '').slice(0, 64 * 1024).matchAll(CODE_IN_TEXT)) {
      found.add((m[1] as string).toLowerCase());
      if (found.size >= MAX_CODES_READ) return [...found];
    }
  return [...found];
}

export interface ClaimOptions {
  /** The instant of the claim (ms since the epoch). */
  readonly now: number;
  /** How long the code works; default DEFAULT_CONFIRM_HOURS. */
  readonly hours?: number;
  /** The mail settings where the registration is made knows them: the referee's own addresses are refused. */
  readonly settings?: InboundSettings;
  /**
   * A claim waits CLAIM_INTERVAL_MS after the player's last (default); not at the operator's console (`false`,
   * `referee address`). By the API even the Administrator's are paced: anyone may create a game and be its
   * Administrator, and each claim mails an address the caller chose.
   */
  readonly paced?: boolean;
}

export interface Claimed {
  /** When the code stops working (ms). */
  readonly expiresAt: number;
  /** The confirmation notice, as written to the outbox (it holds the code: the mail channel alone reads it). */
  readonly notice: Notice;
}

/**
 * A player's claim of an address: the claim (replacing eir earlier one) and the confirmation notice to the
 * address, in the outbox of the 'mail' channel (registered first, so the next `serve --mail` sends it).
 * Refused (AddressError): the referee's or a game's address, an address another player holds, a claim sooner
 * than CLAIM_INTERVAL_MS after the player's last. Another player's pending claim of the same address is no
 * refusal: a claim blocks no one, so a refusal tells nothing of anyone's claims.
 */
export async function claimAddress(
  store: MailDesk,
  game: string,
  player: string,
  checked: { readonly address: string; readonly phraseHash: string | null },
  options: ClaimOptions,
): Promise<Claimed> {
  checkNotOwn(options.settings, checked.address);
  const holder = await store.playerByAddress(game, checked.address);
  if (holder && holder.player !== player)
    throw new AddressError(
      'address-taken',
      `that address is already registered to another player of ${game}`,
    );
  const last = await store.claimOf(game, player);
  if (options.paced !== false && last && options.now - last.createdAt < CLAIM_INTERVAL_MS)
    throw new AddressError(
      'too-soon',
      `${player} claimed an address less than ${CLAIM_INTERVAL_MS / 60_000} minutes ago: answer that confirmation, or register again from ${new Date(last.createdAt + CLAIM_INTERVAL_MS).toISOString()}`,
    );
  const code = newCode();
  const hours = options.hours ?? DEFAULT_CONFIRM_HOURS;
  const expiresAt = options.now + hours * 3_600_000;
  const notice = confirmationNotice(game, player, checked.address, code, options.now, expiresAt);
  await store.openChannel('mail');
  await store.putClaim({
    game,
    player,
    address: checked.address,
    phraseHash: checked.phraseHash,
    codeHash: codeHash(code),
    createdAt: options.now,
    expiresAt,
  });
  // Past the address's confirmations of the day, the claim is made but its code is kept unsent, and the
  // claimant is answered as ever: a refusal would tell that someone else claimed the address today.
  const mailed = await store.spendAnswer(
    EVERY_GAME,
    [windowBudget(`confirmations:${checked.address}`, CONFIRMATIONS_PER_ADDRESS_PER_DAY, DAY, options.now)],
    options.now,
  );
  await store.enqueue([
    mailed
      ? notice
      : {
          ...notice,
          to: UNANSWERED,
          subject: 'confirm (code withheld)',
          text: `A confirmation to address:${checked.address} not sent: ${CONFIRMATIONS_PER_ADDRESS_PER_DAY} codes were mailed to that address today (ruling M10).\n`,
        },
  ]);
  return { expiresAt, notice };
}

/** The notice that carries the code: its Subject is "confirm CODE", so a plain reply carries it back. */
function confirmationNotice(
  game: string,
  player: string,
  address: string,
  code: string,
  now: number,
  expiresAt: number,
): Notice {
  return {
    game,
    // Random: the key names the notice's Message-ID, and must hold nothing of the code.
    key: `address-confirmation:${randomUUID()}`,
    to: `address:${address}`,
    topic: 'address-confirmation',
    subject: `confirm ${code}`,
    text: [
      `The player ${player} of the game ${game} asked the referee to take this address as eirs: mail from it`,
      `would then be read as ${player}'s posts and announcements, and ${player}'s notices sent to it.`,
      '',
      'If that was you, answer this message from this address (a plain Reply keeps the code in its',
      'Subject), or write to the referee from this address with this line:',
      '',
      `confirm ${code}`,
      '',
      `or give the code to the referee: \`referee address ${game} ${player} --confirm ${code}\`, or`,
      `POST /api/games/${game}/players/${player}/address/confirm with your token.`,
      '',
      `The code works once, until ${new Date(expiresAt).toISOString()}; ${MAX_WRONG_CODES} wrong codes void it.`,
      'If it was not you, do nothing: without an answer this address stays nobody’s and nothing changes.',
    ].join('\n'),
    at: new Date(now).toISOString(),
  };
}

/** What became of a code given by the API or the CLI. */
export type CodeOutcome =
  | { readonly kind: 'confirmed' }
  | {
      readonly kind: 'refused';
      readonly reason: 'no-claim' | 'wrong-code' | 'code-expired' | 'address-taken';
      readonly message: string;
    };

/**
 * A code given for a player's own claim (the API, the CLI): confirmed if it is the claim's and the claim is
 * alive; otherwise counted as a wrong code against the claim (void at MAX_WRONG_CODES).
 */
export async function confirmCode(
  store: MailDesk,
  game: string,
  player: string,
  code: string,
  now: number,
): Promise<CodeOutcome> {
  const claim = await store.claimOf(game, player);
  if (!claim) return refusedCode('no-claim', `${player} has no address waiting for confirmation in ${game}`);
  if (!codeMatches(code, claim)) {
    if (claim.expiresAt <= now) {
      await store.dropClaim(game, player, claim.codeHash);
      return refusedCode('code-expired', EXPIRED);
    }
    const wrong = await store.missClaim(game, player, claim.codeHash, MAX_WRONG_CODES);
    return refusedCode('wrong-code', wrongCode(wrong));
  }
  return settle(await store.confirmClaim(game, player, claim.codeHash, now));
}

const EXPIRED = 'the confirmation code has expired: register the address again for a new one';

/** The refusal of a wrong code, saying how many tries the claim has left. */
export function wrongCode(wrong: number): string {
  const left = MAX_WRONG_CODES - wrong;
  return left > 0
    ? `that is not the confirmation code (${left} more wrong code${left === 1 ? '' : 's'} and the claim is void)`
    : 'that is not the confirmation code, and the claim is now void: register the address again';
}

function refusedCode(
  reason: Extract<CodeOutcome, { kind: 'refused' }>['reason'],
  message: string,
): CodeOutcome {
  return { kind: 'refused', reason, message };
}

/** A store's confirmation as the outcome told. */
export function settle(done: 'confirmed' | 'no-claim' | 'expired' | 'taken'): CodeOutcome {
  switch (done) {
    case 'confirmed':
      return { kind: 'confirmed' };
    case 'expired':
      return refusedCode('code-expired', EXPIRED);
    case 'taken':
      return refusedCode('address-taken', 'that address became another player’s first: the claim is void');
    case 'no-claim':
      return refusedCode('no-claim', 'the claim was confirmed, replaced or voided meanwhile');
  }
}
