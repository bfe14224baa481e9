import type { Visibility } from './visibility.js';

/**
 * Points as a double-entry ledger: every change is a transfer between two accounts with a reason, so the
 * balances always sum to zero and no point is created from nothing. Players' accounts are their names (which
 * never contain a space); funds have names with spaces.
 */
export type Balances = Readonly<Record<string, number>>;

/** Where points a rule awards come from and points a rule takes go: the nomic's own score-keeping. */
export const BANK = 'The Bank';

/** An account's balance; own properties only, so a player named "constructor" starts at 0 like anyone. */
export const balanceOf = (balances: Balances, account: string): number =>
  (Object.hasOwn(balances, account) ? balances[account] : undefined) ?? 0;

export function applyTransfer(balances: Balances, from: string, to: string, amount: number): Balances {
  // A transfer to the same account moves nothing (written naively, the second key would win and mint points).
  if (from === to) return balances;
  return { ...balances, [from]: balanceOf(balances, from) - amount, [to]: balanceOf(balances, to) + amount };
}

export const ledgerTotal = (balances: Balances): number => Object.values(balances).reduce((a, b) => a + b, 0);

/**
 * A transfer as the ledger remembers it, so that a mistaken one can be corrected by a reversing entry (ruling
 * K12). `seq` is the entry's place in the log (the Administrator's numbering); `corrected` is set once a
 * correction has reversed it.
 */
export interface Posting {
  readonly seq: number;
  readonly nweek: number;
  readonly nday: number;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly reason: string;
  readonly vis: Visibility;
  readonly corrected?: true;
}

/**
 * What a correction says of the transfer it reverses: when it was made and why. The reversed transfer's
 * accounts and amount are the correction's own, swapped; its number is left out, because a viewer's numbering
 * differs from the log's and a number would count hidden entries (issue 13).
 */
export interface Corrects {
  readonly nweek: number;
  readonly nday: number;
  readonly reason: string;
}

const sameVis = (a: Visibility, b: Visibility): boolean =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a.players.length === b.players.length &&
    a.players.every((p, i) => b.players[i] === p));

/** Whether `p` is the transfer a correction from `from` to `to` of `amount` with `vis` reverses. */
export const reverses = (
  p: Posting,
  c: { from: string; to: string; amount: number; vis: Visibility; corrects: Corrects },
): boolean =>
  p.corrected !== true &&
  p.from === c.to &&
  p.to === c.from &&
  p.amount === c.amount &&
  p.reason === c.corrects.reason &&
  p.nweek === c.corrects.nweek &&
  p.nday === c.corrects.nday &&
  sameVis(p.vis, c.vis);

/**
 * The journal after one more transfer. A correction marks the first transfer not yet corrected that it
 * reverses (two transfers alike in every word are interchangeable), and is itself a transfer a later
 * correction may reverse. Copied on each transfer: transfers are a small part of any log.
 */
export function post(
  journal: readonly Posting[],
  p: Posting,
  corrects: Corrects | undefined,
): readonly Posting[] {
  let next = journal;
  if (corrects) {
    const i = journal.findIndex((q) => reverses(q, { ...p, corrects }));
    if (i >= 0) {
      const copy = journal.slice();
      copy[i] = { ...(journal[i] as Posting), corrected: true };
      next = copy;
    }
  }
  return [...next, p];
}
