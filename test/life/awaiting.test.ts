// Issue 14, who is missing, for Life (seeds/004_ff6492e849b428a0.txt). Tweak's Trigger: "A Player posts a message
// to a Public Forum stating that he is tweaking the specified Cell, and he has not already done so during the
// current nweek, and the Referee has performed the Evolve action during the current nweek". Once this nweek's
// Evolve is performed, every player with a Team (L6) may Tweak once before the nweek ends.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import { CORNERS, initialize, lifeGame, tweak } from '../support/harness/life.js';

describe('Tweak: "he has not already done so during the current nweek, and the Referee has performed the Evolve action" (issue 14, who is missing)', () => {
  it("Tweak: before this nweek's Evolve no player can Tweak, so no one is awaited", () => {
    const t = lifeGame({ players: ['alice', 'bob'] });
    expect(t.kernel.awaiting(t.game)).toBeUndefined();
    initialize(t, CORNERS, ['R', 'B'], 'R');
    expect(t.kernel.awaiting(t.game)).toBeUndefined();
  });

  it("Tweak: after the Evolve each player with a Team is awaited until the nweek's last nday; a Tweak marks em done", () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS, advantage: 'R' });
    t.join('carol'); // L6: no Team until the next Evolve, so she cannot Tweak and is not awaited
    t.admin('evolve', {}, [2]);
    // Step 4 gave carol a Team in this Evolve: she may Tweak in this nweek.
    expect(t.kernel.awaiting(t.game)).toEqual({
      what: 'Tweak for nweek 1',
      players: [
        { name: 'alice', done: false },
        { name: 'bob', done: false },
        { name: 'carol', done: false },
      ],
      until: { nweek: 1, nday: 7 },
      how: expect.stringContaining('tweak X Y') as string,
      late: expect.any(String) as string,
    });
    t.ok(tweak('alice', 3, 3));
    expect(t.kernel.awaiting(t.game)?.players[0]).toEqual({ name: 'alice', done: true });
    // The next nweek waits for the Referee's Evolve again.
    t.tick(true);
    expect(t.kernel.awaiting(t.game)).toBeUndefined();
  });

  it("L6: a player who joined after this nweek's Evolve has no Team and is not awaited; L16: every viewer sees the same", () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS, evolved: true });
    t.join('dave');
    expect(t.kernel.awaiting(t.game)?.players.map((p) => p.name)).toEqual(['alice', 'bob']);
    // Nothing in Life is hidden (L16), so there is no hidden fact to vary: every viewer is shown the same.
    const views = [PUBLIC, player('alice'), player('dave')].map((v) => t.view(v).awaiting);
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
  });
});
