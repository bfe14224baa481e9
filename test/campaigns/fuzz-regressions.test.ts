// Bugs the fuzz campaign found, each pinned by the scenario it found it with (replayed through the same
// checks) and by a direct statement of what was wrong.
import { describe, expect, it } from 'vitest';
import { ADMIN, chain, GENESIS, Kernel, player } from '../../src/core/index.js';
import type { Command, GameState, LogEntry } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { fingerprint, newTally, runKernelScenario } from '../../bench/campaigns/fuzz.js';
import type { Scenario } from '../../bench/campaigns/fuzz.js';

const kernel = new Kernel(defaultRegistry());
const MASTER = new Uint8Array(32).fill(3);

/** A game in memory: accepted commands are chained onto its log. */
function game(ruleset: string) {
  let state: GameState | undefined;
  const entries: LogEntry[] = [];
  const decide = (c: Command) => {
    const head = entries[entries.length - 1]?.hash ?? GENESIS;
    const r = kernel.decide(state, c, { head, master: MASTER });
    if (r.ok) {
      entries.push(...chain(head, entries.length + 1, r.value.events, r.value.ats));
      state = r.value.state;
    }
    return r;
  };
  decide({ type: 'create', by: ADMIN, args: { game: 'g', ruleset } });
  return { decide, state: () => state as GameState };
}

describe('fuzz regressions', () => {
  it('grid-2002-06: a player named "constructor" is read from eir own record, not Object.prototype', () => {
    // Found as "freed.filter is not a function": the Sirens' trigger read de.freed["constructor"].
    const found: Scenario = {
      ruleset: 'grid-2002-06',
      dice: 'fair',
      ndays: 1,
      joined: ['constructor'],
      steps: [
        {
          kind: 'command',
          who: { kind: 'right' },
          what: { kind: 'kernel', i: 0 },
          args: { kind: 'mutated' },
          tape: [],
          rolls: null,
        },
        {
          kind: 'command',
          who: { kind: 'right' },
          what: { kind: 'rule', i: 2 },
          args: { kind: 'valid' },
          tape: [3, 4],
          rolls: null,
        },
        { kind: 'tick', nweek: true },
      ],
    };
    expect(() => runKernelScenario(kernel, found, newTally())).not.toThrow();

    const g = game('grid-2002-06');
    expect(g.decide({ type: 'join', by: player('constructor'), args: {} }).ok).toBe(true);
    const entered = g.decide({ type: 'enter', by: player('constructor'), args: { x: 3, y: 4 } });
    expect(entered.ok).toBe(true);
    expect(g.decide({ type: 'tick', by: ADMIN, args: { nweek: true } }).ok).toBe(true);
    const view = kernel.view(g.state(), ADMIN) as { players: { name: string; female: unknown }[] };
    // Eir facts are a new player's, not a function's.
    expect(view.players.find((p) => p.name === 'constructor')?.female).toBe(false);
  });

  it('tunnelers: a command needing a repealed rule is refused (rule-not-in-force), not a thrown error', () => {
    // Found as "no active rule of tunnelers understands the event told": start after repealing the Moderator.
    const g = game('tunnelers');
    // Each asks to join the society, is approved, is given four points and pays to play (T-22, T-25, 5).
    for (const name of ['ann', 'bob']) {
      expect(g.decide({ type: 'join', by: player(name), args: {} }).ok).toBe(true);
      expect(g.decide({ type: 'approve', by: ADMIN, args: { player: name } }).ok).toBe(true);
      const points = { to: name, amount: 4, reason: 'points in the Main Game' };
      expect(g.decide({ type: 'points', by: ADMIN, args: points }).ok).toBe(true);
      expect(g.decide({ type: 'pay-to-play', by: player(name), args: {} }).ok).toBe(true);
    }
    expect(g.decide({ type: 'repeal', by: ADMIN, args: { module: 'moderator' } }).ok).toBe(true);
    const before = fingerprint(g.state());
    const r = g.decide({ type: 'start', by: ADMIN, args: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('rule-not-in-force');
      expect(r.error.message).toContain('"told"');
    }
    expect(fingerprint(g.state())).toBe(before);
    // Enacting the rule again lets the game go on.
    expect(g.decide({ type: 'enact', by: ADMIN, args: { module: 'moderator' } }).ok).toBe(true);
    expect(g.decide({ type: 'start', by: ADMIN, args: {} }).ok).toBe(true);
  });
});
