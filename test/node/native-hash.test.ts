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
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.string({ unit: 'binary' }),
        (key, message) => {
          expect(bytesToHex(NATIVE_HASHES.hmacSha256(key, message))).toBe(
            bytesToHex(PORTABLE_HASHES.hmacSha256(key, message)),
          );
        },
      ),
    );
  });

  it('SHA-256 of "abc" is the FIPS 180-2 test vector', () => {
    const want = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(PORTABLE_HASHES.sha256Hex('abc')).toBe(want);
    expect(NATIVE_HASHES.sha256Hex('abc')).toBe(want);
  });
});
