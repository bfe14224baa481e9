// Hidden information is hidden by construction: every event carries who may see it, and views and log
// listings filter by it. Also: every event has a sentence, and the registry refuses malformed rulesets.
import { describe, expect, it } from 'vitest';
import { ADMIN, canSee, erase, player, PUBLIC, Registry } from '../../src/core/index.js';
import type { Viewer, Visibility } from '../../src/core/index.js';
import { counter } from '../support/counter-ruleset.js';
import { Session } from '../support/session.js';

const ann = player('ann');
const bob = player('bob');

describe('visibility', () => {
  it.each<[string, Visibility, boolean, boolean, boolean, boolean]>([
    // visibility, admin, public, ann, bob
    ['public', 'public', true, true, true, true],
    ['admin', 'admin', true, false, false, false],
    ['ann only', { players: ['ann'] }, true, false, true, false],
    ['ann and bob', { players: ['ann', 'bob'] }, true, false, true, true],
    ['nobody listed', { players: [] }, true, false, false, false],
  ])('%s', (_what, vis, admin, pub, a, b) => {
    expect([canSee(vis, ADMIN), canSee(vis, PUBLIC), canSee(vis, ann), canSee(vis, bob)]).toEqual([
      admin,
      pub,
      a,
      b,
    ]);
  });

  it('shows a private command to its author and the Administrator only, and a secret roll to the Administrator only', () => {
    const s = new Session();
    s.create();
    s.join('ann', 'bob');
    const from = s.entries.length;
    s.ok(s.as('ann', 'hide'));
    const types = (viewer: Viewer) =>
      s.kernel.logView(s.entries.slice(from), viewer, s.game).map((l) => l.type);
    expect(types(ADMIN)).toEqual(['command', 'hidden-rolled']);
    expect(types(ann)).toEqual(['command']);
    expect(types(bob)).toEqual([]);
    expect(types(PUBLIC)).toEqual([]);
  });

  it("keeps the dice queue and the hidden totals out of every view but the Administrator's", () => {
    const s = new Session(null);
    s.create({ dice: 'manual' });
    s.join('ann');
    s.ok(s.admin('dice', { values: [5, 3] }));
    s.ok(s.as('ann', 'hide'));
    expect(s.kernel.view(s.game, ADMIN)).toMatchObject({ diceQueue: [3], hidden: [5] });
    for (const viewer of [PUBLIC, ann]) {
      const view = s.kernel.view(s.game, viewer);
      expect(view).not.toHaveProperty('diceQueue');
      expect(view.hidden).toBe(1);
      const text = JSON.stringify(s.kernel.logView(s.entries, viewer, s.game));
      expect(text).not.toContain('dice-queued');
      expect(text).not.toContain('hidden-rolled');
    }
  });

  it('gives every event of a game a sentence of its own, not the fallback', () => {
    const s = new Session();
    s.create({ ndays: 1, config: { target: 5 } });
    s.join('ann', 'bob');
    for (const module of ['chimes', 'lots', 'big-bumps']) s.ok(s.admin('enact', { module }));
    s.ok(s.as('ann', 'roll', { dice: '1d6' }));
    s.ok(s.as('bob', 'hide'));
    s.ok(s.as('bob', 'lots'));
    s.ok(s.admin('points', { to: 'bob', amount: 1, reason: 'a ruling' }));
    s.ok(s.admin('repeal', { module: 'chimes' }));
    s.tick();
    s.ok(s.admin('amend', { ruleset: 'counter-v2' }));
    // Bumps until the first milestone pays ann 5 points, which wins.
    while (!s.game.ended) s.ok(s.as('ann', 'bump', { by: 3 }));
    const types = new Set(s.events.map((e) => e.type));
    expect(types).toContain('game-ended');
    expect(types.size).toBeGreaterThan(20);
    for (const line of s.kernel.logView(s.entries, ADMIN, s.game)) {
      expect(line.text).not.toMatch(new RegExp(`^${line.type} \\{`));
      expect(line.text.length).toBeGreaterThan(5);
    }
  });
});

describe('the registry', () => {
  it('refuses a ruleset registered twice', () => {
    expect(() => new Registry([erase(counter), erase(counter)])).toThrow(/registered twice/);
  });

  it('refuses a ruleset with two modules of one name, counting optional modules', () => {
    const twice = { ...counter, id: 'twice', optional: [...(counter.optional ?? []), counter.modules[0]!] };
    expect(() => new Registry([erase(twice)])).toThrow(/two modules named bumping/);
  });

  it('lists every module a ruleset offers, active first, and resolves commands by precedence', () => {
    const registry = new Registry([erase(counter)]);
    const ruleset = registry.get('counter');
    expect(ruleset).toBeDefined();
    const ids = registry.available(ruleset!).map((m) => m.id);
    expect(ids).toEqual([...counter.modules.map((m) => m.id), 'big-bumps', 'strict-bumps', 'chimes', 'lots']);
    const index = registry.index(ruleset!, ['bumping', 'rolling']);
    expect([...index.commands.keys()]).toEqual(['bump', 'roll']);
    expect(() => registry.index(ruleset!, ['bumping', 'nonsense'])).toThrow(/no module nonsense/);
  });
});
