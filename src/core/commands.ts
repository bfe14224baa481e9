import type { Json } from './json.js';
import type { Actor } from './viewer.js';

/**
 * An announcement, an Administrator's order, or a clock tick, as it arrives from any edge (CLI, HTTP,
 * forum text). `id` is the client's idempotency key: the same id twice appends nothing the second time.
 */
export interface Command {
  readonly type: string;
  readonly by: Actor;
  readonly args: { readonly [key: string]: Json };
  readonly id?: string;
}
