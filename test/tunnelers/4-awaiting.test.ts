// Issue 14, who is missing, for Tunnelers (seeds/002_fc8ccbe6a3fc20b2.txt), 4. Turn Procedure: "Players take
// turns in order by the player list ... If a player does not submit a needed action ... within a reasonable
// amount of time ..., play will proceed as if the player had chosen to perform no action." The wait is the
// turn's player's, until the end of the nday at which the turn's deadline passes (T-12, T-27); a defence being
// awaited is never shown (T-26, T-27), and nothing private changes what is shown.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import { act, attackedOrNot, rules, started } from '../support/harness/tunnelers.js';

describe('4. Turn Procedure: whose turn it is, and until when (issue 14, who is missing)', () => {
  it("4 T-27: the turn's player is awaited until the end of the nday `deadline` ndays after the turn began", () => {
    const t = started({ moles: { alice: 'a1', bob: 'h8', carol: 'e5' }, config: { deadline: 2 } });
    expect(t.kernel.awaiting(t.game)).toEqual({
      what: "alice's turn",
      players: [{ name: 'alice', done: false }],
      until: { nweek: 1, nday: 3 },
      how: expect.stringContaining('end-turn') as string,
      late: expect.any(String) as string,
    });
    // A private action does not mark her done, nor move the deadline (T-27): only the turn's end does.
    act(t, 'alice', 'discard', { cards: 'X' });
    expect(t.kernel.awaiting(t.game)?.until).toEqual({ nweek: 1, nday: 3 });
    expect(t.kernel.awaiting(t.game)?.players).toEqual([{ name: 'alice', done: false }]);
    act(t, 'alice', 'end-turn');
    expect(t.kernel.awaiting(t.game)).toMatchObject({ what: "bob's turn", until: { nweek: 1, nday: 3 } });
  });

  it("4 T-12: a deadline past the nweek's last nday is named in the next nweek", () => {
    const t = started({ moles: { alice: 'a1', bob: 'h8' }, config: { deadline: 3 } });
    // alice's turn passes at the end of nday 4, bob's (begun then) at the end of nday 7, when alice's begins.
    for (let i = 0; i < 7; i++) t.tick();
    expect(t.game.clock).toMatchObject({ nweek: 2, nday: 1 });
    expect(rules(t).turn?.player).toBe('alice');
    expect(t.kernel.awaiting(t.game)).toMatchObject({ what: "alice's turn", until: { nweek: 2, nday: 3 } });
  });

  it('7: before the game starts, and in an edition-1 game (whose deadline private acts restart), no wait is shown', () => {
    const old = started({ moles: { alice: 'a1', bob: 'h8' }, edition: 1 });
    expect(rules(old).turn?.player).toBe('alice');
    expect(old.kernel.awaiting(old.game)).toBeUndefined();
    expect(old.view(PUBLIC).awaiting).toBeUndefined();
  });

  it('Non-interference (T-27): an attack that finds a mole and one that finds none leave the same awaiting; the defender is never awaited', () => {
    const { attacked, empty } = attackedOrNot();
    expect(rules(attacked).combat?.defender).toBe('bob');
    expect(rules(empty).combat).toBeNull();
    const a = attacked.kernel.awaiting(attacked.game);
    expect(a?.players).toEqual([{ name: 'alice', done: false }]);
    expect(a).toEqual(empty.kernel.awaiting(empty.game));
    for (const v of [PUBLIC, player('alice'), player('bob'), player('carol')])
      expect(attacked.view(v).awaiting).toEqual(empty.view(v).awaiting);
  });
});
