// Issue 26 item 3 on the page: "Check the dice" on a game of beacon dice (a test chain whose key the operator
// gives; its rounds signed here on demand), in Debian's headless Chromium against the real server. The player
// list's shuffle of nweek 1 is derived again in the browser from the revealed seed and the recorded round (the
// round's BLS signature verified there), and each seed says where its timelock stands: nweek 1's round
// recorded (anyone can open it), nweek 2's still to come.
import { describe, expect, it } from 'vitest';
import { call, harnessForFile } from './support.js';
import { makeTestChain } from '../beacon/test-chain.js';

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
}

describe('Check the dice on beacon dice (issue 26)', () => {
  it("derives a beacon nweek's rolls again in the browser and shows each seed's timelock", async () => {
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
    // nweek 1's round recorded: anyone can open it. (nweek 2's opens at the same round when the tick fell in
    // the same 3-second round as the creation, B13: the page then says so of both.)
    await record(first?.opens as number);
    const one = await seed('public-1');
    expect(await one.getAttribute('data-status')).toBe('matches');
    expect(await one.getByTestId('dice-timelock').innerText()).toContain(
      `its round ${first?.opens} is recorded`,
    );
    expect(await (await seed('public-2')).getByTestId('dice-timelock').innerText()).toContain(
      second?.opens === first?.opens
        ? `its round ${second?.opens} is recorded`
        : `timelocked to beacon round ${second?.opens}`,
    );
    const dice = page.getByTestId('dice-panel');
    const list = dice.getByTestId('dice-roll').filter({ hasText: 'the player list' });
    expect(await list.getAttribute('data-status')).toBe('verified');
    await context.close();
  }, 120_000);
});
