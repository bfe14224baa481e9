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
    const words = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
    for (let off = 0; off + 4 <= mac.byteLength; off += 4) {
      const w = words.getUint32(off);
      if (w < limit) return (w % sides) + 1;
    }
  }
}
