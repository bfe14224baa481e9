// Issue 24 item 3 on the page, in Debian's headless Chromium against the real server, at a phone's size and a
// desktop's: "Rules in force" lists each section's parameters with the text's value, the value now and the
// amendment that changed it (who, when, why), amended values standing out; the amendments with what became of
// them; kept current as the game moves (a repeal seen live); and no wider than the window.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, SIZES, harnessForFile, whenLive } from './support.js';

const h = harnessForFile();

const row = (page: Page, name: string) => page.locator(`[data-testid="rule-row"][data-name="${name}"]`);

describe('the page: Rules in force (issue 24)', () => {
  for (const size of SIZES) {
    it(`${size.name}: each parameter's text value, value now and amendment; amended ones stand out; a repeal shows live`, async () => {
      const game = `rules-${size.name}`;
      const { adminToken: admin } = await call<{ adminToken: string }>(
        h.base,
        'POST',
        '/api/games',
        undefined,
        {
          ruleset: 'grid-2002-01',
          game,
        },
      );
      await call(h.base, 'POST', `/api/games/${game}/join`, undefined, { player: 'alice' });
      const order = (type: string, args: object) =>
        call(h.base, 'POST', `/api/games/${game}/commands`, admin, { type, args });
      await order('amend-rules', {
        set: { 'Grid size': 25, 'Shiny Thing points': 40 },
        why: 'Proposal 4521',
      });
      await order('amend-rules', { set: { 'Move distance': 2 }, why: 'Proposal 4522', from: 3 });

      const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${h.base}/#/games/${game}`);
      await whenLive(page);
      await page.getByTestId('week-rules').locator('summary').click();
      await page.getByTestId('rules-panel').waitFor();

      const grid = row(page, 'Grid size');
      expect(await grid.getAttribute('data-amended')).toBe('yes');
      expect((await grid.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
        '20',
        '25',
        'amendment 1: the Administrator, nday 1 of nweek 1, by Proposal 4521',
      ]);
      // The text's own values are plain; an amended one is set apart (its row marked, its value in bold).
      expect(await row(page, 'Shiny Things').getAttribute('data-amended')).toBe('no');
      expect(await grid.locator('td.now strong').innerText()).toBe('25');
      const colours = await page.evaluate(
        `[...document.querySelectorAll('[data-testid="rule-row"]')].map((r) => [r.dataset.name, getComputedStyle(r).backgroundColor])`,
      );
      const background = new Map(colours as [string, string][]);
      expect(background.get('Grid size')).not.toBe(background.get('Shiny Things'));
      // Waiting from nweek 3: the text's value holds, and the amendment says it waits.
      expect((await row(page, 'Move distance').locator('td').allInnerTexts()).map((t) => t.trim())).toEqual([
        '1',
        '1',
        '—',
      ]);
      const amendments = page.getByTestId('amendment');
      expect(await amendments.allInnerTexts()).toEqual([
        'Grid size 25; Shiny Thing points 40 at once, by Proposal 4521 (the Administrator, made nday 1 of nweek 1): in force',
        'Move distance 2 from nweek 3, by Proposal 4522 (the Administrator, made nday 1 of nweek 1): waiting',
      ]);

      // A repeal, made while the page is open, is seen live: the text's value is back.
      await order('repeal-amendment', { amendment: 1, why: 'Proposal 4530' });
      await grid.and(page.locator('[data-amended="no"]')).waitFor();
      expect((await grid.locator('td').allInnerTexts()).map((t) => t.trim())).toEqual(['20', '20', '—']);
      await amendments.first().filter({ hasText: 'repealed' }).waitFor();

      // No part of the panel is wider than the window (the table scrolls inside its box if it must).
      const right = await page.evaluate<number>(
        `Math.max(...[...document.querySelectorAll('.rules-panel, .rules-section')].map((e) => e.getBoundingClientRect().right))`,
      );
      expect(right).toBeLessThanOrEqual(size.width);
      await context.close();
    }, 180_000);
  }
});
