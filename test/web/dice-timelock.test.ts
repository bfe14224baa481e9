// Issue 26 item 3, the page's part ("Check the dice" checks the timelock), from Node: web/src/dice-check.ts's
// openTimelocks opens each public seed's timelock whose round the viewer's log holds, with verify's own
// openTimelock (the round's signature verified first), and checks the seed that comes out against the
// commitment and against the seed revealed; a seed the referee never revealed then derives its nweek's rolls
// again. A counter game on beacon dice of a test chain of our own; the seeds sealed as the engine seals them
// (decideSealed). A tampered timelock, another seed sealed to the same round, a missing ciphertext and a
// revealed seed other than the one timelocked are each found wrong.
import { describe, expect, it } from 'vitest';
import { ADMIN, GENESIS, Kernel, PUBLIC, Registry, player } from '../../src/core/index.js';
import type { Command, GameState, KernelEvent, LogEntry, LogLine } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { decideLinked } from '../../src/engine/deciding.js';
import type { DecideJob } from '../../src/engine/deciding.js';
import { decideSealed, sealSeed } from '../../src/engine/timelock-seal.js';
import { checkDice, openTimelocks } from '../../web/src/dice-check.js';
import { makeTestChain } from '../beacon/test-chain.js';
import { COUNTER_RULESETS } from '../support/counter-ruleset.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 5 + 1) & 0xff);
const t = makeTestChain(
  'pagetl',
  Uint8Array.from({ length: 48 }, (_, i) => i + 31),
);
const T0 = roundTime(t.chain, 1000);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

class Log {
  entries: LogEntry[] = [];
  state: GameState | undefined;
  readonly kernel = new Kernel(new Registry(COUNTER_RULESETS));
  async must(command: Command): Promise<void> {
    const head = this.entries[this.entries.length - 1]?.hash ?? GENESIS;
    const job: DecideJob = { state: this.state, command, head, seq: this.state?.seq ?? 0, master: MASTER };
    const r = await decideSealed(job, (j) => Promise.resolve(decideLinked(this.kernel, j)));
    if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
    this.entries.push(...r.value.entries);
    this.state = r.value.state;
  }
  commitment(epoch: number) {
    return this.entries
      .map((e) => e.event as KernelEvent)
      .find(
        (e): e is Extract<KernelEvent, { type: 'seed-committed' }> =>
          e.type === 'seed-committed' && e.stream === 'public' && e.epoch === epoch,
      ) as Extract<KernelEvent, { type: 'seed-committed' }>;
  }
  async record(n: number): Promise<void> {
    await this.must({ type: 'beacon', by: ADMIN, args: { round: n, json: { ...t.round(n) } } });
  }
  /** The public viewer's log, as the page gets it. */
  lines(): LogLine[] {
    return this.kernel.logView(this.entries, PUBLIC, this.state);
  }
}

/** A counter game on beacon dice: a public roll in nweek 1 and one in nweek 2 (whose seed is not revealed). */
async function played(): Promise<Log> {
  const log = new Log();
  await log.must({
    type: 'create',
    by: ADMIN,
    args: { game: 'pt', ruleset: 'counter', ndays: 2, dice: 'beacon', beacon: { ...t.chain }, at: iso(T0) },
  });
  await log.record(log.commitment(1).round as number);
  for (const p of ['ann', 'bob']) await log.must({ type: 'join', by: player(p), args: {} });
  await log.must({ type: 'roll', by: player('ann'), args: { dice: '2d6' } });
  await log.must({ type: 'tick', by: ADMIN, args: { nweek: true, at: iso(T0 + 3 * DAY) } });
  await log.record(log.commitment(2).round as number);
  await log.must({ type: 'roll', by: player('bob'), args: { dice: '1d20' } });
  return log;
}

/** The page's check: checkDice, then the timelocks opened, then checkDice with what they opened to. */
async function pageCheck(lines: readonly LogLine[]) {
  const first = checkDice('pt', lines as never);
  const opened = await openTimelocks(first);
  return { first, opened, check: checkDice('pt', lines as never, opened) };
}

/** The log with nweek `epoch`'s public commitment's timelock changed (as a server that lied would send it). */
function withTimelock(lines: LogLine[], epoch: number, change: (text: string) => string | undefined) {
  return lines.map((l) => {
    const e = l.event as unknown as KernelEvent;
    if (e.type !== 'seed-committed' || e.stream !== 'public' || e.epoch !== epoch) return l;
    const text = change(e.timelock as string);
    const { timelock: _, ...rest } = e;
    return {
      ...l,
      event: { ...rest, ...(text === undefined ? {} : { timelock: text }) },
    };
  });
}

const seedRow = (check: ReturnType<typeof checkDice>, epoch: number) =>
  check.seeds.find((s) => s.stream === 'public' && s.epoch === epoch);

describe("B14 on the page: 'Check the dice' opens the seeds' timelocks", () => {
  it('opens nothing before a timelock round is recorded', async () => {
    const log = await played();
    const { opened, check } = await pageCheck(log.lines());
    expect(opened.size).toBe(0);
    expect(seedRow(check, 1)?.opened).toBeUndefined();
    expect(seedRow(check, 1)?.timelock?.roundRecorded).toBe(false);
    // Nweek 2's roll waits for its seed.
    expect(check.rolls.find((r) => r.purpose.includes('1d20'))?.status).toBe('sealed');
  });

  it('opens a revealed seed to its commitment, and an unrevealed one, whose rolls are then derived again', async () => {
    const log = await played();
    const c1 = log.commitment(1);
    const c2 = log.commitment(2);
    await log.record(c1.opens as number);
    if (c2.opens !== c1.opens) await log.record(c2.opens as number);
    const { first, opened, check } = await pageCheck(log.lines());
    expect(opened.get(1)).toMatchObject({ status: 'matches' });
    expect(opened.get(2)).toMatchObject({ status: 'matches' });
    expect(seedRow(check, 1)?.status).toBe('matches');
    expect(seedRow(check, 1)?.opened?.seed).toBe(seedRow(check, 1)?.revealed?.seed);
    // Nweek 2's seed: never revealed (the nweek goes on), opened all the same; its roll derived again.
    expect(seedRow(check, 2)?.status).toBe('sealed');
    expect(seedRow(check, 2)?.revealed).toBeUndefined();
    expect(first.rolls.find((r) => r.purpose.includes('1d20'))?.status).toBe('sealed');
    expect(check.rolls.find((r) => r.purpose.includes('1d20'))?.status).toBe('verified');
    expect(check.counts.wrong).toBe(0);
    expect(check.rolls.filter((r) => r.source === 'beacon').every((r) => r.status === 'verified')).toBe(true);
  });

  it('finds a tampered timelock, another seed sealed to the same round, and a missing one wrong', async () => {
    const log = await played();
    const c1 = log.commitment(1);
    await log.record(c1.opens as number);
    // One character of the armored body changed: it does not open.
    const flipped = withTimelock(log.lines(), 1, (text) => {
      const lines = text.split('\n');
      const at = lines.findIndex((l, i) => i > 0 && l.length > 20);
      const line = lines[at] as string;
      lines[at] = line.slice(0, 10) + (line[10] === 'A' ? 'B' : 'A') + line.slice(11);
      return lines.join('\n');
    });
    const a = await pageCheck(flipped);
    expect(a.opened.get(1)?.status).toBe('wrong');
    expect(a.opened.get(1)?.problem).toMatch(/^the timelock does not open/);
    expect(seedRow(a.check, 1)?.opened?.status).toBe('wrong');
    // Another seed, sealed to the same round of the same chain: it opens, but not to the commitment.
    const other = await sealSeed(t.chain, c1.opens as number, new Uint8Array(32).fill(9));
    const b = await pageCheck(withTimelock(log.lines(), 1, () => other));
    expect(b.opened.get(1)).toEqual({
      status: 'wrong',
      problem: 'the seed opened from its timelock does not match the commitment',
    });
    // No ciphertext at all (a referee who left it out): the seed cannot reveal itself.
    const c = await pageCheck(withTimelock(log.lines(), 1, () => undefined));
    expect(c.opened.get(1)?.problem).toContain('no timelock was published');
  });

  it("finds a revealed seed that is not the timelock's wrong, even when the timelock opens to the commitment", async () => {
    const log = await played();
    const c1 = log.commitment(1);
    await log.record(c1.opens as number);
    // The reveal changed in transit: the seed row is wrong (its SHA-256 is not the commitment), and the
    // timelock, which opens to the commitment, says it is not the seed revealed.
    const lines = log.lines().map((l) => {
      const e = l.event as unknown as KernelEvent;
      return e.type === 'seed-revealed' && e.stream === 'public' && e.epoch === 1
        ? { ...l, event: { ...e, seed: 'ab'.repeat(32) } }
        : l;
    });
    const { opened, check } = await pageCheck(lines);
    expect(seedRow(check, 1)?.status).toBe('wrong');
    expect(opened.get(1)?.problem).toBe('the seed opened from its timelock is not the seed revealed');
  });
});
