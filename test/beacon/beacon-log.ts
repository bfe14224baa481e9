// A game's log decided by the kernel alone on beacon dice (issue 26), rounds from a test chain: what the
// whole-nweek tests of each ruleset and the campaigns play on. Time is given (each tick's `at`), never read.
import { ADMIN, GENESIS, Kernel, chain } from '../../src/core/index.js';
import type { Command, GameState, KernelEvent, LogEntry, Roll } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import { checkBeaconRoll } from '../../src/core/dice/beacon-draw.js';
import { hexToBytes } from '../../src/core/hash.js';
import type { TestChain } from './test-chain.js';

export const iso = (ms: number): string => new Date(ms).toISOString();

export class BeaconLog {
  entries: LogEntry[] = [];
  state: GameState | undefined;
  constructor(
    readonly chainOf: TestChain,
    readonly master: Uint8Array,
    readonly kernel = new Kernel(defaultRegistry()),
  ) {}
  get head(): string {
    return this.entries[this.entries.length - 1]?.hash ?? GENESIS;
  }
  decide(command: Command) {
    const r = this.kernel.decide(this.state, command, { head: this.head, master: this.master });
    if (r.ok) {
      this.entries.push(...chain(this.head, this.entries.length + 1, r.value.events, r.value.ats));
      this.state = r.value.state;
    }
    return r;
  }
  must(command: Command): void {
    const r = this.decide(command);
    if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
  }
  /** The round the game waits for, from its latest commitment. */
  awaited(): number {
    const c = [...this.entries]
      .reverse()
      .find((e) => e.event.type === 'seed-committed' && 'round' in e.event);
    return (c?.event as unknown as { round: number }).round;
  }
  /** Records the awaited round (or `json` for it), as `referee beacon` would. */
  record(n = this.awaited(), json: BeaconRound = this.chainOf.round(n)) {
    return this.decide({ type: 'beacon', by: ADMIN, args: { round: n, json: { ...json } } });
  }
}

/** A game on beacon dice of the test chain, created at round 1000's instant (it names round 1002). */
export function beaconGame(
  t: TestChain,
  master: Uint8Array,
  ruleset: string,
  extra: Command['args'] = {},
  game = 'bg',
): BeaconLog {
  const log = new BeaconLog(t, master);
  log.must({
    type: 'create',
    by: ADMIN,
    args: {
      game,
      ruleset,
      ndays: 2,
      dice: 'beacon',
      beacon: { ...t.chain },
      at: iso(roundTime(t.chain, 1000)),
      ...extra,
    },
  });
  return log;
}

/**
 * A player's check from public data alone: the revealed seeds, the recorded rounds and the rolls of the log;
 * every roll derived again. Answers how many rolls were checked, and the problems found.
 */
export function publicCheck(
  game: string,
  t: TestChain,
  entries: readonly LogEntry[],
): { checked: number; problems: string[] } {
  const seeds = new Map<string, string>();
  const rounds = new Map<number, BeaconRound>();
  const rolls: Roll[] = [];
  for (const e of entries) {
    const k = e.event as KernelEvent;
    if (k.type === 'seed-revealed') seeds.set(`${k.stream}|${k.epoch}`, k.seed);
    if (k.type === 'beacon-round') rounds.set(k.round, k);
    for (const r of e.event.rolls ?? []) rolls.push(r);
  }
  const problems: string[] = [];
  let checked = 0;
  for (const r of rolls) {
    const p = r.proof;
    if (r.source !== 'beacon' || !p || p.round === undefined || p.chain === undefined) {
      problems.push(`"${r.purpose}" is not a beacon roll`);
      continue;
    }
    const seed = seeds.get(`${p.stream}|${p.epoch}`);
    const round = rounds.get(p.round);
    if (seed === undefined || round === undefined) {
      problems.push(`"${r.purpose}": no seed or no round`);
      continue;
    }
    const wrong = checkBeaconRoll(
      game,
      r,
      { ...p, chain: p.chain, round: p.round },
      hexToBytes(seed),
      t.chain,
      round,
    );
    if (wrong) problems.push(wrong);
    else checked++;
  }
  return { checked, problems };
}
