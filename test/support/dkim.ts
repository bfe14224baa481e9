// DKIM and ARC for the tests (issue 23): keys generated here with node:crypto (RSA 2048, ed25519), a DNS
// table the verifier asks through the resolver it is given (no network), and messages really signed and
// sealed with mailauth's own signer — nothing of the cryptography is mocked.
import { generateKeyPairSync } from 'node:crypto';
import { authenticate, sealMessage } from 'mailauth';
import type { Resolver } from 'mailauth';
import { dkimSign } from 'mailauth/lib/dkim/sign.js';
import type { MailAuthOptions } from '../../src/channels/mail/auth.js';

export interface SigningKey {
  readonly domain: string;
  readonly selector: string;
  /** PEM (PKCS#8). */
  readonly privateKey: string;
  /** The TXT record's p= value. */
  readonly publicKey: string;
  readonly kind: 'rsa' | 'ed25519';
}

/** A new key for `domain` (RSA 2048 unless ed25519 is asked for). */
export function newKey(domain: string, selector = 'sel', kind: 'rsa' | 'ed25519' = 'rsa'): SigningKey {
  const pair =
    kind === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ed25519');
  const der = pair.publicKey.export({ type: 'spki', format: 'der' });
  return {
    domain,
    selector,
    kind,
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    // An ed25519 record carries the bare 32-byte key (RFC 8463), an RSA one the SubjectPublicKeyInfo.
    publicKey: (kind === 'rsa' ? der : der.subarray(der.length - 32)).toString('base64'),
  };
}

/** A key's TXT record, as its domain publishes it. */
export const recordOf = (key: SigningKey): string => `v=DKIM1; k=${key.kind}; p=${key.publicKey}`;

/**
 * The mail settings' `dns` for a referee run as a program (the CLI tests): these keys' records, and no
 * system DNS, so the program asks no network either.
 */
export const settingsDns = (
  ...keys: readonly SigningKey[]
): { txt: Record<string, string>; system: false } => ({
  txt: Object.fromEntries(keys.map((k) => [`${k.selector}._domainkey.${k.domain}`, recordOf(k)])),
  system: false,
});

/** The test's own DNS: TXT records by name; every other name does not exist. */
export class DnsTable {
  private readonly txt = new Map<string, string>();

  /** Publishes a key's record (selector._domainkey.domain), as the domain's owner does. */
  publish(key: SigningKey): this {
    this.txt.set(`${key.selector}._domainkey.${key.domain}`, `v=DKIM1; k=${key.kind}; p=${key.publicKey}`);
    return this;
  }

  /** Publishes a DMARC policy for a domain. */
  dmarc(domain: string, policy: 'none' | 'quarantine' | 'reject'): this {
    this.txt.set(`_dmarc.${domain}`, `v=DMARC1; p=${policy}`);
    return this;
  }

  readonly resolver: Resolver = (name, rrtype) => {
    const value = rrtype === 'TXT' ? this.txt.get(name.toLowerCase()) : undefined;
    if (value === undefined)
      return Promise.reject(Object.assign(new Error(`${name} ${rrtype}: not found`), { code: 'ENOTFOUND' }));
    return Promise.resolve([[value]]);
  };

  /** What takeMail verifies with: this table, and no connection data (SPF has none to check). */
  get auth(): MailAuthOptions {
    return { resolver: this.resolver, mta: 'mx.referee.test' };
  }
}

const bytes = (raw: Uint8Array | string): Buffer =>
  typeof raw === 'string' ? Buffer.from(raw) : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);

/** The message with a DKIM-Signature of `key` prepended (mailauth's default headers, relaxed/relaxed). */
export async function sign(
  raw: Uint8Array | string,
  key: SigningKey,
  options: { readonly maxBodyLength?: number; readonly headerList?: string } = {},
): Promise<Buffer> {
  const message = bytes(raw);
  const { signatures, errors } = await dkimSign(message, {
    // Given once: without it mailauth 4.9.5 writes t= from the clock twice (the header it signs and the one it
    // prepends), and a signature made across a half-second boundary does not verify (1 in ~2,000 here).
    signTime: new Date(),
    ...(options.headerList !== undefined ? { headerList: options.headerList } : {}),
    signatureData: [
      {
        signingDomain: key.domain,
        selector: key.selector,
        privateKey: key.privateKey,
        algorithm: key.kind === 'rsa' ? 'rsa-sha256' : 'ed25519-sha256',
        ...(options.maxBodyLength !== undefined ? { maxBodyLength: options.maxBodyLength } : {}),
      },
    ],
  });
  if (errors.length > 0) throw new Error(`signing failed: ${String(errors[0])}`);
  return Buffer.concat([Buffer.from(signatures), message]);
}

/**
 * The message as a forwarder that ARC-seals passes it on (as Google's servers do): authenticated as it
 * arrived (what the sealer found goes in its ARC-Authentication-Results), changed by `change` (a footer, a
 * Subject tag: what breaks the earlier signatures), then sealed by `sealer`.
 */
export async function seal(
  raw: Uint8Array | string,
  sealer: SigningKey,
  dns: DnsTable,
  change: (message: Buffer) => Buffer = (m) => m,
): Promise<Buffer> {
  const arrived = bytes(raw);
  const { arc } = await authenticate(arrived, {
    resolver: dns.resolver,
    mta: `mx.${sealer.domain}`,
    disableBimi: true,
  });
  if (!arc || arc.authResults === undefined) throw new Error('the sealer found no ARC result to record');
  const message = change(arrived);
  const set = await sealMessage(message, {
    signingDomain: sealer.domain,
    selector: sealer.selector,
    privateKey: sealer.privateKey,
    authResults: arc.authResults,
    cv: arc.status.result,
  });
  return Buffer.concat([set, message]);
}
