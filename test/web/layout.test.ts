// Issue 16, "Phones: no page of any ruleset overflows horizontally at 390 px": every ruleset's page, as its
// Administrator, a player and the public see it, on a phone (390 x 844) and a desktop (1280 x 800), is no
// wider than the window, and the player's own place (eir square, room or mole) is in sight on eir page.
// In Debian's headless Chromium against the real server.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harnessForFile } from './support.js';
import type { Scene, Who } from './scenes.js';
import { open, ownPlace, RULESETS, scene } from './scenes.js';

const h = harnessForFile();

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** How wide the document is, against the window. */
const widths = (page: Page) =>
  page.evaluate<{ scroll: number; window: number }>(
    '({ scroll: document.documentElement.scrollWidth, window: window.innerWidth })',
  );

/**
 * Whether an element can be seen once the window is scrolled down to it (never sideways): inside the window,
 * and inside every box around it that clips what overflows it (the map's own scrolling box). Answers what
 * hides it, or 'visible'.
 */
const seen = (page: Page, selector: string) =>
  page.evaluate<string>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el) return 'missing';
    const r0 = el.getBoundingClientRect();
    window.scrollTo(0, window.scrollY + r0.top - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return 'no size';
    if (r.left < 0 || r.right > window.innerWidth) return 'outside the window: ' + r.left + '..' + r.right;
    if (r.top < 0 || r.bottom > window.innerHeight) return 'above or below the window';
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) return 'clipped by ' + a.className + ': ' + r.left + '..' + r.right + ' in ' + b.left + '..' + b.right;
    }
    return 'visible';
  })()`);

const scenes = new Map<string, Scene>();

describe('no page overflows a phone or a desktop, and the player sees eir own place', () => {
  for (const ruleset of RULESETS)
    it(
      ruleset,
      async () => {
        const s =
          scenes.get(ruleset) ?? (await scene(h.base, ruleset, `layout-${ruleset.replace('+', '-')}`));
        scenes.set(ruleset, s);
        for (const who of ['admin', 'player', 'public'] as Who[]) {
          const { page } = await h.person();
          for (const size of SIZES) {
            await page.setViewportSize(size);
            await open(page, h.base, s, who);
            // Everything that can be wide is there: the drawing, the forms, the log's lines.
            await page.locator('.board-col > *').first().waitFor();
            await page.getByTestId('log').locator('li').first().waitFor();
            if (who !== 'public') await page.locator('.act-col h2').first().waitFor();
            const w = await widths(page);
            expect(
              w.scroll,
              `${ruleset}, ${who}, ${size.width} px: the page is ${w.scroll} px wide`,
            ).toBeLessThanOrEqual(w.window);
            // The drawing fits the width too (it is never cut off at the side).
            expect(
              await seen(page, '.board-col > div'),
              `${ruleset}, ${who}, ${size.width} px: the drawing`,
            ).not.toMatch(/missing|outside the window/);
            // (The Quests map scrolls to the player's room once it is drawn: wait for that.)
            if (who === 'player')
              await expect
                .poll(() => seen(page, ownPlace(ruleset)), {
                  message: `${ruleset}, ${size.width} px: ${s.you}'s own place`,
                  timeout: 30_000,
                })
                .toBe('visible');
          }
        }
      },
      240_000,
    );
});
