// The web page end to end, in Debian's headless Chromium against the real server: create a game, two players
// join in two browsers, one acts and the other's page follows live, the Administrator ticks; and no player's
// page (its text, its SVG, its markup) ever shows another's secrets or what only the Administrator may see.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { atSeq, call, createGame, freeSquares, give, joinGame, harnessForFile, whenLive } from './support.js';
import { LIFE_START } from './scenes.js';

const h = harnessForFile();

interface Payload {
  seq: number;
  view: Record<string, unknown>;
  text: string;
}

const html = (page: Page) => page.content();

describe('the web page', () => {
  it('creates a game, two players join in two browsers, one acts, the other sees it live, the Administrator ticks', async () => {
    const admin = await h.person();
    const alice = await h.person();
    const bob = await h.person();
    const adminToken = await createGame(admin.page, h.base, 'grid-2002-01', 'live1');
    const squares = await freeSquares(h.base, 'live1', adminToken);
    const [ax, ay] = squares.near(3, 4);
    // Bob's entry square and the square he then announces a move to, both clear of the hidden Things.
    let bx = 10;
    let by = 10;
    while (!(squares.free(bx, by) && squares.free(bx + 1, by + 1)))
      [bx, by] = bx < 18 ? [bx + 1, by] : [2, by + 1];
    await joinGame(alice.page, h.base, 'live1', 'alice');
    await joinGame(bob.page, h.base, 'live1', 'bob');

    // The game list shows the game to anyone.
    const visitor = await h.person();
    await visitor.page.goto(`${h.base}/#/`);
    await visitor.page.getByRole('link', { name: 'live1' }).waitFor();

    await whenLive(bob.page);
    await whenLive(admin.page);
    // Bob's page draws the board, with nobody on it yet.
    const bobBoard = bob.page.getByTestId('grid-svg');
    await bobBoard.waitFor();
    expect(await bobBoard.locator('[data-kind=player]').count()).toBe(0);

    // Alice enters the Grid through her form; Bob's page shows her there without being reloaded.
    const said = await give(alice.page, 'enter', { x: String(ax), y: String(ay) });
    expect(said).toMatch(/^Done/);
    await bobBoard.locator(`[data-kind=player][data-player=alice][data-x="${ax}"][data-y="${ay}"]`).waitFor();
    await bob.page.getByTestId('log').getByText('alice enters the Grid', { exact: false }).first().waitFor();
    // Alice's own page marks her as "you".
    await alice.page.locator('[data-testid=grid-svg] .player.you[data-player=alice]').waitFor();

    // A refused command says why and changes nothing: Bob cannot enter on Alice's square.
    const refused = await give(bob.page, 'enter', { x: String(ax), y: String(ay) });
    expect(refused).toMatch(/^Refused \(occupied\)/);

    // The Administrator ticks: everyone's page moves to the next nday.
    await admin.page.locator('.status', { hasText: 'nday 1 of 7' }).waitFor();
    expect(await give(admin.page, 'tick')).toMatch(/^Done/);
    for (const p of [alice.page, bob.page, admin.page])
      await p.locator('.status', { hasText: 'nday 2 of 7' }).waitFor();

    // Bob announces a move; it is drawn for Alice as an announcement.
    await give(bob.page, 'enter', { x: String(bx), y: String(by) });
    await give(bob.page, 'move', { x: String(bx + 1), y: String(by + 1) });
    await alice.page
      .locator(`[data-testid=grid-svg] [data-kind=announced][data-x="${bx + 1}"][data-y="${by + 1}"]`)
      .waitFor();

    // A player has no Administrator's controls; the Administrator has no player's actions.
    expect(await alice.page.getByRole('form', { name: 'tick', exact: true }).count()).toBe(0);
    expect(await admin.page.getByRole('form', { name: 'enter', exact: true }).count()).toBe(0);
    // The public (a browser with no token) sees the game and has no forms but joining.
    await visitor.page.goto(`${h.base}/#/games/live1`);
    await visitor.page.getByTestId('viewer').filter({ hasText: 'Viewing as the public' }).waitFor();
    await visitor.page.locator('[data-testid=grid-svg] [data-player=alice]').waitFor();
    expect(await visitor.page.locator('form.command').count()).toBe(0);
  });

  it('posts forum text with its token and an Idempotency-Key, and shows what became of each sentence', async () => {
    // The page's side of POST /api/games/:game/posts (docs/api.md), with the server's answer given here in
    // the shape of src/forum/post.ts's SentenceResult, so this checks the request and the rendering.
    const alice = await h.person();
    await createGame((await h.person()).page, h.base, 'grid-2002-06', 'post1');
    await joinGame(alice.page, h.base, 'post1', 'alice');
    const seen: { auth?: string; key?: string; body?: unknown }[] = [];
    await alice.page.route('**/api/games/post1/posts', async (route) => {
      const req = route.request();
      const headers = await req.allHeaders();
      seen.push({ auth: headers.authorization, key: headers['idempotency-key'], body: req.postDataJSON() });
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          sentences: [
            {
              sentence: 'I enter the Grid at (3,4).',
              status: 'accepted',
              command: { type: 'enter', args: { x: 3, y: 4 } },
            },
            {
              sentence: 'I move to (9,9).',
              status: 'rejected',
              error: { code: 'not-adjacent', message: '(9,9) is not next to (3,4)' },
            },
            {
              sentence: 'I entre the grid at 5 5.',
              status: 'not-understood',
              nearest: 'I enter the Grid at (5,5).',
            },
            { sentence: 'Hello all!', status: 'ignored' },
          ],
        }),
      });
    });
    const text = 'Hello all! I enter the Grid at (3,4). I move to (9,9). I entre the grid at 5 5.';
    await alice.page.getByLabel(/your post/).fill(text);
    await alice.page.getByRole('button', { name: 'Post', exact: true }).click();
    const results = alice.page.getByTestId('sentences');
    await results.locator('li.sentence').nth(3).waitFor();
    expect(await results.locator('li.sentence.accepted').innerText()).toContain('I enter the Grid at (3,4).');
    expect(await results.locator('li.sentence.rejected').innerText()).toContain(
      '(9,9) is not next to (3,4) (not-adjacent)',
    );
    expect(await results.locator('li.sentence.not-understood').innerText()).toContain(
      'I enter the Grid at (5,5).',
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.auth).toMatch(/^Bearer nr_/);
    expect(seen[0]?.key).toBeTruthy();
    expect(seen[0]?.body).toEqual({ text });
  });

  it("rotates the admin token from the Administrator's controls; the old one stops working", async () => {
    const admin = await h.person();
    const old = await createGame(admin.page, h.base, 'grid-2002-01', 'rotate1');
    admin.page.once('dialog', (d) => void d.accept());
    await admin.page.getByRole('button', { name: 'Rotate admin token' }).click();
    const shown = await admin.page
      .getByTestId('new-token')
      .filter({ hasText: 'new admin token' })
      .innerText();
    const fresh = /nr_[A-Za-z0-9_-]+/.exec(shown)?.[0] ?? '';
    expect(fresh).not.toBe(old);
    await expect(call(h.base, 'GET', '/api/games/rotate1/me', old)).rejects.toThrow(/401/);
    const me = await call<{ viewer: { role: string } }>(h.base, 'GET', '/api/games/rotate1/me', fresh);
    expect(me.viewer.role).toBe('admin');
    // The page kept the new token: it still acts as the Administrator.
    expect(await give(admin.page, 'tick')).toMatch(/^Done/);
  });
});

describe("one player's page never shows another's secrets", () => {
  it("the January Grid: the Things are on the Administrator's page only", async () => {
    const admin = await h.person();
    const alice = await h.person();
    const adminToken = await createGame(admin.page, h.base, 'grid-2002-01', 'things1');
    await joinGame(alice.page, h.base, 'things1', 'alice');
    const [x, y] = (await freeSquares(h.base, 'things1', adminToken)).near(5, 5);
    await give(alice.page, 'enter', { x: String(x), y: String(y) });
    const full = await call<Payload>(h.base, 'GET', '/api/games/things1/me', adminToken);
    const things = full.view.things as { kind: string; n: number; location: [number, number] }[];
    expect(things.length).toBeGreaterThan(0);

    // The Administrator's page draws every Thing (so the check below is not vacuous) ...
    // Each page counts only what its viewer may see (issue 13): Alice's is at least the public's position.
    await atSeq(admin.page, full.seq);
    await atSeq(alice.page, (await call<Payload>(h.base, 'GET', '/api/games/things1')).seq);
    expect(await admin.page.locator('[data-testid=grid-svg] .thing').count()).toBe(things.length);
    // ... and Alice's draws none, names none, and has no mark on any Thing's square but a player's.
    const page = await html(alice.page);
    expect(await alice.page.locator('.thing, [data-kind$="-thing"]').count()).toBe(0);
    expect(page).not.toMatch(/Shiny Thing|Scary Dark Thing|Things \(the Administrator only\)/);
    for (const t of things) {
      const at = `[data-x="${t.location[0]}"][data-y="${t.location[1]}"]`;
      expect(await alice.page.locator(`[data-testid=grid-svg] ${at}:not([data-kind=player])`).count()).toBe(
        0,
      );
    }
  });

  it("the June Grid: a Bonus Box the Administrator places is on no player's page", async () => {
    const admin = await h.person();
    const alice = await h.person();
    const bob = await h.person();
    const juneAdmin = await createGame(admin.page, h.base, 'grid-2002-06', 'june1');
    const squares = await freeSquares(h.base, 'june1', juneAdmin);
    const [boxX, boxY] = squares.near(11, 12);
    const [ex, ey] = squares.near(2, 2);
    await joinGame(alice.page, h.base, 'june1', 'alice');
    await joinGame(bob.page, h.base, 'june1', 'bob');
    await whenLive(alice.page);
    await whenLive(bob.page);
    // The Administrator places it through the generated form for `place`.
    const said = await give(admin.page, 'place', {
      kind: 'bonus-box',
      x: String(boxX),
      y: String(boxY),
      'name (optional)': 'Jackpot',
    });
    expect(said).toMatch(/^Done/);
    await admin.page
      .locator(`[data-testid=grid-svg] [data-kind=bonus-box][data-x="${boxX}"][data-y="${boxY}"]`)
      .waitFor();
    await admin.page.locator('.legend').getByText('Jackpot').waitFor();
    // Then a public move, so both players' pages have certainly caught up past the placing.
    await give(alice.page, 'enter', { x: String(ex), y: String(ey) });
    const seq = (await call<Payload>(h.base, 'GET', '/api/games/june1')).seq;
    for (const p of [alice.page, bob.page]) {
      await atSeq(p, seq);
      await p.locator(`[data-testid=grid-svg] [data-player=alice][data-x="${ex}"][data-y="${ey}"]`).waitFor();
      const text = await p.locator('body').innerText();
      const markup = await html(p);
      for (const secret of ['Jackpot', 'bonus-box', 'Bonus Box'])
        expect(markup.includes(secret) || text.includes(secret), `${secret} on a player's page`).toBe(false);
      expect(await p.locator(`[data-testid=grid-svg] [data-x="${boxX}"][data-y="${boxY}"]`).count()).toBe(0);
      // Nor the Administrator's own facts: the dice queue, the controls.
      expect(markup).not.toContain('diceQueue');
      expect(await p.getByRole('button', { name: 'Rotate admin token' }).count()).toBe(0);
    }
  });

  it("Tunnelers: a player's page shows eir own mole and hand, never another's, nor the board", async () => {
    const admin = await h.person();
    const alice = await h.person();
    const bob = await h.person();
    const adminToken = await createGame(admin.page, h.base, 'tunnelers', 'tun1');
    await joinGame(alice.page, h.base, 'tun1', 'alice');
    await joinGame(bob.page, h.base, 'tun1', 'bob');
    // T-22, T-25, 5: joining asked to join the society; the Moderator approves on eir page; each member, with
    // four points of eir score recorded, pays to play on eir own page.
    for (const [name, person] of [
      ['alice', alice],
      ['bob', bob],
    ] as const) {
      expect(await give(admin.page, 'approve', { player: name })).toMatch(/^Done/);
      await call(h.base, 'POST', '/api/games/tun1/commands', adminToken, {
        type: 'points',
        args: { to: name, amount: 4, reason: `${name}'s points in the Main Game` },
      });
      expect(await give(person.page, 'pay-to-play')).toMatch(/^Done/);
    }
    expect(await give(admin.page, 'start')).toMatch(/^Done/);
    const full = await call<Payload>(h.base, 'GET', '/api/games/tun1/me', adminToken);
    const moles = full.view.moles as { player: string; at: string }[];
    const hands = full.view.hands as Record<string, string[]>;
    const bobMole = moles.find((m) => m.player === 'bob');
    const aliceMole = moles.find((m) => m.player === 'alice');
    if (!bobMole || !aliceMole) throw new Error('both moles should be placed');

    await atSeq(alice.page, (await call<Payload>(h.base, 'GET', '/api/games/tun1')).seq);
    await atSeq(admin.page, full.seq);
    // The Moderator's page draws both moles (the check below is not vacuous).
    expect(await admin.page.locator('[data-testid=tunnelers-svg] [data-kind=mole]').count()).toBe(2);
    const board = alice.page.getByTestId('tunnelers-svg');
    await board.locator(`[data-kind=mole][data-player=alice][data-square=${aliceMole.at}]`).waitFor();
    // Only her own mole, and no square known but her own.
    expect(await board.locator('[data-kind=mole]').count()).toBe(1);
    expect(await board.locator(`[data-player=bob], [data-square=${bobMole.at}].tunnel`).count()).toBe(0);
    expect(await board.locator('.tunnel').count()).toBe(1);
    // Her hand, card for card; nobody else's, nor the deck.
    const cards = await alice.page.locator('.hand svg.card title').allTextContents();
    expect(cards.map((c) => /\((\w)\)/.exec(c)?.[1])).toEqual(hands.alice);
    const markup = await html(alice.page);
    for (const secret of ["bob's mole", 'Every hand', 'Deck, top first', `${bobMole.at}: tunneled`])
      expect(markup, secret).not.toContain(secret);
  });
});

describe('each ruleset drawn', () => {
  /** A player's page for a game set up through the API, entered with the "Have a token?" form. */
  async function asPlayer(game: string, token: string): Promise<Page> {
    const { page } = await h.person();
    await page.goto(`${h.base}/#/games/${game}`);
    await page.getByLabel("token (a player's or the Administrator's)").fill(token);
    await page.getByRole('button', { name: 'Use token' }).click();
    // The page shows the player's own view once its commands (a player's, never the public's) are there.
    await page.getByRole('heading', { name: 'Your actions' }).waitFor();
    return page;
  }

  it('Life: the Field as SVG, each Cell coloured by its team', async () => {
    const { adminToken } = await call<{ adminToken: string }>(h.base, 'POST', '/api/games', undefined, {
      ruleset: 'life',
      game: 'life1',
      dice: 'manual',
    });
    const { token } = await call<{ token: string }>(h.base, 'POST', '/api/games/life1/join', undefined, {
      player: 'alice',
    });
    // A Tweak comes after the nweek's Evolve. With dice chosen so that the first Evolve leaves more than one
    // Color (the corners differ), the match goes on whatever the run.
    await call(h.base, 'POST', '/api/games/life1/commands', adminToken, {
      type: 'initialize',
      args: {},
      rolls: [...LIFE_START, 1, 1],
    });
    await call(h.base, 'POST', '/api/games/life1/commands', adminToken, { type: 'evolve' });
    const page = await asPlayer('life1', token);
    await page.getByTestId('viewer').filter({ hasText: 'Viewing as alice' }).waitFor();
    const field = page.getByTestId('field-svg');
    await field.waitFor();
    const view = (await call<Payload>(h.base, 'GET', '/api/games/life1')).view as {
      field: { width: number; height: number };
      objects: { Cell: { at: [number, number]; attributes: { Color: string | null } }[] };
    };
    await field
      .locator('rect.cell')
      .nth(view.objects.Cell.length - 1)
      .waitFor();
    expect(await field.locator('rect.cell').count()).toBe(view.objects.Cell.length);
    for (const c of view.objects.Cell.filter((x) => x.attributes.Color !== null).slice(0, 5))
      await field
        .locator(`rect.cell[data-x="${c.at[0]}"][data-y="${c.at[1]}"][data-value=${c.attributes.Color}]`)
        .waitFor();
    // Her one action, Tweak, has its form: x and y.
    await page.getByRole('form', { name: 'tweak', exact: true }).getByLabel('x', { exact: true }).waitFor();
  });

  it('Quests: the rooms and passages as a graph, with where everyone is', async () => {
    await call(h.base, 'POST', '/api/games', undefined, { ruleset: 'rooms+quests', game: 'quest1' });
    const { token } = await call<{ token: string }>(h.base, 'POST', '/api/games/quest1/join', undefined, {
      player: 'alice',
    });
    const page = await asPlayer('quest1', token);
    const map = page.getByTestId('map-svg');
    await map.waitFor();
    const view = (await call<Payload>(h.base, 'GET', '/api/games/quest1')).view as {
      map: { start: string; rooms: { name: string; exits: string[] }[] };
    };
    await map
      .locator('g.room')
      .nth(view.map.rooms.length - 1)
      .waitFor();
    expect(await map.locator('g.room').count()).toBe(view.map.rooms.length);
    await map.locator(`g.room.here[data-room="${view.map.start}"]`).waitFor();
    // Moving along a passage through the generated form moves her on the map.
    const to = view.map.rooms.find((r) => r.name === view.map.start)?.exits[0] ?? '';
    expect(await give(page, 'move', { to })).toMatch(/^Done/);
    await map.locator(`g.room.here[data-room="${to}"]`).waitFor();
  });

  it('the README screenshot: a June Grid game as one player sees it', async () => {
    const { adminToken } = await call<{ adminToken: string }>(h.base, 'POST', '/api/games', undefined, {
      ruleset: 'grid-2002-06',
      game: 'june-demo',
    });
    const tokens: Record<string, string> = {};
    for (const p of ['alice', 'bob', 'carol'])
      tokens[p] = (
        await call<{ token: string }>(h.base, 'POST', '/api/games/june-demo/join', undefined, { player: p })
      ).token;
    const admin = (type: string, args: Record<string, unknown>) =>
      call(h.base, 'POST', '/api/games/june-demo/commands', adminToken, { type, args });
    const act = (p: string, type: string, args: Record<string, unknown>) =>
      call(h.base, 'POST', '/api/games/june-demo/commands', tokens[p], { type, args });
    // The scene, on squares clear of what the game placed at random.
    const squares = await freeSquares(h.base, 'june-demo', adminToken);
    const [ax, ay] = squares.near(5, 8);
    const [mx, my] = [ax + 1, ay + 1];
    for (const [x, y] of [
      [mx, my],
      [mx + 1, my],
      [mx + 1, my + 1],
      [mx + 2, my + 1],
    ] as const)
      if (x <= 20 && y <= 20) await admin('square', { x, y, substance: 'Mud' });
    for (const [x, y] of [
      [14, 5],
      [15, 5],
      [15, 6],
    ])
      await admin('square', { x, y, substance: 'Turf', wet: true });
    const place = (kind: string, x: number, y: number, name?: string) => {
      const [px, py] = squares.near(x, y);
      return admin('place', { kind, x: px, y: py, ...(name ? { name } : {}) });
    };
    await place('siren', 16, 15, 'Ligeia');
    await place('big-rock', 12, 12);
    await place('yeti', 4, 17);
    await place('bonus-box', 9, 3, 'Jackpot');
    await act('alice', 'enter', { x: ax, y: ay });
    const [bx, by] = squares.near(13, 11);
    await act('bob', 'enter', { x: bx, y: by });
    const [cx, cy] = squares.near(17, 4);
    await act('carol', 'enter', { x: cx, y: cy });
    if (squares.free(mx, my)) await act('alice', 'move', { x: mx, y: my });

    const page = await asPlayer('june-demo', tokens.alice ?? '');
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.locator('[data-testid=grid-svg] [data-player=carol]').waitFor();
    await whenLive(page);
    const png = await page.screenshot({ type: 'png' });
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await page.content()).not.toContain('Jackpot');
    if (process.env.WRITE_SCREENSHOT === '1')
      writeFileSync(fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url)), png);
  });
});
