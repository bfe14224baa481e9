// Registering a player's mail address and secret phrase (issue 15): the checks every way of registering
// shares (`referee join --email`, `referee address`, the API), made before anything is written. Since issue
// 23 (ruling M10) a registration is a claim to confirm (claim.ts); registerAddress here is the
// Administrator's registration without confirmation, which a caller makes only on eir explicit word.
import type { Directory, MailDesk } from '../../engine/ports/index.js';
import { normalAddress, StoreError } from '../../engine/ports/index.js';
import { badPhrase, hashPhrase } from './phrase.js';
import type { InboundSettings } from './settings.js';

export class AddressError extends Error {
  constructor(
    readonly code: 'bad-address' | 'bad-phrase' | 'address-taken' | 'own-address' | 'too-soon',
    message: string,
  ) {
    super(message);
  }
}

/** The address and phrase checked, as the store will take them; throws AddressError. */
export async function checkRegistration(
  address: string,
  phrase: string | undefined,
): Promise<{ readonly address: string; readonly phraseHash: string | null }> {
  let a: string;
  try {
    a = normalAddress(address);
  } catch (e) {
    throw new AddressError('bad-address', (e as Error).message);
  }
  if (phrase === undefined) return { address: a, phraseHash: null };
  const bad = badPhrase(phrase);
  if (bad) throw new AddressError('bad-phrase', bad);
  return { address: a, phraseHash: await hashPhrase(phrase) };
}

/** Refuses an address another player of the game holds (before a join, so that nothing is written). */
export async function checkFree(
  store: Directory,
  game: string,
  player: string,
  address: string,
): Promise<void> {
  const holder = await store.playerByAddress(game, address);
  if (holder && holder.player !== player)
    throw new AddressError(
      'address-taken',
      `that address is already registered to another player of ${game}`,
    );
}

/**
 * The Administrator's registration without confirmation (ruling M10: only on eir explicit word, `address
 * --unconfirmed` or `"confirmed": "by-administrator"`): registers (or replaces) a player's address and phrase
 * at once, and drops the player's pending claim. Throws AddressError or StoreError.
 */
export async function registerAddress(
  store: MailDesk,
  game: string,
  player: string,
  checked: { readonly address: string; readonly phraseHash: string | null },
  settings?: InboundSettings,
): Promise<void> {
  checkNotOwn(settings, checked.address);
  try {
    await store.setAddress(game, player, checked.address, checked.phraseHash);
    await store.dropClaim(game, player);
  } catch (e) {
    if (e instanceof StoreError && e.code === 'conflict') throw new AddressError('address-taken', e.message);
    throw e;
  }
}

/**
 * Why `address` can never be a player's, in words, or undefined: the referee's own address, or one of a
 * game's (a binding forum, its private address, its list, its Administrator's), as the settings name them.
 * Mail from these is nobody's (ruling M4), and a notice to a player there would go to the list or loop.
 */
export function ownAddress(settings: InboundSettings, address: string): string | undefined {
  const a = address.trim().toLowerCase();
  if (a === settings.from) return "the referee's own address";
  for (const [game, g] of Object.entries(settings.games)) {
    if (g.forums.includes(a)) return `a binding forum of ${game}`;
    if (g.list === a) return `the list of ${game}`;
    if (g.private === a) return `the private address of ${game}`;
    if (g.admin === a) return `the Administrator's address of ${game}`;
  }
  return undefined;
}

/**
 * Refuses an address of the referee or a game (when the settings are known where the registration is made).
 * The refusal does not say which: which address serves which game is the operator's to tell.
 */
export function checkNotOwn(settings: InboundSettings | undefined, address: string): void {
  if (settings && ownAddress(settings, address) !== undefined)
    throw new AddressError(
      'own-address',
      "that is an address of the referee or of a game it runs (a forum, a list, a private or the Administrator's address): never a player's",
    );
}
