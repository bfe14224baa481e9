// Issue 26 item 3 with real cryptography (rulings B13-B15): a beacon nweek's seed is sealed by the engine in a
// tlock ciphertext to the round at the nweek's end, recorded beside its commitment; once that round is
// recorded, verified, the timelock opens to the committed seed, whether or not the referee revealed it. A
// tampered ciphertext, one to the wrong round, a later round and a missing round each have their test.
import { describe, expect, it } from 'vitest';
import { timelockDecrypt } from 'tlock-js';
import { ADMIN, GENESIS, Kernel, player, verifyLog } from '../../src/core/index.js';
import type { Command, GameEvent, GameState, KernelEvent, LogEntry } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { QUICKNET, roundTime } from '../../src/core/dice/beacon-chains.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import { readFileSync } from 'node:fs';
import { chainClientOf, openTimelock, timelockRecipient } from '../../src/core/dice/timelock.js';
import { nweekEndFor, timelockOpens } from '../../src/core/beacon-timelock.js';
import { checkPublicDice, checkTimelocks } from '../../src/core/timelock-verify.js';
import { decideLinked } from '../../src/engine/deciding.js';
import type { DecideJob } from '../../src/engine/deciding.js';
import { decideSealed, sealSeed } from '../../src/engine/timelock-seal.js';
import { sha256Hex } from '../../src/core/hash.js';
import { makeTestChain } from './test-chain.js';
import { checkDice } from '../../web/src/dice-check.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 3) & 0xff);
const t = makeTestChain(
  'tltest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 21),
);
const iso = (ms: number) => new Date(ms).toISOString();
const T0 = roundTime(t.chain, 1000);
const DAY = 86_400_000;

class Log {
  entries: LogEntry[] = [];
  state: GameState | undefined;
  readonly kernel = new Kernel(defaultRegistry());
  get head(): string {
    return this.entries[this.entries.length - 1]?.hash ?? GENESIS;
  }
  /** Decided as the engine decides (decideSealed): a commitment's seed is sealed in its timelock. */
  async must(command: Command, seal = true): Promise<void> {
    const job: DecideJob = {
      state: this.state,
      command,
      head: this.head,
      seq: this.state?.seq ?? 0,
      ...(seal ? { master: MASTER } : {}),
    };
    const decide = (j: DecideJob) => Promise.resolve(decideLinked(this.kernel, { ...j, master: MASTER }));
    const r = await decideSealed(job, decide);
    if (!r.ok) throw new Error(`${command.type}: ${r.error.code}: ${r.error.message}`);
    this.entries.push(...r.value.entries);
    this.state = r.value.state;
  }
  events(): GameEvent[] {
    return this.entries.map((e) => e.event);
  }
  commitment(epoch: number) {
    return (this.events() as KernelEvent[]).find(
      (e): e is Extract<KernelEvent, { type: 'seed-committed' }> =>
        e.type === 'seed-committed' && e.stream === 'public' && e.epoch === epoch,
    ) as Extract<KernelEvent, { type: 'seed-committed' }>;
  }
  async record(n: number): Promise<void> {
    await this.must({ type: 'beacon', by: ADMIN, args: { round: n, json: { ...t.round(n) } } });
  }
}

const create = (extra: Command['args'] = {}): Command => ({
  type: 'create',
  by: ADMIN,
  args: {
    game: 'tl',
    ruleset: 'grid-2002-01',
    ndays: 2,
    dice: 'beacon',
    beacon: { ...t.chain },
    at: iso(T0),
    ...extra,
  },
});

/** A game through nweek 1 and into nweek 2: its anchors recorded, nweek 1's timelock round not yet. */
async function played(ruleset = 'grid-2002-01'): Promise<Log> {
  const log = new Log();
  await log.must(create({ ruleset }));
  await log.record(log.commitment(1).round as number);
  for (const p of ['ann', 'bob', 'cy']) {
    await log.must({ type: 'join', by: player(p), args: {} });
    if (ruleset !== 'tunnelers') continue;
    // Tunnelers (T-22, T-25): a member, given four points, pays to play.
    await log.must({ type: 'approve', by: ADMIN, args: { player: p } });
    await log.must({ type: 'points', by: ADMIN, args: { to: p, amount: 4, reason: 'main game' } });
    await log.must({ type: 'pay-to-play', by: player(p), args: {} });
  }
  // Tunnelers: the start shuffles the player list (public) and the deck and places moles (secret).
  if (ruleset === 'tunnelers') await log.must({ type: 'start', by: ADMIN, args: {} });
  await log.must({ type: 'tick', by: ADMIN, args: { nweek: true, at: iso(T0 + 2 * DAY) } });
  await log.record(log.commitment(2).round as number);
  return log;
}

describe('a seed that reveals itself (B13-B15)', () => {
  it("B13: tlock-js seals a seed to a round of the test chain; that round opens it, tlock-js's own decrypt too", async () => {
    const seed = Uint8Array.from({ length: 32 }, (_, i) => i);
    const sealed = await sealSeed(t.chain, 1234, seed);
    expect(await timelockRecipient(sealed)).toEqual({
      ok: true,
      value: { round: 1234, chainHash: t.chain.hash },
    });
    const opened = await openTimelock(t.chain, sealed, t.round(1234));
    expect(opened.ok && [...opened.value]).toEqual([...seed]);
    // What a player runs with tlock-js itself, given the round from any relay.
    const theirs = await timelockDecrypt(sealed, chainClientOf(t.chain, [t.round(1234)]));
    expect([...theirs]).toEqual([...seed]);
  });

  it('B13: a seed sealed to a real quicknet round opens with that round as drand published it (recorded, offline)', async () => {
    const recorded = JSON.parse(readFileSync(new URL('./drand-rounds.json', import.meta.url), 'utf8')) as {
      quicknet: BeaconRound[];
    };
    const q = recorded.quicknet[0] as BeaconRound;
    const seed = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    const sealed = await sealSeed(QUICKNET, q.round, seed);
    const opened = await openTimelock(QUICKNET, sealed, q);
    expect(opened.ok && [...opened.value]).toEqual([...seed]);
    // The test chain's round of the same number is no key for it (another chain).
    expect((await openTimelock(t.chain, sealed, t.round(q.round))).ok).toBe(false);
  });

  it("B13: the nweek's end is its schedule's when one runs, else one day an nday from the commitment", () => {
    const at = Date.parse('2026-11-27T10:00:00Z');
    const fired = '2026-11-27T09:59:00.000Z';
    const base = { clock: { nweek: 1, nday: 2, ndays: 2 } };
    const schedule = {
      policy: 'catch-up',
      warnings: [],
      since: '2026-11-26T00:00:00.000Z',
      extension: null,
      fired,
    };
    const rhythm = { ...schedule, rhythm: { kind: 'rhythm', every: 60 }, paused: null };
    const calendar = {
      ...schedule,
      rhythm: { kind: 'calendar', zone: 'Europe/London', time: '23:59', weekday: 7 },
      paused: null,
    };
    const state = (s: object | null) => ({ ...base, schedule: s }) as unknown as GameState;
    expect(nweekEndFor(state(null), at)).toBe(at + 2 * DAY);
    expect(nweekEndFor(state({ ...rhythm, paused: { at: fired, reason: 'x' } }), at)).toBe(at + 2 * DAY);
    expect(nweekEndFor(state(rhythm), at)).toBe(at + 120_000);
    // Friday 27 November 2026: the nweek ends on Sunday 29 November at 23:59 London (GMT).
    expect(new Date(nweekEndFor(state(calendar), at)).toISOString()).toBe('2026-11-29T23:59:00.000Z');
  });

  it("B13: the commitment carries the timelock to the round at the nweek's end; the kernel refuses one to another round", async () => {
    const log = new Log();
    await log.must(create());
    const c = log.commitment(1);
    // No schedule: one day an nday, from the creation (2 ndays).
    expect(c.opens).toBe(timelockOpens(log.state as GameState, t.chain, c.round as number, T0));
    expect(roundTime(t.chain, c.opens as number)).toBeGreaterThanOrEqual(T0 + 2 * DAY);
    expect(roundTime(t.chain, (c.opens as number) - 1)).toBeLessThan(T0 + 2 * DAY);
    expect(await timelockRecipient(c.timelock as string)).toEqual({
      ok: true,
      value: { round: c.opens, chainHash: t.chain.hash },
    });
    // A ciphertext to the wrong round (one that would open before the nweek ends) is refused.
    const early = await sealSeed(t.chain, (c.opens as number) - 100, new Uint8Array(32));
    const fresh = new Log();
    const r = decideLinked(fresh.kernel, {
      state: undefined,
      command: create({ timelock: early }),
      head: GENESIS,
      seq: 0,
      master: MASTER,
    });
    expect(r.ok ? 'accepted' : r.error.code).toBe('bad-arguments');
    if (!r.ok) expect(r.error.message).toContain(`opens at round ${c.opens}`);
    // One to another chain too.
    const other = makeTestChain(
      'tltest',
      Uint8Array.from({ length: 48 }, (_, i) => i + 77),
    );
    const foreign = await sealSeed(other.chain, c.opens as number, new Uint8Array(32));
    const f = decideLinked(fresh.kernel, {
      state: undefined,
      command: create({ timelock: foreign }),
      head: GENESIS,
      seq: 0,
      master: MASTER,
    });
    expect(f.ok ? 'accepted' : f.error.code).toBe('bad-arguments');
    // One in another shape than the engine seals (the same age file without its armor): refused from its
    // header alone, which the kernel reads without tlock-js.
    const armored = (c.timelock as string).split('\n').filter((l) => !l.startsWith('-----'));
    const bare = atob(armored.join(''));
    expect(bare.startsWith('age-encryption.org/v1\n-> tlock ')).toBe(true);
    const crlf = decideLinked(fresh.kernel, {
      state: undefined,
      command: create({ timelock: bare }),
      head: GENESIS,
      seq: 0,
      master: MASTER,
    });
    expect(crlf.ok ? 'accepted' : crlf.error.code).toBe('bad-arguments');
    if (!crlf.ok) expect(crlf.error.message).toContain('armored age ciphertext');
  });

  it('B14: once its round is recorded the timelock opens to the committed and revealed seed; a replay gives the same log', async () => {
    const log = await played('tunnelers');
    const c1 = log.commitment(1);
    const missing = await checkTimelocks(log.events());
    // A missing round: the timelocks are sealed, not wrong.
    expect(missing.problems).toEqual([]);
    expect(missing.sealed.map((s) => s.nweek)).toEqual([1, 2]);
    await log.record(c1.opens as number);
    const report = await checkTimelocks(log.events());
    expect(report.problems).toEqual([]);
    expect(report.opened).toBe(1);
    expect(sha256Hex(Buffer.from(report.seeds.get(1) as string, 'hex'))).toBe(c1.commitment);
    // The re-decided log is the log: the ciphertexts are read from the commands, never made again.
    expect(verifyLog(log.kernel, log.entries, MASTER).problems).toEqual([]);
    // The public check: nweek 1's public rolls derived again; the secret ones are not in a public export.
    const pub = () => log.entries.filter((e) => e.event.vis === 'public').map((e) => e.event);
    const before = await checkPublicDice(pub());
    expect(before.problems).toEqual([]);
    expect(before.rederived).toBeGreaterThan(0);
  });

  it('B14: a seed the referee never revealed is opened by its timelock, and its rolls derived again', async () => {
    const log = await played();
    const c2 = log.commitment(2);
    await log.record(c2.opens as number);
    const pub = log.entries.filter((e) => e.event.vis === 'public').map((e) => e.event);
    // Nweek 2's seed is not revealed (the nweek has not ended): its timelock opens it all the same.
    expect(
      pub.some((e) => e.type === 'seed-revealed' && (e as unknown as { epoch: number }).epoch === 2),
    ).toBe(false);
    const check = await checkPublicDice(pub);
    expect(check.problems).toEqual([]);
    expect(check.opened).toBe(1);
    expect(check.unrevealed).toBe(0);
  });

  it('a tampered ciphertext, a later round, and a commitment without a timelock are found', async () => {
    const log = await played();
    const c1 = log.commitment(1);
    await log.record(c1.opens as number);
    // Tampered: one character of the armored body changed.
    const text = c1.timelock as string;
    const lines = text.split('\n');
    const at = lines.findIndex((l, i) => i > 0 && l.length > 20);
    const line = lines[at] as string;
    lines[at] = line.slice(0, 10) + (line[10] === 'A' ? 'B' : 'A') + line.slice(11);
    const tampered = log.events().map((e) => (e === c1 ? { ...c1, timelock: lines.join('\n') } : e));
    const bad = await checkTimelocks(tampered);
    expect(bad.opened).toBe(0);
    expect(bad.problems.join()).toContain("nweek 1's timelock");
    // A later round does not open it.
    const late = await openTimelock(t.chain, text, t.round((c1.opens as number) + 1));
    expect(late.ok ? 'opened' : late.error).toContain(`opens at round ${c1.opens}`);
    // The kernel refuses to record a round nothing named (neither an anchor nor a timelock's).
    const r = decideLinked(log.kernel, {
      state: log.state,
      command: {
        type: 'beacon',
        by: ADMIN,
        args: { round: (c1.opens as number) + 1, json: { ...t.round((c1.opens as number) + 1) } },
      },
      head: log.head,
      seq: log.state?.seq ?? 0,
      master: MASTER,
    });
    expect(r.ok ? 'accepted' : r.error.code).toBe('not-allowed');
    // A commitment with no ciphertext (a referee who left it out) cannot reveal itself: a problem.
    const bare = log.events().map((e) => (e === c1 ? { ...c1, timelock: undefined } : e));
    expect((await checkTimelocks(bare)).problems.join()).toContain('has no timelock');
  });

  it("the page's check: beacon rolls derived again in the browser from their seed and verified round; each seed's timelock state", async () => {
    const log = await played('tunnelers');
    await log.record(log.commitment(1).opens as number);
    const lines = log.entries
      .filter((e) => e.event.vis === 'public')
      .map((e) => ({ seq: e.seq, nweek: e.at.nweek, nday: e.at.nday, event: e.event }));
    const check = checkDice('tl', lines as never);
    const week1 = check.rolls.filter((r) => r.source === 'beacon' && r.epoch === 1);
    expect(week1.length).toBeGreaterThan(0);
    expect(week1.every((r) => r.status === 'verified')).toBe(true);
    const seeds = (epoch: number) => check.seeds.find((x) => x.stream === 'public' && x.epoch === epoch);
    expect(seeds(1)?.timelock).toEqual({ opens: log.commitment(1).opens, roundRecorded: true });
    expect(seeds(2)?.timelock).toEqual({ opens: log.commitment(2).opens, roundRecorded: false });
    // A draw changed in transit is found wrong.
    const first = lines.find((l) =>
      l.event.rolls?.some((r) => r.source === 'beacon' && r.proof?.epoch === 1),
    );
    const changed = lines.map((l) =>
      l === first
        ? {
            ...l,
            event: {
              ...l.event,
              rolls: l.event.rolls?.map((r, i) =>
                i === 0 ? { ...r, draws: r.draws.map((d) => (d === 1 ? 2 : 1)) } : r,
              ),
            },
          }
        : l,
    );
    expect(checkDice('tl', changed as never).counts.wrong).toBeGreaterThan(0);
  });
});
