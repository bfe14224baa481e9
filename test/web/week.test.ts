// Issue 16, "The Administrator's week", on the page, in Debian's headless Chromium against the real server, at
// a phone's size (390×844) and a desktop's (1280×800): any nweek's report with "Copy for the forum" and its
// Discord-sized parts, each copyable; Verify, with the counts the viewer may see; "Check the dice", each roll
// the viewer may see checked in the browser; a preview of the Administrator's orders, and a confirmation
// (showing the preview) before an irreversible one; a correction of the ledger the report shows; and what the
// rules did for absent players, said apart. No panel makes a phone's page wider than the phone.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { splitMessage } from '../../src/engine/report-split.js';
import { call, SIZES, harnessForFile } from './support.js';

const h = harnessForFile();

interface Line {
  seq: number;
  type: string;
  text: string;
  event: { rolls?: unknown[] };
}

/** A browser at one size, holding `token` for `game` (as the page keeps it), on the game's page. */
async function open(
  size: (typeof SIZES)[number],
  game: string,
  who: { admin?: string; player?: [string, string] },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport: { width: size.width, height: size.height } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.base });
  const ids = {
    ...(who.admin ? { admin: who.admin } : {}),
    players: who.player ? { [who.player[0]]: who.player[1] } : {},
    current: who.admin ? 'admin' : who.player ? `player:${who.player[0]}` : 'public',
  };
  const key = `nomic-referee:game:${game}`;
  await context.addInitScript(
    `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(ids))})`,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${h.base}/#/games/${game}`);
  await page.getByTestId('live').filter({ hasText: 'live' }).waitFor();
  return { context, page };
}

const clipboard = (page: Page) => page.evaluate<string>('navigator.clipboard.readText()');

/** What this test adds to the page: the week's panels, previews, confirmations, absences. */
const OURS = '.week, .preview, .confirm-box, .absent, .verify-result, .report-panel, .dice-panel, .outcome';

/**
 * Nothing of ours is wider than the window or overflows its own box sideways (a long seed, a report line, a
 * table: they wrap or scroll inside). The rest of the page is another part of issue 16's.
 */
async function fits(page: Page, width: number): Promise<void> {
  const wide = await page.evaluate<{ what: string; right: number; overflow: number }[]>(
    `[...document.querySelectorAll(${JSON.stringify(OURS)})].map((e) => ({
      what: e.className, right: e.getBoundingClientRect().right, overflow: e.scrollWidth - e.clientWidth }))`,
  );
  expect(wide.length).toBeGreaterThan(0);
  for (const w of wide) {
    expect(w.right, `${w.what} reaches past the window`).toBeLessThanOrEqual(width);
    expect(w.overflow, `${w.what} overflows sideways`).toBeLessThanOrEqual(0);
  }
}

/** With WEEK_SHOTS=DIR, a picture of a part of the page, to look at (what the tests cannot judge). */
async function shot(part: Locator, name: string): Promise<void> {
  const dir = process.env.WEEK_SHOTS;
  if (dir) await part.screenshot({ path: `${dir}/${name}.png` });
}

async function openPart(page: Page, id: string): Promise<void> {
  await page.getByTestId(id).locator('summary').click();
}

/** A fair game of Tunnelers, alice and bob playing, started: the player list shuffled in public. */
async function tunnelers(game: string): Promise<{ admin: string; alice: string }> {
  const { adminToken: admin } = await call<{ adminToken: string }>(h.base, 'POST', '/api/games', undefined, {
    ruleset: 'tunnelers',
    game,
  });
  const tokens: Record<string, string> = {};
  for (const name of ['alice', 'bob']) {
    tokens[name] = (
      await call<{ token: string }>(h.base, 'POST', `/api/games/${game}/join`, undefined, { player: name })
    ).token;
    const order = (type: string, args: object) =>
      call(h.base, 'POST', `/api/games/${game}/commands`, admin, { type, args });
    await order('approve', { player: name });
    await order('points', { to: name, amount: 4, reason: `${name}'s points in the Main Game` });
    await call(h.base, 'POST', `/api/games/${game}/commands`, tokens[name], {
      type: 'pay-to-play',
      args: {},
    });
  }
  await call(h.base, 'POST', `/api/games/${game}/commands`, admin, { type: 'start', args: {} });
  return { admin, alice: tokens.alice as string };
}

const entries = async (game: string, admin: string): Promise<number> =>
  (await call<{ seq: number }>(h.base, 'GET', `/api/games/${game}/me`, admin)).seq;

describe("the Administrator's week on the page", () => {
  for (const size of SIZES) {
    it(`${size.name}: the report of any nweek, copied whole and in Discord-sized parts`, async () => {
      const game = `rep-${size.name}`;
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
      // Forty long adjustments make nweek 1's report longer than one Discord message.
      for (let i = 1; i <= 40; i++)
        await call(h.base, 'POST', `/api/games/${game}/commands`, admin, {
          type: 'points',
          args: {
            to: 'alice',
            amount: i,
            reason: `adjustment number ${i} of the opening balances, as agreed`,
          },
        });
      await call(h.base, 'POST', `/api/games/${game}/commands`, admin, {
        type: 'tick',
        args: { nweek: true },
      });

      const { context, page } = await open(size, game, {});
      await openPart(page, 'week-report');
      const panel = page.getByTestId('report-panel');
      // The last nweek that ended is shown first, as Markdown.
      const report = await (
        await fetch(new URL(`/api/games/${game}/report?nweek=1&format=markdown`, h.base))
      ).text();
      await panel.getByTestId('report-text').filter({ hasText: 'adjustment number 40' }).waitFor();
      expect(await panel.getByTestId('report-text').first().innerText()).toContain(
        `${game} (grid-2002-01): nweek 1`,
      );
      await panel.getByTestId('copy-report').click();
      await panel.getByText('✓ copied').first().waitFor();
      expect(await clipboard(page)).toBe(report);

      // The same text in parts, as the chat channel cuts it: each under 2,000 characters, each copyable.
      const parts = splitMessage(report);
      expect(parts.length).toBeGreaterThan(1);
      const shown = panel.getByTestId('report-part');
      expect(await shown.count()).toBe(parts.length);
      for (let i = 0; i < parts.length; i++) {
        expect(Number(await shown.nth(i).getAttribute('data-length'))).toBeLessThan(2000);
      }
      await panel.getByTestId('copy-part-2').click();
      expect(await clipboard(page)).toBe(parts[1]);

      // Any nweek: the one going on now, as plain text.
      await page.locator('#report-nweek').selectOption('2');
      await page.locator('#report-format').selectOption('text');
      await panel
        .getByTestId('report-text')
        .first()
        .filter({ hasText: 'nweek 2 is still going on' })
        .waitFor();
      // Its parts are this report's (an nweek with nothing in it is still the board and the dice to check).
      const now = await (
        await fetch(new URL(`/api/games/${game}/report?nweek=2&format=text`, h.base))
      ).text();
      expect(await panel.getByTestId('report-part').count()).toBe(splitMessage(now).length);
      await fits(page, size.width);
      await shot(page.locator('.week'), `report-${size.name}`);
      await context.close();
    }, 180_000);

    it(`${size.name}: Verify and "check the dice" as a player, with only what e may see`, async () => {
      const game = `dice-${size.name}`;
      const { admin, alice } = await tunnelers(game);
      await call(h.base, 'POST', `/api/games/${game}/commands`, admin, {
        type: 'tick',
        args: { nweek: true },
      });

      const { context, page } = await open(size, game, { player: ['alice', alice] });
      await openPart(page, 'week-verify');
      await page.getByTestId('verify-panel').getByRole('button', { name: 'Verify' }).click();
      const result = page.getByTestId('verify-result');
      await result.waitFor();
      expect(await result.innerText()).toContain('✓ The log verifies.');
      // The counts are the server's for alice: what she may see, never the Administrator's.
      const hers = await call<{ entries: number; commands: number; fairRolls: number }>(
        h.base,
        'GET',
        `/api/games/${game}/verify`,
        alice,
      );
      const all = await call<{ entries: number }>(h.base, 'GET', `/api/games/${game}/verify`, admin);
      expect(hers.entries).toBeLessThan(all.entries);
      expect(await result.getByTestId('verify-entries').innerText()).toBe(
        `${hers.entries} entries that you can see`,
      );
      expect(await result.getByTestId('verify-commands').innerText()).toBe(
        `${hers.commands} commands that you can see`,
      );

      await openPart(page, 'week-dice');
      const dice = page.getByTestId('dice-panel');
      const seeds = dice.getByTestId('dice-seed');
      await seeds.first().waitFor();
      // nweek 1's seed was committed when the game began and revealed when the nweek ended; it matches.
      const seed = (which: string) => dice.locator(`[data-testid=dice-seed][data-seed="${which}"]`);
      expect(await seed('public-1').getAttribute('data-status')).toBe('matches');
      expect(await seed('public-1').innerText()).toMatch(/nweek 1, nday 1 \(entry \d+\).*nweek 1, nday 7/s);
      expect(await seed('public-2').getAttribute('data-status')).toBe('sealed');
      expect(await seed('secret-0').getAttribute('data-status')).toBe('sealed');
      // Every roll in alice's own log, and no other, each checked here: the player list's, against its seed.
      const log = await call<{ lines: Line[] }>(h.base, 'GET', `/api/games/${game}/log`, alice);
      const visible = log.lines.flatMap((l) => l.event.rolls ?? []).length;
      const rolls = dice.getByTestId('dice-roll');
      expect(await rolls.count()).toBe(visible);
      const list = rolls.filter({ hasText: 'the player list' });
      expect(await list.getAttribute('data-status')).toBe('verified');
      expect(await list.innerText()).toContain('✓ checked against its seed');
      expect(await dice.locator('[data-status=wrong]').count()).toBe(0);
      // The deck is shuffled from the secret stream: alice's check never shows it.
      expect(await dice.innerText()).not.toContain('the deck');
      await fits(page, size.width);
      await shot(page.locator('.week'), `dice-${size.name}`);
      await context.close();
    }, 180_000);

    it(`${size.name}: orders previewed, irreversible ones confirmed, absences said apart, a correction reported`, async () => {
      const game = `orders-${size.name}`;
      const { admin } = await tunnelers(game);
      const { context, page } = await open(size, game, { admin });

      // Preview of an order: what it would do, nothing written.
      const before = await entries(game, admin);
      const points = page.getByRole('form', { name: 'points', exact: true });
      await points.getByLabel('to', { exact: true }).fill('alice');
      await points.getByLabel('amount', { exact: true }).fill('3');
      await points.getByLabel('reason', { exact: true }).fill('a prize for the best map');
      await points.getByRole('button', { name: 'Preview' }).click();
      const shown = points.getByTestId('preview');
      await shown.waitFor();
      expect(await shown.innerText()).toContain('3 points from The Bank to alice: a prize for the best map.');
      expect(await shown.innerText()).toContain('nothing has been done yet');
      expect(await entries(game, admin)).toBe(before);
      // Done for real: the same.
      await points.getByRole('button', { name: 'points', exact: true }).click();
      await points.locator('.outcome.ok').waitFor();
      const paid = (
        await call<{ lines: Line[] }>(h.base, 'GET', `/api/games/${game}/log`, admin)
      ).lines.findLast((l) => l.type === 'points') as Line;

      // A mistaken entry is corrected by a reversing one, which the report sets out.
      const correct = page.getByRole('form', { name: 'correct', exact: true });
      await correct.getByLabel('entry', { exact: true }).fill(String(paid.seq));
      await correct.getByLabel('reason', { exact: true }).fill('the prize was for bob');
      await correct.getByRole('button', { name: 'correct', exact: true }).click();
      expect(await correct.locator('.outcome.ok').innerText()).toContain(
        'Correction: 3 points from alice to The Bank, reversing the transfer of nday 1 of nweek 1 ("a prize for the best map"): the prize was for bob.',
      );

      // Ending the nweek asks first, showing what it would do; Cancel does nothing.
      const tick = page.getByRole('form', { name: 'tick', exact: true });
      await tick.getByLabel('nweek (optional)').selectOption('true');
      await tick.getByRole('button', { name: 'tick', exact: true }).click();
      const confirm = tick.getByTestId('confirm');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('End every nday left in this nweek?');
      expect(await confirm.innerText()).toContain('would be revealed');
      // What the rules will do for the players who have not acted is in the preview already.
      expect(await confirm.getByTestId('absent-item').count()).toBeGreaterThanOrEqual(2);
      const mid = await entries(game, admin);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await entries(game, admin)).toBe(mid);
      // Confirmed: done, and the turns the rules timed out are said apart, loudly.
      await tick.getByRole('button', { name: 'tick', exact: true }).click();
      await fits(page, size.width);
      await shot(tick, `confirm-${size.name}`);
      await tick.getByRole('button', { name: 'Yes, tick' }).click();
      const done = tick.locator('.outcome.ok');
      await done.waitFor();
      const absent = done.getByTestId('absent');
      expect(await absent.innerText()).toContain('The rules acted for players who had not acted in time');
      expect(await absent.getByTestId('absent-item').count()).toBeGreaterThanOrEqual(2);
      expect(await absent.innerText()).toMatch(/did not act in time/);
      expect(await entries(game, admin)).toBeGreaterThan(mid);
      await fits(page, size.width);
      await shot(tick, `absent-${size.name}`);

      // The report of nweek 1 has its correction.
      await openPart(page, 'week-report');
      await page
        .getByTestId('report-text')
        .first()
        .filter({ hasText: '### Corrections' })
        .filter({ hasText: 'the prize was for bob' })
        .waitFor();

      // A tick of one nday needs no confirmation; ending the game does.
      const end = page.getByRole('form', { name: 'end', exact: true });
      await end.getByRole('button', { name: 'end', exact: true }).click();
      await end.getByTestId('confirm').filter({ hasText: 'End the game for good?' }).waitFor();
      await end.getByRole('button', { name: 'Cancel' }).click();
      const view = await call<{ view: { ended?: unknown } }>(h.base, 'GET', `/api/games/${game}`);
      expect(view.view.ended ?? null).toBeNull();
      await fits(page, size.width);
      await context.close();
    }, 180_000);
  }
});
