// Golden logs: seeded games played through the kernel, their whole logs hash-chained, and the last entry's hash
// compared with the one recorded when the test was written. The chain covers every byte of every entry (the
// events, their rolls and salts, the game times), so any change to what the kernel or a ruleset writes, however
// small, changes the head. Work on the hot path (issue 17) must leave every log byte-identical: a head that
// changes here is a change of output, never a speed-up. If a ruling deliberately changes what a game writes,
// the head is recorded anew, with the ruling named in the commit. Recorded anew for K13 (issue 16): every new
// game's creation records the kernel's edition, so every head after it (and the fair dice it seeds) changed;
// the heads were checked equal before and after the verify work's canonical events (issue 17) were merged.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADMIN,
  chain,
  GENESIS,
  Kernel,
  player,
  PORTABLE_HASHES,
  Registry,
  sha256Hex,
  useHashFunctions,
} from '../../src/core/index.js';
import type { Command, GameState, LogEntry } from '../../src/core/index.js';
import { grid200201Ruleset, positionOf } from '../../src/rulesets/grid-2002-01/index.js';
import type { GridState } from '../../src/rulesets/grid-2002-01/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { NATIVE_HASHES } from '../../src/node/native-hash.js';
import { FUZZ_RULESETS, harvest, resolve, scenario } from '../../bench/campaigns/fuzz.js';
import type { Step } from '../../bench/campaigns/fuzz.js';
import { rng } from '../support/rng.js';

const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 29 + 3) & 0xff);

/** A game's log kept in memory: each command decided against the head of the chain so far. */
class Log {
  entries: LogEntry[] = [];
  state: GameState | undefined;
  constructor(
    readonly kernel: Kernel,
    readonly master: Uint8Array | undefined = MASTER,
  ) {}
  get head(): string {
    return this.entries[this.entries.length - 1]?.hash ?? GENESIS;
  }
  decide(command: Command): boolean {
    const r = this.kernel.decide(this.state, command, { head: this.head, master: this.master });
    if (!r.ok) return false;
    this.entries.push(...chain(this.head, this.entries.length + 1, r.value.events, r.value.ats));
    this.state = r.value.state;
    return true;
  }
  must(command: Command): void {
    if (!this.decide(command))
      throw new Error(`${command.type} by ${JSON.stringify(command.by)} was refused`);
  }
}

/**
 * The January Grid, fair dice: `walkers` players walking at random (a step in one of eight directions each
 * nweek, off the Grid turned back), so that they run into Things (points, teleports on the secret stream,
 * salted Administrator-only entries); now and then one leaves the Grid (withdrawing eir move) and enters again,
 * or gives a command the rules refuse; a tick of one nday now and then, else whole nweeks.
 */
function januaryGame(walkers: number, nweeks: number, seed: number): Log {
  const random = rng(seed);
  const names = Array.from({ length: walkers }, (_, i) => `w${i}`);
  const log = new Log(new Kernel(new Registry([grid200201Ruleset])));
  log.must({ type: 'create', by: ADMIN, args: { game: 'golden', ruleset: 'grid-2002-01', ndays: 3 } });
  for (const n of names) log.must({ type: 'join', by: player(n), args: {} });
  names.forEach((n, i) =>
    log.must({ type: 'enter', by: player(n), args: { x: 1 + ((i * 3) % 20), y: 1 + ((i * 7) % 20) } }),
  );
  const grid = () => (log.state as GameState).rules as GridState;
  for (let w = 0; w < nweeks; w++) {
    for (const n of names) {
      const at = positionOf(grid(), n);
      const r = random();
      if (!at) {
        // In Limbo: enter again somewhere (refused if occupied).
        log.decide({
          type: 'enter',
          by: player(n),
          args: { x: 1 + Math.floor(random() * 20), y: 1 + Math.floor(random() * 20) },
        });
        continue;
      }
      const dx = [-1, 0, 1][Math.floor(random() * 3)] as number;
      const dy = dx === 0 ? (random() < 0.5 ? -1 : 1) : ([-1, 0, 1][Math.floor(random() * 3)] as number);
      const x = at[0] + dx < 1 || at[0] + dx > 20 ? at[0] - dx : at[0] + dx;
      const y = at[1] + dy < 1 || at[1] + dy > 20 ? at[1] - dy : at[1] + dy;
      log.decide({ type: 'move', by: player(n), args: { x, y } });
      if (r < 0.03) log.decide({ type: 'leave', by: player(n), args: {} });
      else if (r < 0.06) log.decide({ type: 'move', by: player(n), args: { x: at[0] + 5, y: at[1] } });
    }
    if (random() < 0.2) log.must({ type: 'tick', by: ADMIN, args: {} });
    log.must({ type: 'tick', by: ADMIN, args: { nweek: true } });
  }
  return log;
}

/** The fuzz campaign's scenarios for a ruleset (bench/campaigns/fuzz.ts), sampled from a fixed seed. */
function fuzzedGames(ruleset: string, runs: number, seed: number): string[] {
  const kernel = new Kernel(defaultRegistry());
  const reg = kernel.registry.get(ruleset);
  const modules = reg ? kernel.registry.available(reg).map((m) => m.id) : [];
  const extra = ['ann', 'bob', 'cy', 'dee', 'constructor', ...kernel.registry.ids(), ...modules, 'The Bank'];
  const heads: string[] = [];
  for (const sc of fc.sample(scenario(ruleset, 60), { seed, numRuns: runs })) {
    const log = new Log(kernel, sc.dice === 'fair' ? MASTER : undefined);
    log.must({
      type: 'create',
      by: ADMIN,
      args: { game: 'fz', ruleset: sc.ruleset, dice: sc.dice, ndays: sc.ndays },
      ...(sc.dice === 'manual'
        ? { rolls: Array.from({ length: 120 }, (_, i) => 1 + ((i * 7919) % 20)) }
        : {}),
    });
    for (const name of sc.joined) log.decide({ type: 'join', by: player(name), args: {} });
    for (const s of sc.steps) {
      const state = log.state as GameState;
      log.decide(
        s.kind === 'command'
          ? resolve(kernel, state, s, harvest(kernel.view(state, ADMIN), extra))
          : fixed(s),
      );
    }
    heads.push(log.head);
  }
  return heads;
}

function fixed(s: Exclude<Step, { kind: 'command' }>): Command {
  if (s.kind === 'tick') return { type: 'tick', by: ADMIN, args: s.nweek ? { nweek: true } : {} };
  if (s.kind === 'dice') return { type: 'dice', by: ADMIN, args: { values: [...s.values] } };
  return { type: 'end', by: ADMIN, args: { reason: 'the script ends it' } };
}

afterEach(() => useHashFunctions(PORTABLE_HASHES));

describe('golden logs: seeded games write exactly the logs they wrote when recorded', () => {
  it('the January Grid, 4 walkers for 400 nweeks (fair dice: Things found, teleports, salts)', () => {
    const log = januaryGame(4, 400, 17);
    expect(log.entries.length).toBe(GOLDEN.january4.entries);
    expect(log.head).toBe(GOLDEN.january4.head);
  });

  it('the January Grid, 20 walkers for 120 nweeks', () => {
    const log = januaryGame(20, 120, 2002);
    expect(log.entries.length).toBe(GOLDEN.january20.entries);
    expect(log.head).toBe(GOLDEN.january20.head);
  });

  it('the same logs with the native hashes installed, as every Node entry point runs', () => {
    useHashFunctions(NATIVE_HASHES);
    expect(januaryGame(4, 400, 17).head).toBe(GOLDEN.january4.head);
    expect(januaryGame(20, 120, 2002).head).toBe(GOLDEN.january20.head);
  });

  for (const ruleset of FUZZ_RULESETS) {
    it(`${ruleset}: the fuzz campaign's scenarios from a fixed seed, every log's head`, () => {
      const heads = fuzzedGames(ruleset, 25, 17_2002);
      expect(sha256Hex(heads.join('\n'))).toBe(GOLDEN.fuzz[ruleset]);
    });
  }
});

/** Recorded from the build before issue 17's work on the hot path (fdf4f3f). */
const GOLDEN: {
  january4: { entries: number; head: string };
  january20: { entries: number; head: string };
  fuzz: Record<string, string>;
} = {
  january4: { entries: 9810, head: '937b793e7fc43eb0dd120b84cc0e4ab40cc6779a4cc3b4f8b116cfb8bc3e1ab3' },
  january20: { entries: 8855, head: 'deab504b7263fc6ef2661f6fee3aba1a188b83f3bb337a26067d8b0478e60216' },
  fuzz: {
    'grid-2002-01': '68cc9feefe383affca52c2d70682185d54f821dac94713ed654a8367977a6899',
    'grid-2002-06': 'b6352e58f5a35aec5e6bab0a037b132bf2f7c48f4ab1e9098688ab69c4f8c4de',
    life: '878e67cbc8ccdad9daf6d013482aecc53954d4aa4b869bd259c9a67123a4786f',
    rooms: '8a7d51f2e6a6e988ae19c95af446a3b816110127702eac2256320a7c45cc2487',
    'rooms+quests': '7d4d1429838ac9d9fcef5805b05ced3e809c140967e6281f4cf4ab70a94c32cb',
    tunnelers: '5cd6d09116eb2a1f98b33857127cfc0c19e559c28ac315ba872fcc60d9882b2d',
  },
};
