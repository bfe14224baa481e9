// Issue 16 on the page, the joining part (rulings K14, K15): where joins need the Administrator's approval, the
// join form's token is the requester's and says so; the Pending panel's "Joining" part shows, to everyone, that
// joins need approval and who is asking, tells the requester eir request waits, and shows who was removed. In
// Debian's headless Chromium against the real server. (The Administrator answers with the orders of the same
// names among eir commands, drawn by the page from their schemas like every other order.)
import { describe, expect, it } from 'vitest';
import { call, harnessForFile } from './support.js';

const h = harnessForFile();

describe('the Joining panel', () => {
  it('K14, K15: requests are shown to all, the requester told e waits; an approval and a removal show', async () => {
    const { adminToken } = await call<{ adminToken: string }>(h.base, 'POST', '/api/games', undefined, {
      ruleset: 'life',
      game: 'join1',
      joins: 'approval',
    });
    // Joined from the front page's form, which then opens the game with the token to keep.
    const bob = await h.person();
    await bob.page.goto(`${h.base}/#/`);
    await bob.page.locator('#join-game').selectOption('join1');
    await bob.page.locator('#join-player').fill('bob');
    await bob.page.getByRole('button', { name: 'Join', exact: true }).click();
    await bob.page.getByTestId('viewer').filter({ hasText: 'Viewing as bob' }).waitFor();
    expect(await bob.page.getByTestId('new-token').innerText()).toContain(
      "bob's token (your request to join waits for the Administrator's approval): nr_",
    );
    const panel = bob.page.getByTestId('joining');
    expect(await panel.getByTestId('joining-setting').innerText()).toBe(
      "Joins need the Administrator's approval.",
    );
    expect(await panel.getByTestId('joining-requests').innerText()).toContain('Asking to join: bob.');
    expect(await panel.innerText()).toContain("Your request waits for the Administrator's approval.");

    // The public sees the request too (joining is public).
    const visitor = await h.person();
    await visitor.page.goto(`${h.base}/#/games/join1`);
    await visitor.page.getByTestId('joining-requests').filter({ hasText: 'Asking to join: bob.' }).waitFor();

    // Approved, and then removed: bob's page follows live.
    await call(h.base, 'POST', '/api/games/join1/players/bob/approve', adminToken);
    await panel.getByTestId('joining-requests').waitFor({ state: 'detached' });
    await call(h.base, 'POST', '/api/games/join1/players/BOB/remove', adminToken, { reason: 'left' });
    await panel
      .getByTestId('joining-removed')
      .filter({ hasText: 'Removed by the Administrator: bob.' })
      .waitFor();
    expect(await panel.innerText()).toContain('You were removed from this game');
  }, 120_000);
});
