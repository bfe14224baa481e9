// For tests that register addresses through the built program (ruling M10): the confirmation code the
// referee mailed to an address, read from the outbox of the store file (as the mail channel would send it),
// and the round-trip a player makes with it.
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Cli } from '../support/cli.js';

/** The code of the last confirmation notice to `address` in `game`, from the store file at `dbPath`. */
export async function confirmationCode(dbPath: string, game: string, address: string): Promise<string> {
  const store = new SqliteStore(dbPath);
  try {
    const notices = await store.notices(game, `address:${address.toLowerCase()}`, 0, 1000);
    const last = notices.filter((n) => n.topic === 'address-confirmation').at(-1);
    const code = /^confirm ([a-z2-7]{26})$/.exec(last?.subject ?? '')?.[1];
    if (code === undefined) throw new Error(`no confirmation code was mailed to ${address} in ${game}`);
    return code;
  } finally {
    await store.close();
  }
}

/** `join GAME NAME --email ADDRESS [more]`, then the code given back: the player's whole registration. */
export async function joinConfirmed(
  cli: Cli,
  game: string,
  player: string,
  address: string,
  ...more: string[]
): Promise<string> {
  const out = cli.ok('join', game, player, '--email', address, ...more);
  cli.ok('address', game, player, '--confirm', await confirmationCode(cli.dbPath, game, address));
  return out;
}
