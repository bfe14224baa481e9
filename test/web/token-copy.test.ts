// Issue 16, "Tokens: a copy button where they are shown": the token a page shows once (a new game's admin
// token, a player's token on joining) has a button beside it that copies the token alone, at phone and desktop
// sizes, and the copied token is one the server takes.
import { describe, expect, it } from 'vitest';
import { call, joinGame, SIZES, harnessForFile } from './support.js';

const h = harnessForFile();

describe('issue 16: a copy button where a token is shown', () => {
  for (const size of SIZES) {
    it(`${size.name}: the admin token of a new game and a player's token are copied alone, and work`, async () => {
      const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const game = `copy-${size.name}`;
        await page.goto(`${h.base}/#/`);
        await page.getByLabel('ruleset').selectOption('grid-2002-01');
        await page.getByLabel('game id (optional)').fill(game);
        await page.getByRole('button', { name: 'Create game' }).click();
        await page.getByTestId('viewer').filter({ hasText: 'Viewing as the Administrator' }).waitFor();
        const shown = await page.getByTestId('new-token').innerText();
        await page.getByTestId('copy-token').click();
        await page.getByText('✓ copied').first().waitFor();
        const copied = await page.evaluate<string>('navigator.clipboard.readText()');
        // The token alone: what the notice shows, without its label.
        expect(copied).toMatch(/^nr_[A-Za-z0-9_-]+$/);
        expect(shown).toContain(copied);
        const me = await call<{ viewer: { role: string } }>(h.base, 'GET', `/api/games/${game}/me`, copied);
        expect(me.viewer.role).toBe('admin');
        // The button sits beside the token without widening the page.
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);

        // A player's token on joining, in a browser of eir own.
        const alice = await h.browser.newContext({ viewport: { width: size.width, height: size.height } });
        await alice.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
        try {
          const page2 = await alice.newPage();
          page2.setDefaultTimeout(30_000);
          await joinGame(page2, h.base, game, 'alice');
          await page2.getByTestId('copy-token').click();
          await page2.getByText('✓ copied').first().waitFor();
          const hers = await page2.evaluate<string>('navigator.clipboard.readText()');
          expect(hers).toMatch(/^nr_[A-Za-z0-9_-]+$/);
          expect(hers).not.toBe(copied);
          const mine = await call<{ viewer: { role: string; name?: string } }>(
            h.base,
            'GET',
            `/api/games/${game}/me`,
            hers,
          );
          expect(mine.viewer).toEqual({ role: 'player', name: 'alice' });
        } finally {
          await alice.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});
