// Fetching a beacon round from drand's HTTP relays (issue 26 item 2): several URLs, each asked in turn with a
// time-out, and whatever a relay answers is verified against the chain's pinned key before it is used, so a
// relay can delay the dice but never choose them. A round whose time has not come is not asked for at all.
import { roundTime } from '../core/dice/beacon-chains.js';
import type { BeaconChain } from '../core/dice/beacon-chains.js';
import { verifiedRound } from '../core/dice/beacon.js';
import type { BeaconRound } from '../core/dice/beacon.js';
import { err, ok } from '../core/result.js';
import type { Result } from '../core/result.js';

/** drand's public relays (docs.drand.love, "public endpoints"); the operator may give others. */
export const DRAND_RELAYS: readonly string[] = [
  'https://api.drand.sh',
  'https://api2.drand.sh',
  'https://api3.drand.sh',
  'https://drand.cloudflare.com',
];

export interface RelayOptions {
  /** Base URLs; the round is asked for at `${relay}/${chain hash}/public/${round}`. */
  readonly relays: readonly string[];
  /** How long one relay may take to answer, in ms. */
  readonly timeoutMs: number;
  /** The instant now, ms since the epoch (the edge's clock; tests give theirs). */
  readonly now: number;
  /** The most bytes a relay's answer may have (B3; default RELAY_DEFAULTS.maxBytes): a round is ~300. */
  readonly maxBytes?: number;
}

/** A relay's time-out and the most an answer may weigh (B3): a round is a few hundred bytes. */
export const RELAY_DEFAULTS = { timeoutMs: 5_000, maxBytes: 16_384 } as const;

/** Why a round could not be had: not due yet (wait), or due but no relay gave a round that verifies. */
export interface RoundUnavailable {
  readonly reason: 'not-yet' | 'unavailable';
  /** What each relay did, for the operator's log ("https://…: timed out after 2000 ms"). */
  readonly relays: readonly string[];
  /** When the round is due (ms since the epoch). */
  readonly due: number;
}

/** Asks each relay in turn for round `n` of `chain`; the first round that verifies is the answer. */
export async function fetchRound(
  chain: BeaconChain,
  n: number,
  options: RelayOptions,
): Promise<Result<BeaconRound, RoundUnavailable>> {
  const due = roundTime(chain, n);
  if (options.now < due) return err({ reason: 'not-yet', relays: [], due });
  const said: string[] = [];
  for (const relay of options.relays) {
    const url = `${relay.replace(/\/+$/, '')}/${chain.hash}/public/${n}`;
    const got = await askRelay(url, options.timeoutMs, options.maxBytes ?? RELAY_DEFAULTS.maxBytes);
    if (typeof got === 'string') {
      said.push(`${relay}: ${got}`);
      continue;
    }
    const round = verifiedRound(chain, got.json, n);
    if (round.ok) return ok(round.value);
    said.push(`${relay}: refused, ${round.error}`);
  }
  return err({ reason: 'unavailable', relays: said, due });
}

/** The JSON a relay answered, or what went wrong in words. */
async function askRelay(
  url: string,
  timeoutMs: number,
  maxBytes: number,
): Promise<{ json: unknown } | string> {
  try {
    // One time-out for the whole answer, body included: a relay trickling bytes is a late relay (B3).
    const signal = AbortSignal.timeout(timeoutMs);
    const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel();
      return res.status === 404 || res.status === 425 ? 'has no such round yet' : `answered ${res.status}`;
    }
    const text = await boundedText(res, maxBytes);
    if (text === null) return `answered more than ${maxBytes} bytes`;
    try {
      return { json: JSON.parse(text) as unknown };
    } catch {
      return 'answered something that is not JSON';
    }
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs} ms`;
    return `could not be reached (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** The answer's body as text, or null once it passes `maxBytes` (read no further: the rest is never held). */
async function boundedText(res: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  const reader = (res.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = (await reader.read()) as { done: boolean; value?: Uint8Array };
    const value = next.value;
    if (next.done || value === undefined) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
