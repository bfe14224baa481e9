// Issue 26 item 1 in the kernel: a game on beacon dice commits each nweek's seed naming a round not yet
// published, waits for that round (refusing what would roll) until a verified round is recorded, anchors
// every roll of the nweek to it, and verifies offline, round signatures included.
import { describe, expect, it } from 'vitest';
import { ADMIN, GENESIS, chain, diceTotal, parseDice, player, verifyLog } from '../../src/core/index.js';
import type { Command, GameState, LogEntry, KernelEvent, Roll } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { checkBeaconRoll } from '../../src/core/dice/beacon-draw.js';
import { hexToBytes } from '../../src/core/hash.js';
import { makeTestChain } from './test-chain.js';
import { BeaconLog } from './beacon-log.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + 5) & 0xff);
const t = makeTestChain(
  'kerneltest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 7),
);
const iso = (ms: number) => new Date(ms).toISOString();

/** The shared kernel-level beacon log (beacon-log.ts) with this file's chain and master; a round must record. */
class Log extends BeaconLog {
  constructor() {
    super(t, MASTER);
  }
  override record(n = this.awaited()): ReturnType<BeaconLog['record']> {
    const r = super.record(n);
    if (!r.ok) throw new Error(`beacon: ${r.error.code}: ${r.error.message}`);
    return r;
  }
}

/** Creation time: 1000 rounds after the test chain's genesis. */
const T0 = roundTime(t.chain, 1000);

function created(ruleset = 'grid-2002-01'): Log {
  const log = new Log();
  log.must({
    type: 'create',
    by: ADMIN,
    args: { game: 'bg', ruleset, ndays: 2, dice: 'beacon', beacon: { ...t.chain }, at: iso(T0) },
  });
  return log;
}

describe('beacon dice in the kernel', () => {
  it('names a round after the commitment and waits for it before the setup', () => {
    const log = created();
    expect(log.awaited()).toBe(1002);
    expect(log.entries.some((e) => e.event.type === 'nweek-started')).toBe(false);
    const view = log.kernel.view(log.state as GameState, { role: 'public' });
    expect(view.beacon).toEqual({
      chain: 'kerneltest',
      round: 1002,
      waiting: true,
      due: iso(roundTime(t.chain, 1002)),
    });
    const join = log.decide({ type: 'join', by: player('ann'), args: {} });
    expect(join.ok).toBe(false);
    if (!join.ok) {
      expect(join.error.code).toBe('beacon-needed');
      expect(join.error.message).toContain('round 1002');
    }
    log.record();
    expect(log.entries.some((e) => e.event.type === 'nweek-started')).toBe(true);
    expect(log.decide({ type: 'join', by: player('ann'), args: {} }).ok).toBe(true);
  });

  it('refuses a round relabelled, another round, one from another chain, and a second record', () => {
    const log = created();
    const other = makeTestChain(
      'kerneltest',
      Uint8Array.from({ length: 48 }, (_, i) => i + 99),
    );
    const tries: [Command['args'], string][] = [
      [{ round: 1002, json: { ...t.round(1003), round: 1002 } }, 'bad-beacon-round'],
      [{ round: 1003, json: { ...t.round(1003) } }, 'bad-arguments'],
      [{ round: 1002, json: { ...other.round(1002) } }, 'bad-beacon-round'],
      [{ round: 1002, json: { ...t.round(1002), randomness: 'ab'.repeat(32) } }, 'bad-beacon-round'],
    ];
    for (const [args, code] of tries) {
      const r = log.decide({ type: 'beacon', by: ADMIN, args });
      expect(r.ok ? 'accepted' : r.error.code).toBe(code);
    }
    const before = log.entries.length;
    log.record();
    expect(log.entries.length).toBeGreaterThan(before);
    const again = log.decide({
      type: 'beacon',
      by: ADMIN,
      args: { round: 1002, json: { ...t.round(1002) } },
    });
    expect(again.ok ? 'accepted' : again.error.code).toBe('not-allowed');
  });

  it('a tick needs its instant; an nweek end names the next round from it and waits', () => {
    const log = created();
    log.record();
    const noInstant = log.decide({ type: 'tick', by: ADMIN, args: { nweek: true } });
    expect(noInstant.ok ? 'accepted' : noInstant.error.code).toBe('bad-arguments');
    const end = T0 + 3_600_000;
    log.must({ type: 'tick', by: ADMIN, args: { nweek: true, at: iso(end) } });
    const state = log.state as GameState;
    expect(state.clock.nweek).toBe(1);
    expect(log.awaited()).toBe(1002 + 1200);
    expect(log.decide({ type: 'tick', by: ADMIN, args: { at: iso(end) } }).ok).toBe(false);
    log.record();
    expect((log.state as GameState).clock).toMatchObject({ nweek: 2, nday: 1 });
  });

  /** The log with one event changed and the chain linked anew, as a forger with the whole file would. */
  function forged(log: Log, change: (e: KernelEvent) => KernelEvent | undefined): LogEntry[] {
    const events = log.entries.map((e) => change(e.event as KernelEvent) ?? e.event);
    return chain(
      GENESIS,
      1,
      events as LogEntry['event'][],
      log.entries.map((e) => e.at),
    );
  }

  it('verify refuses a recorded round altered, a commitment naming a round already out, an anchored draw changed', () => {
    const log = created();
    log.record();
    for (const n of ['ann', 'bob']) log.must({ type: 'join', by: player(n), args: {} });
    log.must({ type: 'tick', by: ADMIN, args: { nweek: true, at: iso(T0 + 100_000) } });
    log.record();
    log.must({ type: 'end', by: ADMIN, args: { reason: 'done' } });
    expect(verifyLog(log.kernel, log.entries, MASTER).ok).toBe(true);
    const altered = forged(log, (e) =>
      e.type === 'beacon-round' && e.round === 1002 ? { ...e, randomness: 'cd'.repeat(32) } : undefined,
    );
    const a = verifyLog(log.kernel, altered, MASTER);
    expect(a.ok).toBe(false);
    expect(a.problems.join('\n')).toContain('randomness is not the hash of its signature');
    const late = forged(log, (e) =>
      e.type === 'seed-committed' && e.round === 1002 ? { ...e, round: 990 } : undefined,
    );
    const l = verifyLog(log.kernel, late, MASTER);
    expect(l.ok).toBe(false);
    expect(l.problems.join('\n')).toContain('was published before the seed was committed');
    // A draw changed (and its result with it): derived again from the revealed seed and its round, it differs.
    let changed = 0;
    const drawn = forged(log, (e) => {
      const r = (e as { rolls?: Roll[] }).rolls?.[0];
      if (changed > 0 || !r || r.kind !== 'dice' || (r.sides[0] as number) < 2) return undefined;
      changed++;
      const draws = [((r.draws[0] as number) % (r.sides[0] as number)) + 1, ...r.draws.slice(1)];
      const result = diceTotal(parseDice(r.expr), draws);
      return {
        ...e,
        rolls: [{ ...r, draws, result }, ...(e as unknown as { rolls: Roll[] }).rolls.slice(1)],
      } as unknown as KernelEvent;
    });
    expect(changed).toBe(1);
    const d = verifyLog(log.kernel, drawn, MASTER);
    expect(d.problems.join('\n')).toMatch(/the seed and round \d+ give/);
  });

  for (const ruleset of ['grid-2002-01', 'tunnelers']) {
    it(`${ruleset}: whole nweeks on beacon dice verify offline, and each revealed roll re-derives from the round`, () => {
      const log = created(ruleset);
      log.record();
      for (const n of ['ann', 'bob', 'cy']) {
        log.must({ type: 'join', by: player(n), args: {} });
        if (ruleset !== 'tunnelers') continue;
        // Tunnelers (T-22, T-25): a member, given four points, pays to play.
        log.must({ type: 'approve', by: ADMIN, args: { player: n } });
        log.must({ type: 'points', by: ADMIN, args: { to: n, amount: 4, reason: 'main game' } });
        log.must({ type: 'pay-to-play', by: player(n), args: {} });
      }
      // Tunnelers: the start shuffles the player list (public) and the deck and places moles (secret).
      if (ruleset === 'tunnelers') log.must({ type: 'start', by: ADMIN, args: {} });
      let now = T0 + 60_000;
      for (let w = 0; w < 3; w++) {
        now += 86_400_000;
        log.must({ type: 'tick', by: ADMIN, args: { at: iso(now) } });
        now += 86_400_000;
        log.must({ type: 'tick', by: ADMIN, args: { at: iso(now) } });
        log.record();
      }
      log.must({ type: 'end', by: ADMIN, args: { reason: 'done' } });
      const report = verifyLog(log.kernel, log.entries, MASTER);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      // A player's check from public data alone: the revealed seeds, the recorded rounds, the rolls.
      const seeds = new Map<string, string>();
      const rounds = new Map<number, { round: number; randomness: string; signature: string }>();
      const rolls = [];
      for (const e of log.entries) {
        const k = e.event as KernelEvent;
        if (k.type === 'seed-revealed') seeds.set(`${k.stream}|${k.epoch}`, k.seed);
        if (k.type === 'beacon-round') rounds.set(k.round, k);
        for (const r of e.event.rolls ?? []) rolls.push(r);
      }
      expect(rounds.size).toBe(4);
      expect(rolls.length).toBeGreaterThan(0);
      expect(rolls.some((r) => r.secret)).toBe(true);
      for (const r of rolls) {
        expect(r.source).toBe('beacon');
        const p = r.proof;
        if (!p || p.round === undefined || p.chain === undefined)
          throw new Error('a beacon roll with no proof');
        const seed = hexToBytes(seeds.get(`${p.stream}|${p.epoch}`) as string);
        const round = rounds.get(p.round);
        if (!round) throw new Error(`round ${p.round} not recorded`);
        const proof = { ...p, chain: p.chain, round: p.round };
        expect(checkBeaconRoll('bg', r, proof, seed, t.chain, round)).toBeNull();
      }
    });
  }
});
