// The public randomness beacons a game's dice may be anchored to (issue 26), pinned here rather than read
// from a relay: a relay (or whoever runs the referee) that served another chain's key could vouch for rounds
// of its own making. The values are drand's own published chain information (GET /{hash}/info on any relay;
// docs.drand.love), and the recorded real rounds in test/fixtures/drand-rounds.json verify against them.

/** How a chain signs its rounds (drand's `schemeID`). */
export type BeaconScheme =
  /** quicknet: signatures on G1 (48 bytes), the key on G2, message SHA-256(round), the RFC 9380 G1 suite. */
  | 'bls-unchained-g1-rfc9380'
  /** the League of Entropy's first (mainnet) chain: signatures on G2 (96 bytes), the key on G1, message
   *  SHA-256(previous signature ‖ round), each round chained to the one before. */
  | 'pedersen-bls-chained';

export interface BeaconChain {
  /** What a game's settings call it. */
  readonly name: string;
  /** drand's chain hash, which names the chain on every relay's URLs. */
  readonly hash: string;
  readonly scheme: BeaconScheme;
  /** The group's BLS public key, hex (96 bytes for quicknet's G2 key, 48 for mainnet's G1 key). */
  readonly publicKey: string;
  /** UNIX seconds of round 1. */
  readonly genesis: number;
  /** Seconds between rounds. */
  readonly period: number;
}

/** drand quicknet: a round every 3 s since 2023-08-23. */
export const QUICKNET: BeaconChain = {
  name: 'quicknet',
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  scheme: 'bls-unchained-g1-rfc9380',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
};

/** drand mainnet ("default"): a round every 30 s since 2020-07-22, chained. */
export const MAINNET: BeaconChain = {
  name: 'mainnet',
  hash: '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce',
  scheme: 'pedersen-bls-chained',
  publicKey:
    '868f005eb8e6e4ca0a47c8a77ceaa5309a47978a7c71bc5cce96366b5d7a569937c529eeda66c7293784a9402801af31',
  genesis: 1595431050,
  period: 30,
};

/** The chains the code pins, by name. */
export const PINNED_CHAINS: ReadonlyMap<string, BeaconChain> = new Map([
  [QUICKNET.name, QUICKNET],
  [MAINNET.name, MAINNET],
]);

/** The round a chain publishes at an instant (ms since the epoch): 0 before its genesis. */
export function roundAt(chain: BeaconChain, ms: number): number {
  const s = Math.floor(ms / 1000);
  if (s < chain.genesis) return 0;
  return Math.floor((s - chain.genesis) / chain.period) + 1;
}

/** The instant (ms since the epoch) a chain publishes a round. */
export const roundTime = (chain: BeaconChain, round: number): number =>
  (chain.genesis + (round - 1) * chain.period) * 1000;
