// The address claims' contract (AddressClaims, src/store/claims.ts; issue 23 item 3, ruling M10), run against
// both stores by address-claims.test.ts: a player's pending claim, replaced by eir next one; found by player and
// by address in any game; wrong codes counted and the claim void at the limit; a confirmation that makes the
// address the player's, once, and voids every other claim of it; expiry; an address registered first.
import { describe, expect, it } from 'vitest';
import type { AddressClaim } from '../../../src/store/claims.js';
import type { Store } from '../../../src/store/store.js';
import { entriesAfter, expectStoreError, withStoreOf } from './support.js';
import type { MakeBackend } from './support.js';

const T0 = Date.UTC(2026, 10, 24);
const HOUR = 3_600_000;

export const claim = (
  game: string,
  player: string,
  address: string,
  codeHash: string,
  at = T0,
): Omit<AddressClaim, 'attempts'> => ({
  game,
  player,
  address,
  phraseHash: player === 'dave' ? 'scrypt$s$d' : null,
  codeHash,
  createdAt: at,
  expiresAt: at + 48 * HOUR,
});

export function describeAddressClaimsContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

  const newGame = (store: Store, game: string) =>
    store.append({ game, entries: entriesAfter(undefined, 2), create: { ruleset: 'r', master: null } });

  describe(`${name}: address claims (issue 23 item 3)`, () => {
    it('issue 23 item 3: a claim is found by player and by address (any case, any game); a new one replaces the old', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await newGame(store, 'g2');
        await store.putClaim(claim('g1', 'alice', 'Dave@Example.org', 'h1'));
        await store.putClaim(claim('g2', 'dave', 'dave@example.org', 'h2', T0 + 1));
        expect(await store.claimOf('g1', 'alice')).toEqual({
          ...claim('g1', 'alice', 'dave@example.org', 'h1'),
          attempts: 0,
        });
        expect((await store.claimsOn('DAVE@example.org')).map((c) => [c.game, c.player])).toEqual([
          ['g1', 'alice'],
          ['g2', 'dave'],
        ]);
        // Nothing is anyone's address yet: a claim is no registration.
        expect(await store.playerByAddress('g1', 'dave@example.org')).toBeUndefined();
        await store.putClaim(claim('g1', 'alice', 'alice@example.org', 'h3', T0 + 2));
        expect(await store.claimOf('g1', 'alice')).toMatchObject({
          address: 'alice@example.org',
          codeHash: 'h3',
        });
        expect((await store.claimsOn('dave@example.org')).map((c) => c.player)).toEqual(['dave']);
        expect(await store.claimsOn('not an address')).toEqual([]);
        await expectStoreError(store.putClaim(claim('nope', 'alice', 'a@example.org', 'h')), 'unknown-game');
        await expectStoreError(store.putClaim(claim('g1', 'bob', 'bob at example', 'h')), 'bad-input');
        expect(await store.claimOf('g1', 'bob')).toBeUndefined();
      }));

    it('issue 23 item 3: wrong codes are counted against the claim with that code, which is void at the limit', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.putClaim(claim('g1', 'alice', 'dave@example.org', 'h1'));
        expect(await store.missClaim('g1', 'alice', 'h1', 3)).toBe(1);
        expect(await store.missClaim('g1', 'alice', 'h1', 3)).toBe(2);
        // A count against a code the claim no longer has counts nothing.
        expect(await store.missClaim('g1', 'alice', 'other', 3)).toBe(0);
        expect((await store.claimOf('g1', 'alice'))?.attempts).toBe(2);
        expect(await store.missClaim('g1', 'alice', 'h1', 3)).toBe(3);
        expect(await store.claimOf('g1', 'alice')).toBeUndefined();
        expect(await store.confirmClaim('g1', 'alice', 'h1', T0)).toBe('no-claim');
      }));

    it('issue 23 item 3: a confirmation makes the address and phrase the player’s once, and voids every other claim of it', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.putClaim(claim('g1', 'alice', 'dave@example.org', 'ha'));
        await store.putClaim(claim('g1', 'dave', 'dave@example.org', 'hd'));
        expect(await store.confirmClaim('g1', 'dave', 'ha', T0)).toBe('no-claim');
        expect(await store.confirmClaim('g1', 'dave', 'hd', T0 + HOUR)).toBe('confirmed');
        expect(await store.playerByAddress('g1', 'dave@example.org')).toEqual({
          player: 'dave',
          address: 'dave@example.org',
          phraseHash: 'scrypt$s$d',
        });
        expect(await store.claimOf('g1', 'dave')).toBeUndefined();
        expect(await store.claimOf('g1', 'alice')).toBeUndefined();
        // Single use: the same code again is no claim's.
        expect(await store.confirmClaim('g1', 'dave', 'hd', T0 + HOUR)).toBe('no-claim');
        expect(await store.confirmClaim('g1', 'alice', 'ha', T0 + HOUR)).toBe('no-claim');
      }));

    it('issue 23 item 3: an expired claim is dropped, not confirmed; an address registered first voids a claim of it', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.putClaim(claim('g1', 'alice', 'a@example.org', 'h1'));
        expect(await store.confirmClaim('g1', 'alice', 'h1', T0 + 48 * HOUR)).toBe('expired');
        expect(await store.claimOf('g1', 'alice')).toBeUndefined();
        expect(await store.addressOf('g1', 'alice')).toBeUndefined();
        await store.putClaim(claim('g1', 'alice', 'b@example.org', 'h2'));
        await store.setAddress('g1', 'bob', 'b@example.org', null);
        expect(await store.confirmClaim('g1', 'alice', 'h2', T0)).toBe('taken');
        expect(await store.claimOf('g1', 'alice')).toBeUndefined();
        expect((await store.playerByAddress('g1', 'b@example.org'))?.player).toBe('bob');
        await store.putClaim(claim('g1', 'alice', 'c@example.org', 'h3'));
        await store.dropClaim('g1', 'alice', 'other');
        expect(await store.claimOf('g1', 'alice')).toBeDefined();
        await store.dropClaim('g1', 'alice');
        expect(await store.claimOf('g1', 'alice')).toBeUndefined();
      }));
  });
}
