// 3: "During a player's turn, e can, depending on eir available stats and cards, do any combination of the
// following: move; play or discard cards; initiate combat." Each of these is an action: a command the player
// gives privately, and (move, play, discard) a step of Standing Orders (4), checked the same way.
import { z } from 'zod';
import type { Json } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { Ctx } from './ctx.js';

/** One kind of thing a player may do in eir turn. */
export interface Action<A> {
  readonly verb: string;
  readonly summary: string;
  /** Argument names for the words of a command line or a standing order (the last takes the rest). */
  readonly words: readonly string[];
  readonly args: z.ZodType<A>;
  /** Why the player may not do it now, from what the player knows; null if e may. */
  check(s: TunnelersState, player: string, args: A): string | null;
  /** Does it; whatever the player could not have known is told or asked, never refused. */
  run(ctx: Ctx, player: string, args: A): void;
}

/** Words as an action's arguments, as the command line reads them: one word a name, the last takes the rest. */
export function wordsToArgs(names: readonly string[], words: readonly string[]): Record<string, Json> {
  const args: Record<string, Json> = {};
  names.forEach((n, i) => {
    const rest = i === names.length - 1 ? words.slice(i) : words.slice(i, i + 1);
    if (rest.length > 0) args[n] = rest.join(' ');
  });
  return args;
}

/** A list of words given as one string ("c5 c6") or as a list (["c5", "c6"]). */
export const wordList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).filter((w) => w.length > 0));
