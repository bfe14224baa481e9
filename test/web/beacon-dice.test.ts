// Issue 26 item 3 on the page: "Check the dice" on a game of beacon dice (a test chain whose key the operator
// gives; its rounds signed here on demand), in Debian's headless Chromium against the real server. The player
// list's shuffle of nweek 1 is derived again in the browser from the revealed seed and the recorded round (the
// round's BLS signature verified there), and each seed says where its timelock stands: nweek 2's still to
// come; nweek 1's round recorded, so the page opens it (B14) and checks the seed that comes out against the
// commitment. A log whose timelock was tampered with in transit (another seed sealed to the same round, or
// the ciphertext altered) is shown failing, visibly.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, harnessForFile } from './support.js';
import { makeTestChain } from '../beacon/test-chain.js';
import { sealSeed } from '../../src/engine/timelock-seal.js';

const h = harnessForFile();
const t = makeTestChain(
  'webtest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 11),
);

interface Committed {
  type: string;
  epoch?: number;
  stream?: string;
  round?: number;
  opens?: number;
  timelock?: string;
}

/** Serves the page the game's log with nweek 1's public commitment's timelock changed (a server that lied). */
async function tamperTimelock(page: Page, change: (timelock: string) => string): Promise<void> {
  await page.route(/\/api\/games\/[^/]+\/log/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { lines: { event: Committed }[] };
    for (const l of body.lines)
      if (l.event.type === 'seed-committed' && l.event.stream === 'public' && l.event.epoch === 1)
        l.event.timelock = change(l.event.timelock as string);
    await route.fulfill({ response, json: body });
  });
}

describe('Check the dice on beacon dice (issue 26)', () => {
  it("derives a beacon nweek's rolls again in the browser, opens each seed's timelock once its round is recorded, and fails visibly on a tampered one", async () => {
    const game = 'beacon-web';
    const { adminToken: admin } = await call<{ adminToken: string }>(
      h.base,
      'POST',
      '/api/games',
      undefined,
      {
        ruleset: 'tunnelers',
        game,
        dice: 'beacon',
        beacon: { ...t.chain },
      },
    );
    const order = (type: string, args: object, token = admin) =>
      call(h.base, 'POST', `/api/games/${game}/commands`, token, { type, args });
    const commitments = async () =>
      (await call<{ lines: { event: Committed }[] }>(h.base, 'GET', `/api/games/${game}/log`, admin)).lines
        .map((l) => l.event)
        .filter((e) => e.type === 'seed-committed' && e.stream === 'public');
    const record = (n: number) => order('beacon', { round: n, json: { ...t.round(n) } });
    await record((await commitments())[0]?.round as number);
    for (const name of ['alice', 'bob']) {
      const { token } = await call<{ token: string }>(h.base, 'POST', `/api/games/${game}/join`, undefined, {
        player: name,
      });
      await order('approve', { player: name });
      await order('points', { to: name, amount: 4, reason: 'the Main Game' });
      await order('pay-to-play', {}, token);
    }
    await order('start', {});
    await order('tick', { nweek: true });
    const [first, second] = await commitments();
    await record(second?.round as number);

    const { context, page } = await h.person();
    const seed = async (which: string) => {
      await page.goto(`${h.base}/#/games/${game}`);
      await page.reload();
      await page.getByTestId('week-dice').locator('summary').click();
      const panel = page.getByTestId('dice-panel');
      await panel.getByTestId('dice-seed').first().waitFor();
      return panel.locator(`[data-testid=dice-seed][data-seed="${which}"]`);
    };
    // Before any timelock's round is recorded, each seed says the round it is timelocked to.
    expect(await (await seed('public-2')).getByTestId('dice-timelock').innerText()).toContain(
      `timelocked to beacon round ${second?.opens}`,
    );
    // nweek 1's round recorded: the page opens its timelock, and the seed matches the commitment. (nweek 2's
    // opens at the same round when the tick fell in the same 3-second round as the creation, B13: the page
    // then opens both; nweek 2's seed, not yet revealed, is then the one its timelock gives.)
    await record(first?.opens as number);
    const one = await seed('public-1');
    expect(await one.getAttribute('data-status')).toBe('matches');
    const lock = one.locator('[data-testid=dice-timelock]:not([data-timelock=opening])');
    await lock.waitFor();
    expect(await lock.getAttribute('data-timelock')).toBe('matches');
    expect(await lock.innerText()).toContain(
      `the seed opened from its timelock (round ${first?.opens}) matches the commitment and the seed revealed`,
    );
    const two = (await seed('public-2')).locator('[data-testid=dice-timelock]:not([data-timelock=opening])');
    await two.waitFor();
    expect(await two.getAttribute('data-timelock')).toBe(
      second?.opens === first?.opens ? 'matches' : 'sealed',
    );
    const dice = page.getByTestId('dice-panel');
    const list = dice.getByTestId('dice-roll').filter({ hasText: 'the player list' });
    expect(await list.getAttribute('data-status')).toBe('verified');
    await context.close();

    // Tampered in transit: another seed sealed to the same round of the same chain (what a referee who
    // timelocked a seed other than the one committed would publish) opens, but not to the commitment.
    const other = await sealSeed(t.chain, first?.opens as number, new Uint8Array(32).fill(7));
    const lied = await h.person();
    await tamperTimelock(lied.page, () => other);
    const failing = async (p: Page) => {
      await p.goto(`${h.base}/#/games/${game}`);
      await p.getByTestId('week-dice').locator('summary').click();
      const row = p.getByTestId('dice-panel').locator('[data-testid=dice-seed][data-seed="public-1"]');
      const shown = row.locator('[data-testid=dice-timelock]:not([data-timelock=opening])');
      await shown.waitFor();
      expect(await shown.getAttribute('data-timelock')).toBe('wrong');
      // Shown in red, as a wrong roll is (week.css).
      const color = await p.evaluate(
        `getComputedStyle(document.querySelector('[data-testid=dice-panel] [data-testid=dice-seed][data-seed="public-1"] [data-testid=dice-timelock]')).color`,
      );
      expect(color).toBe('rgb(170, 17, 17)');
      return shown.innerText();
    };
    expect(await failing(lied.page)).toContain(
      `✗ timelock (round ${first?.opens}): the seed opened from its timelock does not match the commitment`,
    );
    await lied.context.close();
    // The ciphertext altered (one character of its armored body): it does not open at all.
    const altered = await h.person();
    await tamperTimelock(altered.page, (text) => {
      const lines = text.split('\n');
      const at = lines.findIndex((l, i) => i > 0 && l.length > 20);
      const line = lines[at] as string;
      lines[at] = line.slice(0, 10) + (line[10] === 'A' ? 'B' : 'A') + line.slice(11);
      return lines.join('\n');
    });
    expect(await failing(altered.page)).toContain(
      `✗ timelock (round ${first?.opens}): the timelock does not open`,
    );
    await altered.context.close();
  }, 120_000);
});
