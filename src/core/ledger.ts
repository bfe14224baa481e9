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
