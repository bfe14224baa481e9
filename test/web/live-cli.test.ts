// Issue 16, in Chromium against the real server: an open page shows a change made by the CLI (another
// process, the built `referee`) on the server's SQLite file, without being reloaded; and its "live" mark does
// not stay green when the stream goes silent (the page's clock is Playwright's, moved by the test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './support.js';
import { call, startHarness, whenLive } from './support.js';
import { Cli, FAR_CORNER, placementRolls, removeTempDirs } from '../support/cli.js';

let h: Harness;
let cli: Cli;

beforeAll(async () => {
  h = await startHarness();
  // The CLI on the server's own file (referee.db in the harness's folder), as an Administrator would run it
  // in a shell beside `referee serve`.
  cli = new Cli(h.dir, 'referee.db');
  const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
  await call(h.base, 'POST', '/api/games', undefined, {
    ruleset: 'grid-2002-01',
    game: 'cli1',
    dice: 'manual',
    rolls,
  });
  await call(h.base, 'POST', '/api/games/cli1/join', undefined, { player: 'alice' });
}, 120_000);

afterAll(async () => {
  await h?.close();
  removeTempDirs();
});

describe('the page beside the CLI (issue 16)', () => {
  it("shows the CLI's command on an open page, live, and nothing the CLI did in private", async () => {
    const { page } = await h.person();
    await page.goto(`${h.base}/#/games/cli1`);
    await whenLive(page);
    const board = page.getByTestId('grid-svg');
    await board.waitFor();
    expect(await board.locator('[data-kind=player][data-player=alice]').count()).toBe(0);

    // The Administrator queues a die in private, then alice enters, both from the command line.
    cli.ok('dice', 'cli1', '5');
    expect(cli.ok('act', 'cli1', 'alice', 'enter', '3', '4')).toContain('alice enters the Grid at (3,4).');
    await page.getByTestId('log').getByText('alice enters the Grid at (3,4).').waitFor();
    await board.locator('[data-kind=player][data-player=alice][data-x="3"][data-y="4"]').waitFor();
    expect(await page.getByTestId('live').innerText()).toContain('live');
    // The public's page says nothing of the queued die.
    expect(await page.getByTestId('log').innerText()).not.toMatch(/Dice results queued|values=\[5\]/);
  });

  it('marks the stream stale when two heartbeats go unheard, and is live again once reconnected', async () => {
    const { page } = await h.person();
    // The page's clock is Playwright's.
    await page.clock.install();
    await page.goto(`${h.base}/#/games/cli1`);
    await whenLive(page);
    // From here the page's time stands still but when the test moves it (a second on, to begin with).
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    const mark = page.getByTestId('live');
    // The server greets with its heartbeat (15 s); two missed, and the mark is no longer green.
    await page.clock.fastForward(30_000);
    await mark.filter({ hasText: 'stale' }).waitFor();
    expect(await mark.getAttribute('class')).toContain('stale');
    // It connects again after its first retry's wait, and is live.
    await page.clock.fastForward(1_000);
    await mark.filter({ hasText: '● live' }).waitFor();
    // Caught up: a change made meanwhile shows.
    cli.ok('act', 'cli1', 'alice', 'move', '4', '5');
    await page.getByTestId('log').getByText('alice announces a move to (4,5).').waitFor();
    expect(await mark.innerText()).toContain('live');
  });
});
