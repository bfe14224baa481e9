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
  /**
   * Manual dice results to queue as part of this command, before it runs (the CLI's --rolls). The values are
   * recorded in an Administrator-only entry, never in the command's own entry. Only an edge that has
   * authenticated the Administrator may set this.
   */
  readonly rolls?: readonly number[];
}
