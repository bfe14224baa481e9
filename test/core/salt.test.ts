// K3: hidden entries of a fair game carry a salt, so the hash chain that public roll proofs quote cannot be
// used to test guesses about what a hidden entry says.
import { describe, expect, it } from 'vitest';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import { ADMIN, GENESIS, Kernel, Registry } from '../../src/core/index.js';
import { Table } from '../support/table.js';

describe('salted hidden entries', () => {
  it('every non-public entry of a fair game has its own 128-bit salt; public entries have none', () => {
    const t = new Table([grid200201Ruleset]);
    t.create('grid-2002-01', { dice: 'fair' });
    const hidden = t.entries.filter((e) => e.event.vis !== 'public');
    expect(hidden.length).toBe(10);
    const salts = hidden.map((e) => e.event.salt);
    for (const s of salts) expect(s).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(salts).size).toBe(salts.length);
    for (const e of t.entries.filter((x) => x.event.vis === 'public')) expect(e.event.salt).toBeUndefined();
    t.expectConsistent(); // verify re-derives the same salts
  });

  it('a manual game, which has no secret (and no proofs quoting hashes), adds no salt', () => {
    const kernel = new Kernel(new Registry([grid200201Ruleset]));
    const rolls = Array.from({ length: 20 }, (_, i) => i + 1);
    const r = kernel.decide(
      undefined,
      { type: 'create', by: ADMIN, args: { game: 'g', ruleset: 'grid-2002-01', dice: 'manual' }, rolls },
      { head: GENESIS },
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events.filter((e) => e.vis !== 'public')).not.toHaveLength(0);
    expect(r.value.events.some((e) => e.salt !== undefined)).toBe(false);
  });
});
