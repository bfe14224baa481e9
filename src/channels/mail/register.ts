// Registering a player's mail address and secret phrase (issue 15): the checks every way of registering
// shares (`referee join --email`, `referee address`, the API), made before anything is written.
import type { Store } from '../../store/store.js';
import { normalAddress, StoreError } from '../../store/store.js';
import { badPhrase, hashPhrase } from './phrase.js';

export class AddressError extends Error {
  constructor(
    readonly code: 'bad-address' | 'bad-phrase' | 'address-taken',
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
export async function checkFree(store: Store, game: string, player: string, address: string): Promise<void> {
  const holder = await store.playerByAddress(game, address);
  if (holder && holder.player !== player)
    throw new AddressError(
      'address-taken',
      `that address is already registered to another player of ${game}`,
    );
}

/** Registers (or replaces) a player's address and phrase; throws AddressError or StoreError. */
export async function registerAddress(
  store: Store,
  game: string,
  player: string,
  checked: { readonly address: string; readonly phraseHash: string | null },
): Promise<void> {
  try {
    await store.setAddress(game, player, checked.address, checked.phraseHash);
  } catch (e) {
    if (e instanceof StoreError && e.code === 'conflict') throw new AddressError('address-taken', e.message);
    throw e;
  }
}
