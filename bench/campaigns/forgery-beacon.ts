// The forgery campaign's beacon part (issue 26; rulings B2, B8): a game on beacon dice waits for its round, and
// a forger tries to choose the dice by giving it a round of eir own — pasted as the Administrator's `beacon`
// command (the page and the command line's way in) or served by a relay the clock asks. Each attempt's variant
// is chosen by a seeded generator: a real round relabelled as the awaited one, the awaited round with a byte
// of its randomness or signature changed (its randomness made to match a changed signature, too), the awaited
// round signed by another key (another chain), and, through the relays, a relay serving any of these before
// an honest one is never reached. "Acted on" counts attempts after which the game's log had changed (a
// forged round recorded, or anything else written): must be 0. The real round is then recorded, so the way in
// was open throughout. Real store (SQLite on a temporary file), real BLS, real HTTP on the loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ADMIN } from '../../src/core/index.js';
import type { Json } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import { Referee } from '../../src/engine/referee.js';
import { fetchRound } from '../../src/node/beacon-relays.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { makeTestChain } from '../../test/beacon/test-chain.js';
import { rng } from '../../test/support/rng.js';
import type { AttackFigures } from './forgery-figures.js';

const GAME = 'forged';

/** One byte of a hex string changed (at a random place, to another value). */
function flipped(hex: string, random: () => number): string {
  const b = hexToBytes(hex);
  const i = Math.floor(random() * b.length);
  b[i] = ((b[i] ?? 0) ^ (1 + Math.floor(random() * 255))) & 0xff;
  return bytesToHex(b);
}

/** A forged stand-in for round `n` of the game's chain, by kind. */
function forge(kind: string, n: number, random: () => number, seed: number): BeaconRound {
  const t = chainOf(seed);
  switch (kind) {
    case 'relabelled': {
      // A real round of the chain, another number, given as the awaited one.
      const other = n + 1 + Math.floor(random() * 50) * (random() < 0.5 ? -1 : 1);
      return { ...t.round(other === n ? n + 1 : other), round: n };
    }
    case 'altered': {
      const r = t.round(n);
      const which = random();
      if (which < 0.4) return { ...r, randomness: flipped(r.randomness, random) };
      const signature = flipped(r.signature, random);
      // Half of these keep the randomness consistent with the changed signature: only the pairing refuses them.
      return which < 0.7
        ? { ...r, signature }
        : { ...r, signature, randomness: bytesToHex(sha256(hexToBytes(signature))) };
    }
    default: {
      // Another chain (a key of the forger's) signing the awaited round in the same scheme.
      const key = Uint8Array.from({ length: 48 }, () => Math.floor(random() * 256));
      return makeTestChain(t.chain.name, key).round(n);
    }
  }
}

const chains = new Map<number, ReturnType<typeof makeTestChain>>();
function chainOf(seed: number) {
  let t = chains.get(seed);
  if (!t) {
    t = makeTestChain(
      'forgery',
      Uint8Array.from({ length: 48 }, (_, i) => (seed * 31 + i) & 0xff),
    );
    chains.set(seed, t);
  }
  return t;
}

/** A store and a game on beacon dice of the seed's chain, waiting for round 1002. */
async function waitingGame(seed: number) {
  const t = chainOf(seed);
  const dir = mkdtempSync(join(tmpdir(), 'referee-forgery-beacon-'));
  const store = new SqliteStore(join(dir, 'referee.db'));
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const at = new Date(roundTime(t.chain, 1000)).toISOString();
  const made = await referee.submit(GAME, {
    type: 'create',
    by: ADMIN,
    args: {
      game: GAME,
      ruleset: 'grid-2002-01',
      dice: 'beacon',
      beacon: { ...t.chain },
      at,
    },
  });
  if (!made.ok) throw new Error(made.error.message);
  const round = made.value.state.dice.beacon?.round ?? 0;
  return {
    t,
    referee,
    round,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const paste = (round: number, json: BeaconRound) => ({
  type: 'beacon',
  by: ADMIN,
  args: { round, json: { ...json } as unknown as Json },
});

export async function attacks(options: { seed: number; rounds: number }): Promise<AttackFigures[]> {
  const { seed, rounds } = options;
  const random = rng(seed);
  const g = await waitingGame(seed);
  const out: AttackFigures[] = [];
  try {
    const head = async () => {
      const e = await g.referee.entries(GAME);
      return `${e.length}|${e.at(-1)?.hash ?? ''}`;
    };
    const before = await head();
    for (const kind of ['relabelled', 'altered', 'other-chain']) {
      let actedOn = 0;
      const codes = new Set<string>();
      for (let i = 0; i < rounds; i++) {
        const r = await g.referee.submit(GAME, paste(g.round, forge(kind, g.round, random, seed)));
        if (r.ok) actedOn++;
        else codes.add(r.error.code);
        if ((await head()) !== before) actedOn++;
      }
      out.push({
        attack: `beacon round ${kind === 'other-chain' ? 'of another chain' : kind}, pasted`,
        tried: rounds,
        actedOn,
        answered: 0,
        note: `refused: ${[...codes].sort().join(', ')}`,
      });
    }
    // Through the relays: each forger's relay answers with a forged round; the honest relay is off.
    let served = 0;
    const server = createServer((req, res) => {
      served++;
      const kind = ['relabelled', 'altered', 'other-chain'][served % 3] as string;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(forge(kind, g.round, random, seed)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let relayActed = 0;
    try {
      for (let i = 0; i < rounds; i++) {
        const got = await fetchRound(g.t.chain, g.round, {
          relays: [`${base}/a`, `${base}/b`, `${base}/c`],
          timeoutMs: 5000,
          now: roundTime(g.t.chain, g.round) + 1000,
        });
        if (got.ok) relayActed++;
        if ((await head()) !== before) relayActed++;
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
    out.push({
      attack: 'beacon relays serving forged rounds (relabelled, altered, another chain)',
      tried: rounds,
      actedOn: relayActed,
      answered: 0,
      note: `${served} answers, each refused`,
    });
    // The way in was open: the real round is recorded.
    const real = await g.referee.submit(GAME, paste(g.round, g.t.round(g.round)));
    if (!real.ok) throw new Error(`the real round was refused: ${real.error.message}`);
  } finally {
    await g.close();
  }
  return out;
}
