import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex, PORTABLE_HASHES } from '../../src/core/index.js';
import { NATIVE_HASHES } from '../../src/node/native-hash.js';

describe('hashes: the native implementation gives the same digests as the portable one', () => {
  it('SHA-256 of any text or bytes is identical', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.uint8Array(), (text, bytes) => {
        expect(NATIVE_HASHES.sha256Hex(text)).toBe(PORTABLE_HASHES.sha256Hex(text));
        expect(NATIVE_HASHES.sha256Hex(bytes)).toBe(PORTABLE_HASHES.sha256Hex(bytes));
      }),
    );
  });

  it('HMAC-SHA256 of any key and message is identical', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 130 }),
        fc.string({ unit: 'binary' }),
        (key, message) => {
          expect(bytesToHex(NATIVE_HASHES.hmacSha256(key, message))).toBe(
            bytesToHex(PORTABLE_HASHES.hmacSha256(key, message)),
          );
        },
      ),
    );
  });

  it('HMAC-SHA256 of one key object reused, and changed in place between calls, is identical', () => {
    // The native HMAC keeps each key's padded blocks (by key object): a key whose bytes changed must not
    // be answered with the old key's pads, and messages of every length must reuse its buffers safely.
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 100 }),
        fc.array(fc.tuple(fc.string({ unit: 'binary', maxLength: 300 }), fc.nat(), fc.nat(255))),
        (key, calls) => {
          for (const [message, at, value] of calls) {
            expect(bytesToHex(NATIVE_HASHES.hmacSha256(key, message))).toBe(
              bytesToHex(PORTABLE_HASHES.hmacSha256(key, message)),
            );
            key[at % key.length] = value;
          }
        },
      ),
    );
  });

  it('HMAC-SHA256 is the RFC 4231 test vectors (case 2, and case 6: a key longer than the block)', () => {
    const jefe = new TextEncoder().encode('Jefe');
    expect(bytesToHex(NATIVE_HASHES.hmacSha256(jefe, 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    const long = new Uint8Array(131).fill(0xaa);
    expect(
      bytesToHex(NATIVE_HASHES.hmacSha256(long, 'Test Using Larger Than Block-Size Key - Hash Key First')),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });

  it('SHA-256 of "abc" is the FIPS 180-2 test vector', () => {
    const want = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(PORTABLE_HASHES.sha256Hex('abc')).toBe(want);
    expect(NATIVE_HASHES.sha256Hex('abc')).toBe(want);
  });
});
