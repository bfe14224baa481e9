// Issue 24 item 1: a ruleset with no drawing of its own is playable on the page with no edit there. The page
// draws its view generically (web/src/views/facts.tsx: each fact by name, a list of records as a table, and the
// ruleset's own text render), offers a form for each of its commands, and shows each viewer only eir view. Played
// here with docs/adding-a-ruleset.md's example, Guess the Number, registered in the server's Registry as a sixth
// ruleset would be. In Debian's headless Chromium against the real server.
import { describe, expect, it } from 'vitest';
import { RULESETS } from '../../src/rulesets/index.js';
import { guessTheNumberRuleset } from '../../src/rulesets/guess-the-number/index.js';
import { call, createGame, give, harnessForFile, joinGame } from './support.js';

const h = harnessForFile({ rulesets: [...RULESETS, guessTheNumberRuleset] });

describe('the generic drawing of a ruleset with none of its own', () => {
  it('shows each viewer eir own view: the Number to the Administrator only; a guess through its form', async () => {
    const admin = await h.person();
    const alice = await h.person();
    const token = await createGame(admin.page, h.base, 'guess-the-number', 'guess1');
    const adminView = await call<{ view: { number: number } }>(h.base, 'GET', '/api/games/guess1/me', token);
    const number = adminView.view.number;
    const facts = admin.page.getByTestId('facts-view');
    await facts.locator('dt', { hasText: /^number$/ }).waitFor();
    expect(await facts.locator('dd [data-kind=number]').innerText()).toBe(String(number));

    await joinGame(alice.page, h.base, 'guess1', 'alice');
    const hers = alice.page.getByTestId('facts-view');
    await hers.locator('dt', { hasText: /^largest$/ }).waitFor();
    const wrong = number === 1 ? 2 : 1;
    expect(await give(alice.page, 'guess', { number: String(wrong) })).toMatch(/^Done/);
    // Her guess, public, in the table of guesses; the Number nowhere on her page.
    await hers.locator('table[data-kind=guesses] td', { hasText: 'alice' }).waitFor();
    expect(await hers.locator('table[data-kind=guesses]').innerText()).toContain(String(wrong));
    expect(await hers.locator('dt', { hasText: /^number$/ }).count()).toBe(0);
    expect(await hers.locator('.text-view').innerText()).not.toContain('it is');
    expect(await alice.page.getByRole('form', { name: 'roll-again', exact: true }).count()).toBe(0);
  });
});
