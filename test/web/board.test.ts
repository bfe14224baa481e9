// Issue 16, "The page for players": the Grid's column numbers inside its drawing, a key to its colours and
// marks with a glyph beside every colour (Life's Cells lettered), a click on the board filling the form being
// prepared, only the actions the viewer may take now (with the choices eir view knows), and results that do
// not linger as if current. In Debian's headless Chromium against the real server.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, give, harnessForFile } from './support.js';
import type { Scene } from './scenes.js';
import { open, scene } from './scenes.js';

const h = harnessForFile();

// What the page's elements are here (this project's TypeScript has no DOM library): only what is read.
interface Attributed {
  getAttribute(name: string): string | null;
  textContent: string | null;
}
interface Valued {
  value: string;
}
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Drawing {
  viewBox: { baseVal: Box };
  querySelectorAll(selector: string): Iterable<{ textContent: string | null; getBBox(): Box }>;
}

interface Payload {
  seq: number;
  view: Record<string, unknown>;
}

const viewOf = async (s: Scene, token?: string) =>
  (await call<Payload>(h.base, 'GET', token ? `/api/games/${s.game}/me` : `/api/games/${s.game}`, token))
    .view;

/** The names of the forms the page offers, once its actions are drawn. */
async function forms(page: Page): Promise<string[]> {
  await page.locator('.act-col h2').first().waitFor();
  await page.locator('.actions-list').waitFor();
  return page
    .locator('form.command')
    .evaluateAll((fs: Attributed[]) => fs.map((f) => f.getAttribute('data-command') ?? ''));
}

/** The values of a choice's options, less the "choose…" one. */
const options = (page: Page, form: string, label: string) =>
  page
    .getByRole('form', { name: form, exact: true })
    .getByLabel(label, { exact: true })
    .locator('option')
    .evaluateAll((os: Valued[]) => os.map((o) => o.value).filter((v) => v !== ''));

const field = (page: Page, form: string, label: string) =>
  page.getByRole('form', { name: form, exact: true }).getByLabel(label, { exact: true });

/** Waits until a field shows a value (a click fills the form on the page's next render). */
const filled = (box: Locator, value: string | undefined) =>
  expect.poll(() => box.inputValue(), { timeout: 30_000 }).toBe(value);

describe('the Grid drawn', () => {
  for (const ruleset of ['grid-2002-01', 'grid-2002-06'] as const)
    it(`${ruleset}: every row and column number lies inside the drawing`, async () => {
      const s = await scene(h.base, ruleset, `ticks-${ruleset}`);
      const { page } = await h.person();
      await open(page, h.base, s, 'public');
      const svg = page.getByTestId('grid-svg');
      await svg.locator('.tick-x').nth(19).waitFor();
      // In the page: each number's box against the drawing's viewBox.
      const out = await svg.evaluate((el: Drawing) => {
        const box = el.viewBox.baseVal;
        return [...el.querySelectorAll('.tick-x, .tick-y')]
          .map((t) => ({ n: t.textContent ?? '', b: t.getBBox() }))
          .filter(
            ({ b }) =>
              b.x < box.x ||
              b.y < box.y ||
              b.x + b.width > box.x + box.width ||
              b.y + b.height > box.y + box.height,
          )
          .map(({ n }) => n);
      });
      expect(await svg.locator('.tick-x').count()).toBe(20);
      expect(await svg.locator('.tick-y').count()).toBe(20);
      expect(out, 'numbers drawn outside the viewBox').toEqual([]);
    }, 120_000);

  it('the June Grid: a key to the colours and marks, and a glyph on every coloured square', async () => {
    const s = await scene(h.base, 'grid-2002-06', 'key1');
    const { page } = await h.person();
    await open(page, h.base, s, 'player');
    const key = page.getByTestId('grid-key');
    for (const k of ['Frozen', 'Wet', 'Fire', 'Mud', 'Radar', 'player', 'you', 'shield', 'siren'])
      await key.locator(`[data-key="${k}"]`).waitFor();
    // Each key entry of a square's state shows its glyph as well as its colour.
    for (const [k, glyph] of [
      ['Frozen', '='],
      ['Wet', '~'],
      ['Fire', '^'],
      ['Mud', 'm'],
    ])
      expect(await key.locator(`[data-key="${k}"] .swatch`).innerText()).toBe(glyph);
    const squares = (await viewOf(s)).squares as {
      at: [number, number];
      substance: string;
      wet: boolean;
      frozen: boolean;
    }[];
    const states = squares.filter((q) => q.frozen || q.wet || q.substance !== 'Turf');
    expect(states.some((q) => q.frozen) && states.some((q) => q.wet)).toBe(true);
    for (const q of states) {
      const glyph = q.frozen
        ? '='
        : q.wet
          ? '~'
          : q.substance === 'Fire'
            ? '^'
            : q.substance === 'Mud'
              ? 'm'
              : '';
      const mark = page.locator(
        `[data-testid=grid-svg] .square-glyph[data-x="${q.at[0]}"][data-y="${q.at[1]}"]`,
      );
      expect(await mark.textContent(), `the glyph at (${q.at.join(',')})`).toBe(glyph);
    }
  }, 120_000);

  it('a click on a square fills the x and y of the form being prepared', async () => {
    const s = await scene(h.base, 'grid-2002-06', 'click1');
    const { page } = await h.person();
    await open(page, h.base, s, 'player');
    const bob = ((await viewOf(s)).players as { name: string; location: [number, number] }[]).find(
      (p) => p.name === 'bob',
    )?.location;
    if (!bob) throw new Error('bob should be on the Grid');
    // The first form that takes a square (move) is filled until another is being prepared.
    await page.getByRole('form', { name: 'move', exact: true }).and(page.locator('.prepared')).waitFor();
    await page.locator('[data-testid=grid-svg] [data-player=bob]').click();
    await filled(field(page, 'move', 'x'), String(bob[0]));
    await filled(field(page, 'move', 'y'), String(bob[1]));
    await page
      .getByTestId('picked')
      .filter({ hasText: `(${bob[0]},${bob[1]})` })
      .waitFor();
    // Preparing buy-rock (focusing its x) makes the next click fill it, and leaves move as it was.
    await field(page, 'buy-rock', 'x (optional)').focus();
    await page.getByRole('form', { name: 'buy-rock', exact: true }).and(page.locator('.prepared')).waitFor();
    await page.locator('[data-testid=grid-svg] [data-player=alice]').click();
    const alice = ((await viewOf(s)).players as { name: string; location: [number, number] }[]).find(
      (p) => p.name === 'alice',
    )?.location;
    await filled(field(page, 'buy-rock', 'x (optional)'), String(alice?.[0]));
    await filled(field(page, 'buy-rock', 'y (optional)'), String(alice?.[1]));
    await filled(field(page, 'move', 'x'), String(bob[0]));
  }, 120_000);
});

describe("Life's Field", () => {
  it('each Cell carries its letter as well as its colour, and a click on one fills the Tweak', async () => {
    const s = await scene(h.base, 'life', 'life-key');
    const { page } = await h.person();
    await open(page, h.base, s, 'player');
    const field$ = page.getByTestId('field-svg');
    const cells = (
      (await viewOf(s)).objects as { Cell: { at: [number, number]; attributes: { Color: string | null } }[] }
    ).Cell;
    await field$
      .locator('rect.cell')
      .nth(cells.length - 1)
      .waitFor();
    const letters = await field$
      .locator('.cell-symbol')
      .evaluateAll((ts: Attributed[]) =>
        ts.map((t) => `${t.getAttribute('data-x')},${t.getAttribute('data-y')}:${t.textContent}`),
      );
    const expected = cells
      .filter((c) => c.attributes.Color !== null)
      .map((c) => `${c.at[0]},${c.at[1]}:${(c.attributes.Color ?? '').slice(0, 1)}`);
    expect(letters.sort()).toEqual(expected.sort());
    expect(await page.getByTestId('field-key').innerText()).toMatch(/R\s*Red/);
    // A click on a Cell fills the Tweak's x and y; its choices are the Cells alice may tweak (null or Red).
    // (An empty Cell is not painted, so the click is at its place on the Field.)
    const box = await field$.locator('rect.cell[data-x="3"][data-y="3"]').boundingBox();
    if (!box) throw new Error('no Cell at (3,3)');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await filled(field(page, 'tweak', 'x'), '3');
    await filled(field(page, 'tweak', 'y'), '3');
    const mayTweak = cells.filter((c) => c.attributes.Color === null || c.attributes.Color === 'Red');
    expect((await options(page, 'tweak', 'square')).sort()).toEqual(
      mayTweak.map((c) => c.at.join(',')).sort(),
    );
  }, 120_000);
});

describe('only the actions the viewer may take now', () => {
  it('the June Grid: on the Grid no enter, in Limbo only what Limbo allows; what lies here is a choice', async () => {
    const s = await scene(h.base, 'grid-2002-06', 'offers06');
    const { page } = await h.person();
    await open(page, h.base, s, 'player');
    await page.getByRole('form', { name: 'pickup', exact: true }).waitFor();
    const alice = await forms(page);
    expect(alice).not.toContain('enter');
    for (const f of ['leave', 'move', 'pickup']) expect(alice).toContain(f);
    // Holding nothing, she has nothing to drop, throw or stuff in her ears; she has no Gun to fire.
    for (const f of ['drop', 'throw', 'stuff-ears', 'fire', 'whack', 'catch', 'take-bait'])
      expect(alice).not.toContain(f);
    expect(alice.length).toBeLessThan(17);
    // The Shield on her square is the choice to pick up (by its id), and only it.
    const shield = (
      (await viewOf(s)).objects as { id: string; kind: string; place: { on?: number[] } }[]
    ).find((o) => o.kind === 'shield' && o.place.on);
    const at = ((await viewOf(s)).players as { name: string; location: number[] }[]).find(
      (p) => p.name === 'alice',
    )?.location;
    const here = (
      (await viewOf(s)).objects as { id: string; kind: string; place: { on?: number[] } }[]
    ).filter((o) => o.kind === 'shield' && o.place.on?.join(',') === at?.join(','));
    expect(shield).toBeDefined();
    expect(await options(page, 'pickup', 'object')).toEqual(here.map((o) => o.id));
    // Its squares to move to are the eight around her, as a choice.
    expect(await options(page, 'move', 'square')).toHaveLength(at && (at[0] === 1 || at[1] === 1) ? 5 : 8);

    const carol = (await h.person()).page;
    await open(carol, h.base, s, 'player', 'carol');
    await carol.getByRole('form', { name: 'enter', exact: true }).waitFor();
    const limbo = await forms(carol);
    for (const f of ['leave', 'move', 'pickup', 'drop', 'throw', 'fire', 'build-tower'])
      expect(limbo).not.toContain(f);
  }, 120_000);

  it('the January Grid: enter only from Limbo, one announced move an nweek', async () => {
    const s = await scene(h.base, 'grid-2002-01', 'offers01');
    const pages: Record<string, string[]> = {};
    for (const p of ['alice', 'bob', 'carol']) {
      const { page } = await h.person();
      await open(page, h.base, s, 'player', p);
      await page.locator('form.command').first().waitFor();
      pages[p] = (await forms(page)).sort();
    }
    expect(pages.alice).toEqual(['leave', 'move']);
    // Bob has announced his move this nweek.
    expect(pages.bob).toEqual(['leave']);
    expect(pages.carol).toEqual(['enter']);
  }, 120_000);

  it('Tunnelers: the turn is the player on turn; the other may give standing orders; cards and squares are choices', async () => {
    const s = await scene(h.base, 'tunnelers', 'offers-tun');
    const other = Object.keys(s.tokens).find((p) => p !== s.you) ?? '';
    const onTurn = (await h.person()).page;
    await open(onTurn, h.base, s, 'player');
    await onTurn.getByRole('form', { name: 'end-turn', exact: true }).waitFor();
    const mine = await forms(onTurn);
    for (const f of ['move', 'play', 'discard', 'attack', 'end-turn', 'orders']) expect(mine).toContain(f);
    expect(mine).not.toContain('defend');
    expect(mine).not.toContain('pay-to-play');
    const me = (await viewOf(s, s.tokens[s.you])).you as { hand: string[]; mole: { at: string } };
    const ticks = await onTurn
      .getByRole('form', { name: 'discard', exact: true })
      .locator('input[type=checkbox]')
      .evaluateAll((cs: Valued[]) => cs.map((c) => c.value));
    expect(ticks).toEqual(me.hand);
    const [f, r] = [me.mole.at.charCodeAt(0) - 96, Number(me.mole.at[1])];
    const around = [
      [f, r + 1],
      [f + 1, r],
      [f, r - 1],
      [f - 1, r],
    ]
      .filter(([a, b]) => (a ?? 0) >= 1 && (a ?? 0) <= 8 && (b ?? 0) >= 1 && (b ?? 0) <= 8)
      .map(([a, b]) => `${String.fromCharCode(96 + (a ?? 0))}${b}`);
    expect((await options(onTurn, 'attack', 'target')).sort()).toEqual(around.sort());

    const offTurn = (await h.person()).page;
    await open(offTurn, h.base, s, 'player', other);
    await offTurn.getByRole('form', { name: 'orders', exact: true }).waitFor();
    expect(await forms(offTurn)).toEqual(['orders']);

    // The Moderator, the game started and no request waiting: no start, approve or refuse.
    const admin = (await h.person()).page;
    await open(admin, h.base, s, 'admin');
    await admin.getByRole('form', { name: 'tick', exact: true }).waitFor();
    const orders = await forms(admin);
    for (const f of ['start', 'approve', 'refuse', 'dice', 'enact', 'amend', 'resume-clock'])
      expect(orders).not.toContain(f);
    expect((await options(admin, 'repeal', 'module')).length).toBeGreaterThan(0);
  }, 120_000);

  it('Quests: the active player moves along a passage chosen from eir exits; the other has nothing to do', async () => {
    const s = await scene(h.base, 'rooms+quests', 'offers-q');
    const alice = (await h.person()).page;
    await open(alice, h.base, s, 'player');
    await alice.getByRole('form', { name: 'move', exact: true }).waitFor();
    const you = (await viewOf(s, s.tokens.alice)).you as { exits: string[] };
    expect((await options(alice, 'move', 'to')).sort()).toEqual([...you.exits].sort());
    // Her Quest is on the Roster: no step of a creation is offered.
    expect((await forms(alice)).filter((f) => f.startsWith('quest-'))).toEqual([]);
    // A click on a room fills the move.
    await alice.locator(`[data-testid=map-svg] g.room[data-room="${you.exits[0]}"]`).click();
    await filled(field(alice, 'move', 'to'), you.exits[0]);
    const bob = (await h.person()).page;
    await open(bob, h.base, s, 'player', 'bob');
    await bob.getByText('No action is open to you now.').waitFor();
    expect(await bob.locator('form.command').count()).toBe(0);
  }, 120_000);
});

describe('results do not linger as if current', () => {
  it('an action done is said above the forms once its form is gone, and marked earlier after the next update', async () => {
    const s = await scene(h.base, 'grid-2002-06', 'stale1');
    const { page } = await h.person();
    await open(page, h.base, s, 'player');
    const view = await viewOf(s);
    const players = view.players as { name: string; location: [number, number] | null }[];
    const at = players.find((p) => p.name === 'alice')?.location;
    if (!at) throw new Error('alice should be on the Grid');
    const taken = new Set(
      [
        ...players.map((p) => p.location),
        ...(view.objects as { place: { on?: [number, number] } }[]).map((o) => o.place.on),
      ]
        .filter((x): x is [number, number] => Array.isArray(x))
        .map((x) => x.join(',')),
    );
    const to = (await options(page, 'move', 'square')).find((sq) => !taken.has(sq));
    if (!to) throw new Error('no free square around alice');
    const said = await give(page, 'move', { square: to });
    expect(said).toMatch(/^Done/);
    // Moved this nweek: the move form is gone, and what it came to is said above the forms, as current.
    await page.getByRole('form', { name: 'move', exact: true }).waitFor({ state: 'detached' });
    const outcome = page.locator('.results [data-testid=outcome][data-command=move]');
    await outcome.waitFor();
    expect(await outcome.getAttribute('class')).not.toContain('stale');
    // Bob acts: alice's page updates, and her result is now an earlier one.
    await call(h.base, 'POST', `/api/games/${s.game}/commands`, s.tokens.bob, { type: 'leave', args: {} });
    await page.locator('.results [data-testid=outcome][data-command=move].stale').waitFor();
    expect(await outcome.innerText()).toMatch(/^earlier/);

    // So with a forum post: what became of it is current until something else happens.
    await page.getByLabel(/your post/).fill('I leave the Grid.');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    const sentences = page.getByTestId('sentences');
    await sentences.locator('li.sentence.accepted').waitFor();
    expect(await sentences.getAttribute('class')).not.toContain('stale');
    await call(h.base, 'POST', `/api/games/${s.game}/commands`, s.admin, {
      type: 'points',
      args: { to: 'bob', amount: 1, reason: 'a later entry' },
    });
    await page.locator('[data-testid=sentences].stale').waitFor();
    expect(await sentences.innerText()).toMatch(/^earlier/);
  }, 120_000);
});
