// The kernel's own HMAC-SHA256 (src/core/hmac.ts), which Node entry points use for the dice: byte for byte
// that of node:crypto and of @noble/hashes, for messages of every length around the block boundaries, keys
// shorter and longer than a block, text that is not ASCII (lone surrogates included), and keys reused and
// changed in place between calls (its pads are kept by key object).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bytesToHex, PORTABLE_HASHES, shortHmacSha256 } from '../../src/core/index.js';

const nodeHmac = (key: Uint8Array, message: string): string =>
  createHmac('sha256', key).update(message, 'utf8').digest('hex');

describe("the kernel's HMAC-SHA256", () => {
  it('equals node:crypto and @noble/hashes for every message length from 0 to 300 bytes', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => i * 37 + 5);
    for (let n = 0; n <= 300; n++) {
      const message = 'x'.repeat(n);
      const mac = bytesToHex(shortHmacSha256(key, message));
      expect(mac, `${n} bytes`).toBe(nodeHmac(key, message));
      expect(mac, `${n} bytes`).toBe(bytesToHex(PORTABLE_HASHES.hmacSha256(key, message)));
    }
  });

  it('equals node:crypto for any key (0 to 200 bytes) and any text', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        (key, message) => {
          expect(bytesToHex(shortHmacSha256(key, message))).toBe(nodeHmac(key, message));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a key object reused, and changed in place between calls, gives the MACs of its bytes at each call', () => {
    const key = new Uint8Array(32).fill(1);
    const first = bytesToHex(shortHmacSha256(key, 'weekly|1'));
    key[31] = 2;
    const second = bytesToHex(shortHmacSha256(key, 'weekly|1'));
    expect(second).not.toBe(first);
    expect(second).toBe(nodeHmac(key, 'weekly|1'));
    expect(bytesToHex(shortHmacSha256(new Uint8Array(32).fill(1), 'weekly|1'))).toBe(first);
  });

  it("bytesToHex writes any bytes as Node's Buffer does", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(bytesToHex(bytes)).toBe(Buffer.from(bytes).toString('hex'));
      }),
    );
  });

  it('is the RFC 4231 test vectors (case 2; case 6, a key longer than the block)', () => {
    expect(
      bytesToHex(shortHmacSha256(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?')),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(
      bytesToHex(
        shortHmacSha256(
          new Uint8Array(131).fill(0xaa),
          'Test Using Larger Than Block-Size Key - Hash Key First',
        ),
      ),
    ).toBe('60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54');
  });
});
