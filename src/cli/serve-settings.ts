// The settings of `referee serve` that say who may do what (issue 13, items 5 and 6): who may create games,
// the operator token, and the proxies whose X-Forwarded-For is believed. Each comes from a flag (verbs-serve.ts,
// accessOptions) or else an environment variable; a bad value is a usage error (one line, exit 2) before
// anything listens.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { CreationPolicy } from '../server/policy.js';
import { checkOperatorToken } from '../server/policy.js';
import { UsageError } from './fail.js';

export interface AccessFlags {
  creation?: string;
  operatorTokenFile?: string;
  trustProxy?: string;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1,10.0.0.0/8,loopback` as a list, each checked. */
export function parseTrustProxy(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return text.split(',').map((raw) => {
    const p = raw.trim();
    const [address, bits, extra] = p.split('/');
    const family = isIP(address ?? '');
    const ok =
      NAMED_RANGES.has(p) ||
      (family !== 0 &&
        extra === undefined &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))));
    if (!ok)
      throw new UsageError(
        `--trust-proxy: "${p}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`,
      );
    return p;
  });
}

/** The creation policy the flags and environment give. */
export function creationPolicy(flags: AccessFlags, env: NodeJS.ProcessEnv = process.env): CreationPolicy {
  const who = flags.creation ?? env.REFEREE_CREATION ?? 'open';
  if (who === 'open') return { mode: 'open' };
  if (who !== 'operator') throw new UsageError('--creation is open or operator');
  let token: string | undefined;
  if (flags.operatorTokenFile !== undefined) {
    try {
      token = readFileSync(flags.operatorTokenFile, 'utf8').trim();
    } catch (e) {
      throw new UsageError(
        `--operator-token-file: cannot read ${flags.operatorTokenFile} (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
  } else token = env.REFEREE_OPERATOR_TOKEN?.trim();
  if (token === undefined || token === '')
    throw new UsageError(
      '--creation operator needs the operator token: --operator-token-file PATH or $REFEREE_OPERATOR_TOKEN',
    );
  const problem = checkOperatorToken(token);
  if (problem) throw new UsageError(problem);
  return { mode: 'operator', token };
}
