// The fair source: commit-reveal. Each game has a master secret kept by the store, never in the log.
// An nweek's public seed is HMAC(master, "weekly|<epoch>"); the secret stream's seed is HMAC(master, "secret").
// Their SHA-256 commitments are published before any roll; the weekly seed is revealed when its nweek ends,
// the secret seed when the game ends. A draw mixes in the hash of the log as it stood before the command, so
// nobody - not even whoever runs the server - can know a roll before the commands it follows were made.
import { hmacSha256, sha256Hex } from '../hash.js';

/** Which stream a roll comes from: public (revealed each nweek) or secret (revealed at the game's end). */
export type Stream = 'public' | 'secret';

export function streamSeed(master: Uint8Array, stream: Stream, epoch: number): Uint8Array {
  return hmacSha256(master, stream === 'secret' ? 'secret' : `weekly|${epoch}`);
}

/** The seeds derived from one master, kept between decisions (see keptStreamSeed). */
interface Kept {
  /** A copy of the master's bytes when its seeds were derived: a master changed in place starts afresh. */
  readonly master: Uint8Array;
  /** By epoch for the public stream, -1 for the secret one (always kept); the oldest epoch dropped past SEEDS_KEPT. */
  readonly seeds: Map<number, Uint8Array>;
}
const kept = new WeakMap<Uint8Array, Kept>();
const SEEDS_KEPT = 8;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * streamSeed, remembered by master object: a game's master is the same object from one command to the next,
 * and each nweek's end reveals the seed the previous one committed to, and the secret stream's seed serves
 * every hidden roll and salt of the game, so each is derived once rather than once a command (an HMAC was a
 * fifth of a whole nweek's time: docs/benchmarks.md). The seeds returned are shared: never write into one.
 */
export function keptStreamSeed(master: Uint8Array, stream: Stream, epoch: number): Uint8Array {
  let k = kept.get(master);
  if (!k || !sameBytes(k.master, master)) {
    k = { master: Uint8Array.from(master), seeds: new Map() };
    kept.set(master, k);
  }
  const key = stream === 'secret' ? -1 : epoch;
  let seed = k.seeds.get(key);
  if (seed === undefined) {
    seed = streamSeed(master, stream, epoch);
    if (k.seeds.size >= SEEDS_KEPT)
      for (const old of k.seeds.keys())
        if (old !== -1) {
          k.seeds.delete(old);
          break;
        }
    k.seeds.set(key, seed);
  }
  return seed;
}

export const commitmentOf = (seed: Uint8Array): string => sha256Hex(seed);

/** Where a fair draw sits: everything besides the seed that goes into it. */
export interface DrawPosition {
  readonly game: string;
  readonly stream: Stream;
  readonly epoch: number;
  readonly index: number;
  readonly head: string;
}

/**
 * A uniform integer in 1..sides from HMAC-SHA256(seed, position). Rejection sampling over 32-bit words
 * removes modulo bias: a word at or above the largest multiple of `sides` below 2^32 is skipped, and if all
 * eight words of one MAC are skipped (vanishingly rare) the next MAC in the sequence is used.
 */
export function fairDraw(seed: Uint8Array, at: DrawPosition, sides: number): number {
  const label = `${at.game}|${at.stream}|${at.epoch}|${at.index}|${at.head}`;
  const limit = Math.floor(2 ** 32 / sides) * sides;
  for (let round = 0; ; round++) {
    const mac = hmacSha256(seed, round === 0 ? label : `${label}|${round}`);
    for (let off = 0; off + 4 <= mac.length; off += 4) {
      // The big-endian 32-bit word at `off` (as DataView.getUint32 reads it).
      const w =
        (((mac[off] as number) << 24) |
          ((mac[off + 1] as number) << 16) |
          ((mac[off + 2] as number) << 8) |
          (mac[off + 3] as number)) >>>
        0;
      if (w < limit) return (w % sides) + 1;
    }
  }
}
