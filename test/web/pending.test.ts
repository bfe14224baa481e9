// The page's "pending" panel (issue 14, "Who is missing"): "The public view and the page show, for the current
// nweek or turn, who has acted and who has not (only what the rules make public: in the Grid, that a player
// announced, never where)". In Debian's headless Chromium against the real server.
import { describe, expect, it } from 'vitest';
import { call, createGame, freeSquares, give, joinGame, harnessForFile } from './support.js';
import { makeTestChain } from '../beacon/test-chain.js';

const h = harnessForFile();

describe('the pending panel', () => {
  it('shows who has announced and who is missing this nweek, until when, and the calendar, to the public too', async () => {
    const admin = await h.person();
    const alice = await h.person();
    const bob = await h.person();
    const adminToken = await createGame(admin.page, h.base, 'grid-2002-01', 'pending1');
    const squares = await freeSquares(h.base, 'pending1', adminToken);
    const [ax, ay] = squares.near(3, 3);
    let [bx, by] = squares.near(10, 10);
    while (!squares.free(bx + 1, by + 1)) [bx, by] = squares.near(bx + 2, by);
    await joinGame(alice.page, h.base, 'pending1', 'alice');
    await joinGame(bob.page, h.base, 'pending1', 'bob');
    expect(await give(alice.page, 'enter', { x: String(ax), y: String(ay) })).toMatch(/^Done/);
    expect(await give(bob.page, 'enter', { x: String(bx), y: String(by) })).toMatch(/^Done/);
    // A rhythm of an nday an hour, from a known instant (after the game's creation: K16).
    await call(h.base, 'POST', '/api/games/pending1/commands', adminToken, {
      type: 'schedule',
      args: { every: 3600, since: '2037-11-23T12:00:00.000Z' },
    });
    expect(await give(bob.page, 'move', { x: String(bx + 1), y: String(by + 1) })).toMatch(/^Done/);

    // The public's page: bob has acted, alice is missing; never where bob is going.
    const visitor = await h.person();
    await visitor.page.goto(`${h.base}/#/games/pending1`);
    const panel = visitor.page.getByTestId('pending');
    await panel.locator('[data-player=bob][data-done=yes]').waitFor();
    await panel.locator('[data-player=alice][data-done=no]').waitFor();
    expect(await panel.getByTestId('pending-what').innerText()).toContain(
      'Waiting for move announcements for nweek 1 until the end of nday 7 of nweek 1',
    );
    // Nday 7 of nweek 1 ends at the seventh boundary of the hourly rhythm: 19:00 UTC.
    expect(await panel.getByTestId('pending-due').innerText()).toContain('2037-11-23 19:00:00 UTC');
    expect(await panel.getByTestId('pending-schedule').innerText()).toContain('an nday ends every 1 h');
    expect(await panel.innerText()).not.toMatch(/\(\d+,\s*\d+\)|unit|square/);

    // alice's own page marks her as missing and says how to act; when she announces, every page follows.
    const mine = alice.page.getByTestId('pending');
    await mine.locator('[data-player=alice][data-done=no]', { hasText: 'alice (you)' }).waitFor();
    expect(await mine.innerText()).toContain('To act: announce a move');
    expect(await give(alice.page, 'move', { x: String(ax + 1), y: String(ay + 1) })).toMatch(/^Done/);
    await panel.locator('[data-player=alice][data-done=yes]').waitFor();
    await admin.page.getByTestId('pending').locator('[data-player=alice][data-done=yes]').waitFor();
  });

  it('issue 26 (B11): a game on beacon dice waiting for its round says which round, of which chain, due when', async () => {
    const t = makeTestChain('pagetest', undefined, Math.floor(Date.now() / 1000) - 86_400);
    await call(h.base, 'POST', '/api/games', undefined, {
      game: 'pending-b',
      ruleset: 'grid-2002-01',
      dice: 'beacon',
      beacon: { ...t.chain },
    });
    const view = await call<{ view: { beacon: { round: number } } }>(h.base, 'GET', '/api/games/pending-b');
    const visitor = await h.person();
    await visitor.page.goto(`${h.base}/#/games/pending-b`);
    const said = visitor.page.getByTestId('pending-beacon');
    await said.waitFor();
    expect(await said.innerText()).toContain(
      `The dice wait for round ${view.view.beacon.round} of the pagetest beacon, due `,
    );
  });
});
