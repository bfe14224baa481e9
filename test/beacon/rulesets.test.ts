// Issue 26, "Done means": a game on beacon dice of each ruleset played through whole nweeks (rounds from the
// tests' own chain, real BLS), replayed and verified offline (the kernel's verifyLog re-decides every command,
// so verifies every recorded round again), and every roll re-derived by a player's check from public data
// alone (the revealed seeds, the recorded rounds). Where a ruleset rolls: the Grids' setups and Things, the
// Tunnelers' shuffles and moles, Life's Initialize, a Quest's Random Selections and d20.
import { describe, expect, it } from 'vitest';
import { ADMIN, player, verifyLog } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { TINY } from '../support/harness/quests.js';
import type { BeaconLog } from './beacon-log.js';
import { beaconGame, iso, publicCheck } from './beacon-log.js';
import { makeTestChain } from './test-chain.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 1) & 0xff);
const t = makeTestChain(
  'rulesettest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 11),
);

const act = (log: BeaconLog, who: string, type: string, args: Record<string, Json> = {}) =>
  log.decide({ type, by: player(who), args });
const admin = (log: BeaconLog, type: string, args: Record<string, Json> = {}) =>
  log.must({ type, by: ADMIN, args });

interface Play {
  readonly players: readonly string[];
  readonly create?: Command['args'];
  /** After the joins, once nweek 1's round is recorded. */
  readonly start?: (log: BeaconLog) => void;
  /** In nweek `w` (from 1), after its round is recorded. */
  readonly nweek?: (log: BeaconLog, w: number) => void;
}

/** A Quest made step by step by whichever player the rules let (the active one); its rooms and d20 random. */
function quest(log: BeaconLog, colour: string): void {
  for (const who of ['alice', 'bob']) {
    if (!act(log, who, 'create-quest', {}).ok) continue;
    for (const step of ['quest-colour', 'quest-home', 'quest-locate', 'quest-goal', 'quest-roll']) {
      const r = act(log, who, step, step === 'quest-colour' ? { colour } : {});
      if (!r.ok) throw new Error(`${step}: ${r.error.message}`);
    }
    return;
  }
  throw new Error('no player could create a Quest');
}

const PLAYS: Record<string, Play> = {
  'grid-2002-01': { players: ['ann', 'bob', 'cy'] },
  'grid-2002-06': {
    players: ['ann', 'bob', 'cy'],
    // F.2, F.3 "If at any time there is no Big Stick [Shield]": placed at random once the round is in (B12).
    start: (log) =>
      expect(log.entries.filter((e) => e.event.type === 'placed-at-random').length).toBeGreaterThanOrEqual(2),
  },
  tunnelers: {
    players: ['ann', 'bob', 'cy'],
    start(log) {
      for (const n of ['ann', 'bob', 'cy']) {
        admin(log, 'approve', { player: n });
        admin(log, 'points', { to: n, amount: 4, reason: 'main game' });
        expect(act(log, n, 'pay-to-play').ok).toBe(true);
      }
      // The start shuffles the player list (public) and the deck and places moles (secret).
      admin(log, 'start');
    },
  },
  life: {
    players: ['ann', 'bob'],
    // Initialize: every Cell's Color, each Team and the Advantage at random.
    start: (log) => admin(log, 'initialize'),
    nweek(log, w) {
      for (const [i, n] of ['ann', 'bob'].entries()) act(log, n, 'tweak', { x: 1 + i, y: w });
    },
  },
  'rooms+quests': {
    players: ['alice', 'bob'],
    create: { config: TINY as unknown as Json },
    nweek: (log, w) => quest(log, ['red', 'blue', 'green'][w - 1] as string),
  },
};

describe('whole nweeks of each ruleset on beacon dice, verified offline (issue 26)', () => {
  for (const [ruleset, play] of Object.entries(PLAYS)) {
    it(`${ruleset}: three nweeks on rounds of a test chain; verify passes; every roll re-derives from public data`, () => {
      const log = beaconGame(t, MASTER, ruleset, play.create ?? {});
      expect(log.record().ok).toBe(true);
      for (const n of play.players) expect(act(log, n, 'join').ok).toBe(true);
      play.start?.(log);
      play.nweek?.(log, 1);
      let now = roundTime(t.chain, 1000) + 60_000;
      for (let w = 2; w <= 3; w++) {
        for (const nweek of [false, true]) {
          now += 86_400_000;
          admin(log, 'tick', { at: iso(now), ...(nweek ? { nweek: true } : {}) });
        }
        expect(log.state?.dice.beacon?.randomness).toBeNull();
        expect(log.record().ok).toBe(true);
        expect(log.state?.clock.nweek).toBe(w);
        play.nweek?.(log, w);
      }
      admin(log, 'end', { reason: 'done' });
      const report = verifyLog(log.kernel, log.entries, MASTER);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      const rounds = log.entries.filter((e) => e.event.type === 'beacon-round');
      expect(rounds).toHaveLength(3);
      const rolls = log.entries.flatMap((e) => e.event.rolls ?? []);
      expect(rolls.length).toBeGreaterThan(0);
      const check = publicCheck('bg', t, log.entries);
      expect(check.problems).toEqual([]);
      expect(check.checked).toBe(rolls.length);
    });
  }
});
