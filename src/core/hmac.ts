// HMAC-SHA256 for the dice's short messages (a seed's "weekly|12", a draw's "game|stream|epoch|index|head", a
// salt's "salt|head|n"), written out (FIPS 180-4, RFC 2104) so that a key's two padded blocks are compressed
// once and kept: each MAC then costs the compressions of its message and of the outer block, in plain
// JavaScript, with no call into a library or into Node's crypto. Node's createHmac and crypto.hash cost about
// 2 µs a call on these inputs (objects, key import, buffers), this about 1 µs; the seed of every nweek and
// every fair draw is one (docs/benchmarks.md, "Against the peer"). The digests are those of @noble/hashes and
// of node:crypto, byte for byte (test/core/hmac.test.ts, test/node/native-hash.test.ts).

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const BLOCK = 64;

// Scratch space, reused: everything here is synchronous, so no two calls ever share it.
const W = new Int32Array(64);
let scratch = new Uint8Array(4 * BLOCK);
const innerState = new Int32Array(8);
const outerState = new Int32Array(8);

/** One SHA-256 compression of the block at `at` in `bytes` into `state` (eight 32-bit words). */
function compress(state: Int32Array, bytes: Uint8Array, at: number): void {
  for (let i = 0; i < 16; i++) {
    const j = at + 4 * i;
    W[i] =
      ((bytes[j] as number) << 24) |
      ((bytes[j + 1] as number) << 16) |
      ((bytes[j + 2] as number) << 8) |
      (bytes[j + 3] as number);
  }
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15] as number;
    const y = W[i - 2] as number;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + s1 + ((e & f) ^ (~e & g)) + (K[i] as number) + (W[i] as number)) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = ((state[0] as number) + a) | 0;
  state[1] = ((state[1] as number) + b) | 0;
  state[2] = ((state[2] as number) + c) | 0;
  state[3] = ((state[3] as number) + d) | 0;
  state[4] = ((state[4] as number) + e) | 0;
  state[5] = ((state[5] as number) + f) | 0;
  state[6] = ((state[6] as number) + g) | 0;
  state[7] = ((state[7] as number) + h) | 0;
}

/**
 * Compresses the `length` bytes at the start of `scratch`, padded as SHA-256 pads a message of `before` +
 * `length` bytes (`before` being whole blocks already compressed into `state`).
 */
function finish(state: Int32Array, length: number, before: number): void {
  const blocks = Math.ceil((length + 9) / BLOCK);
  if (scratch.length < blocks * BLOCK) {
    const grown = new Uint8Array(blocks * BLOCK * 2);
    grown.set(scratch.subarray(0, length));
    scratch = grown;
  }
  const end = blocks * BLOCK;
  scratch[length] = 0x80;
  scratch.fill(0, length + 1, end);
  const bits = (before + length) * 8;
  // The length in bits, big-endian, in the last eight bytes (messages here are far below 2^53 bits).
  const high = Math.floor(bits / 2 ** 32);
  scratch[end - 8] = high >>> 24;
  scratch[end - 7] = high >>> 16;
  scratch[end - 6] = high >>> 8;
  scratch[end - 5] = high;
  scratch[end - 4] = bits >>> 24;
  scratch[end - 3] = bits >>> 16;
  scratch[end - 2] = bits >>> 8;
  scratch[end - 1] = bits;
  for (let i = 0; i < blocks; i++) compress(state, scratch, i * BLOCK);
}

/** Writes `message` as UTF-8 at the start of `scratch`; returns its length in bytes. */
function writeUtf8(message: string): number {
  const n = message.length;
  if (scratch.length < n + 9 + BLOCK) scratch = new Uint8Array(2 * (n + 9 + BLOCK));
  // ASCII (every message the kernel makes) is its own UTF-8; anything else is encoded by the platform.
  for (let i = 0; i < n; i++) {
    const c = message.charCodeAt(i);
    if (c >= 0x80) {
      const bytes = utf8.encode(message);
      if (scratch.length < bytes.length + 9 + BLOCK) scratch = new Uint8Array(2 * (bytes.length + 9 + BLOCK));
      scratch.set(bytes);
      return bytes.length;
    }
    scratch[i] = c;
  }
  return n;
}

const utf8 = new TextEncoder();

/** Copies a state's eight words (a loop: TypedArray.set is a call into the runtime). */
function copyState(from: Int32Array, to: Int32Array): void {
  for (let i = 0; i < 8; i++) to[i] = from[i] as number;
}

/** The digest words of `state` as 32 bytes, into `out` at `at`. */
function wordsInto(state: Int32Array, out: Uint8Array, at: number): void {
  for (let i = 0; i < 8; i++) {
    const w = state[i] as number;
    out[at + 4 * i] = w >>> 24;
    out[at + 4 * i + 1] = w >>> 16;
    out[at + 4 * i + 2] = w >>> 8;
    out[at + 4 * i + 3] = w;
  }
}

/** SHA-256 of bytes. */
function sha256(bytes: Uint8Array): Int32Array {
  const state = IV.slice();
  let at = 0;
  for (; at + BLOCK <= bytes.length; at += BLOCK) compress(state, bytes, at);
  const rest = bytes.length - at;
  if (scratch.length < rest + 9 + BLOCK) scratch = new Uint8Array(2 * (rest + 9 + BLOCK));
  scratch.set(bytes.subarray(at));
  finish(state, rest, at);
  return state;
}

interface Pads {
  /** The key's bytes when its pads were made: a key changed in place since is padded again. */
  readonly key: Uint8Array;
  /** The states after compressing K ⊕ ipad and K ⊕ opad. */
  readonly inner: Int32Array;
  readonly outer: Int32Array;
}

/** By key object: a game's master and its stream seeds are the same objects from one MAC to the next. */
const padsOf = new WeakMap<Uint8Array, Pads>();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function pads(key: Uint8Array): Pads {
  const kept = padsOf.get(key);
  if (kept && sameBytes(kept.key, key)) return kept;
  // RFC 2104: a key longer than the block is hashed first; a shorter one is padded with zeros.
  let k = key;
  if (key.length > BLOCK) {
    k = new Uint8Array(32);
    wordsInto(sha256(key), k, 0);
  }
  const block = new Uint8Array(BLOCK);
  const inner = IV.slice();
  const outer = IV.slice();
  for (let i = 0; i < BLOCK; i++) block[i] = (i < k.length ? (k[i] as number) : 0) ^ 0x36;
  compress(inner, block, 0);
  for (let i = 0; i < BLOCK; i++) block[i] = (i < k.length ? (k[i] as number) : 0) ^ 0x5c;
  compress(outer, block, 0);
  const made = { key: Uint8Array.from(key), inner, outer };
  padsOf.set(key, made);
  return made;
}

/** HMAC-SHA256(key, UTF-8 of message). */
export function shortHmacSha256(key: Uint8Array, message: string): Uint8Array {
  const p = pads(key);
  copyState(p.inner, innerState);
  finish(innerState, writeUtf8(message), BLOCK);
  copyState(p.outer, outerState);
  wordsInto(innerState, scratch, 0);
  finish(outerState, 32, BLOCK);
  const mac = new Uint8Array(32);
  wordsInto(outerState, mac, 0);
  return mac;
}
