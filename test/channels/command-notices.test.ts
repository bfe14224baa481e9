// Issue 15: the producers run for every command of a game the mail settings name (Referee.setNotices with
// producerNotices), beside a command's own notices; a game they do not name gets nothing from them.
import { describe, expect, it } from 'vitest';
import { producerNotices } from '../../src/channels/command-notices.js';
import { ADMIN, player } from '../../src/core/index.js';
import { must, newGame, openReferee } from '../forum/support.js';
import { insidesOf } from '../../src/engine/insides.js';

const EVERYONE = ['admin', 'public', 'player:alice', 'player:bob'];
const AT = '2026-11-24T12:00:00.000Z';

async function twoGames() {
  const r = openReferee();
  // June Grids with manual dice: the Big Stick at (1,1), the Shield at (1,2), the Ball of Wax at (20,20).
  for (const g of ['named', 'other']) {
    await newGame(r, g, 'grid-2002-06', ['alice', 'bob'], [1, 2, 400]);
    await must(r, g, { type: 'place', by: ADMIN, args: { kind: 'bonus-box', x: 7, y: 7, name: '+5' } });
  }
  r.setNotices(
    producerNotices({
      kernel: insidesOf(r).kernel,
      store: insidesOf(r).store,
      game: (g) => g === 'named',
      now: () => AT,
    }),
  );
  return r;
}

const enter = { type: 'enter', by: player('alice'), args: { x: 5, y: 5 } };
const nweekEnds = { type: 'tick', by: ADMIN, args: { nweek: true }, rolls: [1] };

describe("issue 15: every command of a game by mail makes its notices in the command's transaction", () => {
  it("G.1: a Radar reveal in a named game is a notice to alice; the nweek's end, its report to the public", async () => {
    const r = await twoGames();
    await must(r, 'named', enter);
    await must(r, 'named', nweekEnds);
    const notices = await insidesOf(r).store.notices('named', EVERYONE);
    expect(notices.map((n) => [n.to, n.key])).toEqual([
      ['player:alice', expect.stringMatching(/^private:alice:\d+$/)],
      ['public', 'report:1'],
    ]);
    expect(notices[1]?.text).toContain('alice is at (5,5) (alice enters the Grid).');
  });

  it('a game the settings do not name gets no notice from them', async () => {
    const r = await twoGames();
    await must(r, 'other', enter);
    await must(r, 'other', nweekEnds);
    expect(await insidesOf(r).store.notices('other', EVERYONE)).toEqual([]);
  });

  it("a command's own notices are kept beside them", async () => {
    const r = await twoGames();
    const own = {
      game: 'named',
      key: 'own',
      to: 'admin' as const,
      topic: 'test',
      subject: 's',
      text: 't',
      at: AT,
    };
    const done = await r.submit('named', enter, { notices: () => [own] });
    expect(done.ok).toBe(true);
    expect((await insidesOf(r).store.notices('named', EVERYONE)).map((n) => n.key)).toEqual([
      'own',
      expect.stringMatching(/^private:alice:/),
    ]);
  });
});
