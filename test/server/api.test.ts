// Issue 7: every route of docs/api.md in process (Fastify inject) — what it answers when it works, with real
// outcomes, and each way it refuses (401, 403, 400, 404, 409, 413, 422), each refusal a JSON error with its
// code and leaving the store exactly as it was.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { Res, TestApp, World } from './support.js';
import type { Viewer } from '../../src/core/index.js';
import { ADMIN, canSee, player, PUBLIC } from '../../src/core/index.js';

interface Line {
  seq: number;
  nweek: number;
  nday: number;
  type: string;
  text: string;
  event: { type: string; vis?: string; command?: { by: unknown; id?: string } };
}
interface Accepted {
  duplicate: boolean;
  seq: number;
  lines: Line[];
}
interface CommandInfo {
  name: string;
  actor: 'player' | 'admin';
  summary: string;
  words: string[];
  schema: Record<string, unknown>;
}
interface Payload {
  game: string;
  ruleset: string;
  seq: number;
  viewer: { role: string; name?: string };
  view: Record<string, unknown>;
  text: string;
  commands: CommandInfo[];
  forumExample: string | null;
}

const TOKEN = /^nr_[A-Za-z0-9_-]{43}$/;

let t: TestApp;
let w: World;
const G = '/api/games/g1';

beforeEach(async () => {
  t = await testApp();
  w = await gridGame(t.app, 'g1');
});
afterEach(async () => {
  await t.close();
});

const alice = () => w.players.alice as string;
const bob = () => w.players.bob as string;

/** Runs `act`, expects it refused with `status` and `code`, and the store (every game) unchanged. */
async function refusedUnchanged(status: number, code: string, act: () => Promise<Res>): Promise<Res> {
  const before = await snapshot(t);
  const res = await act();
  expect(res.status, res.text).toBe(status);
  expect(errorCode(res)).toBe(code);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(await snapshot(t)).toEqual(before);
  return res;
}

const entriesOf = async (game = 'g1'): Promise<number> => (await t.store.entries(game))?.length ?? 0;
/** How many entries a viewer may see: every number a non-admin viewer is given counts these (issue 13). */
const seenBy = async (viewer: Viewer, game = 'g1'): Promise<number> =>
  ((await t.store.entries(game)) ?? []).filter((e) => canSee(e.event.vis, viewer)).length;

describe('reading', () => {
  it('GET /api/rulesets: every ruleset with its commands, the kernel orders included', async () => {
    const res = await req(t.app, 'GET', '/api/rulesets');
    expect(res.status).toBe(200);
    const rulesets = res.body as { id: string; title: string; commands: CommandInfo[] }[];
    expect(rulesets.map((r) => r.id)).toEqual([
      'grid-2002-01',
      'grid-2002-06',
      'life',
      'rooms',
      'rooms+quests',
      'tunnelers',
    ]);
    for (const r of rulesets) {
      expect(r.title.length).toBeGreaterThan(0);
      const names = r.commands.map((c) => c.name);
      for (const k of ['tick', 'dice', 'amend', 'points', 'end']) expect(names).toContain(k);
      for (const c of r.commands) {
        expect(['player', 'admin']).toContain(c.actor);
        expect(typeof c.summary).toBe('string');
        expect(Array.isArray(c.words)).toBe(true);
        expect(typeof c.schema).toBe('object');
      }
    }
    const grid = rulesets[0];
    expect(grid?.commands.find((c) => c.name === 'enter')?.actor).toBe('player');
  });

  it('GET /api/games: every game with its ruleset and entry count', async () => {
    await req(t.app, 'POST', '/api/games', { body: { ruleset: 'life', game: 'l1' } });
    const res = await req(t.app, 'GET', '/api/games');
    expect(res.status).toBe(200);
    // No entry counts: the store's count includes hidden entries (issue 13, item 1).
    expect(res.body).toEqual([
      { id: 'g1', ruleset: 'grid-2002-01' },
      { id: 'l1', ruleset: 'life' },
    ]);
  });

  it("GET /api/games/:game: the public view, without the Administrator's secrets and with no commands", async () => {
    const res = await req(t.app, 'GET', G);
    expect(res.status).toBe(200);
    const p = res.body as Payload;
    expect(p.game).toBe('g1');
    expect(p.ruleset).toBe('grid-2002-01');
    expect(p.seq).toBe(await seenBy(PUBLIC));
    expect(p.seq).toBeLessThan(await entriesOf());
    expect(p.viewer).toEqual({ role: 'public' });
    expect(p.commands).toEqual([]);
    expect(p.view).not.toHaveProperty('things');
    expect(p.text).toContain(' 20 ');
    // Issue 16: the post box's example is a sentence of this game's own forum text.
    expect(p.forumExample).toBe('I enter the Grid at (3,4).');
    // A valid token changes nothing about the public view.
    expect((await req(t.app, 'GET', G, { token: w.admin })).body).toEqual(p);
  });

  it('GET /api/games/:game/me: each holder its own view and the commands its role may give', async () => {
    const a = (await req(t.app, 'GET', `${G}/me`, { token: alice() })).body as Payload;
    expect(a.viewer).toEqual({ role: 'player', name: 'alice' });
    expect(a.view.you).toBe('alice');
    expect(a.view).not.toHaveProperty('things');
    const names = a.commands.map((c) => c.name).sort();
    expect(names).toEqual(['enter', 'leave', 'move']);
    expect(a.commands.every((c) => c.actor === 'player')).toBe(true);

    const adm = (await req(t.app, 'GET', `${G}/me`, { token: w.admin })).body as Payload;
    expect(adm.viewer).toEqual({ role: 'admin' });
    expect(adm.view).toHaveProperty('things');
    const orders = adm.commands.map((c) => c.name);
    for (const k of ['tick', 'dice', 'amend', 'points', 'end']) expect(orders).toContain(k);
    expect(adm.commands.every((c) => c.actor === 'admin')).toBe(true);
    expect(orders).not.toContain('join');
    expect(orders).not.toContain('enter');

    await refusedUnchanged(401, 'unauthorized', () => req(t.app, 'GET', `${G}/me`));
  });

  it('GET /api/games/:game/log: as the caller may see it, from `from` on', async () => {
    const pub = ((await req(t.app, 'GET', `${G}/log`)).body as { lines: Line[] }).lines;
    const adm = ((await req(t.app, 'GET', `${G}/log`, { token: w.admin })).body as { lines: Line[] }).lines;
    const total = await entriesOf();
    expect(adm.map((l) => l.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(adm.some((l) => l.type === 'thing-placed')).toBe(true);
    expect(pub.some((l) => l.type === 'thing-placed')).toBe(false);
    expect(pub.length).toBeLessThan(adm.length);
    for (const l of adm) {
      expect(Object.keys(l).sort()).toEqual(['event', 'nday', 'nweek', 'seq', 'text', 'type']);
    }
    const from = ((await req(t.app, 'GET', `${G}/log?from=5`, { token: w.admin })).body as { lines: Line[] })
      .lines;
    expect(from).toEqual(adm.filter((l) => l.seq >= 5));
    const past = (await req(t.app, 'GET', `${G}/log?from=${total + 1}`)).body as { lines: Line[] };
    expect(past.lines).toEqual([]);
    for (const bad of ['0', '-1', 'abc', '1.5'])
      await refusedUnchanged(400, 'bad-request', () => req(t.app, 'GET', `${G}/log?from=${bad}`));
  });

  it('GET /api/games/:game/verify: the replayed log checks out', async () => {
    const res = await req(t.app, 'GET', `${G}/verify`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, entries: await seenBy(PUBLIC), problems: [] });
  });

  it('GET /api/games/:game/report: the public nweek report as plain text or markdown', async () => {
    await req(t.app, 'POST', `${G}/commands`, {
      token: alice(),
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    const text = await req(t.app, 'GET', `${G}/report`);
    expect(text.status).toBe(200);
    expect(String(text.headers['content-type'])).toMatch(/^text\/plain/);
    expect(text.text).toContain('alice enters the Grid at (3,4).');
    // Hidden placements are not in the public report.
    expect(text.text).not.toContain('Shiny Thing 1 is placed');
    const md = await req(t.app, 'GET', `${G}/report?format=markdown&nweek=1`);
    expect(md.status).toBe(200);
    expect(String(md.headers['content-type'])).toMatch(/^text\/markdown/);
    expect(md.text).toContain('### What happened');
    expect(md.text).toContain('alice enters the Grid at (3,4).');
    for (const q of ['nweek=0', 'nweek=x', 'format=html'])
      await refusedUnchanged(400, 'bad-request', () => req(t.app, 'GET', `${G}/report?${q}`));
  });

  it('GET /api/games/:game/events: an event stream greeting with the seq, per viewer', async () => {
    for (const [token, viewer] of [
      [undefined, PUBLIC],
      [alice(), player('alice')],
      [w.admin, ADMIN],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${G}/events`,
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/event-stream/);
      const stream = res.stream();
      let text = '';
      for await (const chunk of stream) {
        text += String(chunk);
        if (text.includes('\n\n')) break;
      }
      stream.destroy();
      // The position, and how often a heartbeat comes (the page shows the stream stale after two missed).
      expect(text).toBe(`event: hello\ndata: {"seq":${await seenBy(viewer)},"heartbeat":15000}\n\n`);
    }
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'GET', `${G}/events`, { token: 'nr_nothing' }),
    );
    await refusedUnchanged(404, 'unknown-game', () => req(t.app, 'GET', '/api/games/nosuch/events'));
  });

  it('an unknown game is a 404 on every read route; a malformed game id a 400; an unknown route a 404', async () => {
    for (const path of ['', '/log', '/verify', '/report', '/rules', '/events', '/notices'])
      await refusedUnchanged(404, 'unknown-game', () => req(t.app, 'GET', `/api/games/nosuch${path}`));
    await refusedUnchanged(400, 'bad-request', () => req(t.app, 'GET', '/api/games/-bad'));
    await refusedUnchanged(400, 'bad-request', () => req(t.app, 'GET', `/api/games/${'x'.repeat(65)}/log`));
    await refusedUnchanged(404, 'not-found', () => req(t.app, 'GET', '/api/nothing'));
    await refusedUnchanged(404, 'not-found', () => req(t.app, 'POST', `${G}/nothing`, { body: {} }));
  });

  it('GET /api/openapi.json lists every route of docs/api.md', async () => {
    const res = await req(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    const routes = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(routes).toEqual(
      [
        'GET /api/rulesets',
        'GET /api/games',
        'POST /api/games',
        'GET /api/games/{game}',
        'GET /api/games/{game}/me',
        'GET /api/games/{game}/log',
        'POST /api/games/{game}/join',
        'POST /api/games/{game}/commands',
        'POST /api/games/{game}/commands/preview',
        'POST /api/games/{game}/posts',
        'POST /api/games/{game}/admin-token',
        'POST /api/games/{game}/players/{player}/token',
        'POST /api/games/{game}/players/{player}/approve',
        'POST /api/games/{game}/players/{player}/refuse',
        'POST /api/games/{game}/players/{player}/remove',
        'POST /api/games/{game}/players/{player}/address',
        'POST /api/games/{game}/players/{player}/address/confirm',
        'GET /api/games/{game}/verify',
        'GET /api/games/{game}/report',
        'GET /api/games/{game}/rules',
        'GET /api/games/{game}/events',
        'GET /api/games/{game}/notices',
      ].sort(),
    );
  });
});

describe('creating and joining', () => {
  it('POST /api/games: 201 with the admin token, which opens the game as its Administrator', async () => {
    const res = await req(t.app, 'POST', '/api/games', {
      body: { ruleset: 'tunnelers', game: 't1', ndays: 3 },
    });
    expect(res.status).toBe(201);
    const body = res.body as { game: string; adminToken: string };
    expect(body.game).toBe('t1');
    expect(body.adminToken).toMatch(TOKEN);
    const me = (await req(t.app, 'GET', '/api/games/t1/me', { token: body.adminToken })).body as Payload;
    expect(me.viewer).toEqual({ role: 'admin' });
    expect(me.forumExample).toBe('I move to c6.');
    // The admin token of one game opens no other.
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'GET', `${G}/me`, { token: body.adminToken }),
    );
  });

  it('a game id is made up when none is given', async () => {
    const res = await req(t.app, 'POST', '/api/games', { body: { ruleset: 'life' } });
    expect(res.status).toBe(201);
    expect((res.body as { game: string }).game).toMatch(/^g-[0-9a-f]{8}$/);
  });

  it('refuses an existing id (409), an unknown ruleset (422) and bodies that fail the schema (400)', async () => {
    await refusedUnchanged(409, 'game-exists', () =>
      req(t.app, 'POST', '/api/games', { body: { ruleset: 'life', game: 'g1' } }),
    );
    await refusedUnchanged(422, 'unknown-ruleset', () =>
      req(t.app, 'POST', '/api/games', { body: { ruleset: 'chess', game: 'c1' } }),
    );
    for (const body of [
      {},
      { ruleset: 7 },
      { ruleset: 'life', game: 'bad id' },
      { ruleset: 'life', dice: 'loaded' },
      { ruleset: 'life', ndays: 0 },
      { ruleset: 'life', ndays: 2.5 },
      { ruleset: 'life', rolls: [0] },
      { ruleset: 'life', admin: true },
      [],
      null,
    ])
      await refusedUnchanged(400, 'bad-request', () => req(t.app, 'POST', '/api/games', { body }));
  });

  it('POST /api/games/:game/join: 201 with the player token, which acts as that player only', async () => {
    const res = await req(t.app, 'POST', `${G}/join`, { body: { player: 'carol' } });
    expect(res.status).toBe(201);
    const body = res.body as { player: string; token: string } & Accepted;
    expect(body.player).toBe('carol');
    expect(body.token).toMatch(TOKEN);
    expect(body.lines.map((l) => l.text)).toContain('carol joins the game.');
    const me = (await req(t.app, 'GET', `${G}/me`, { token: body.token })).body as Payload;
    expect(me.viewer).toEqual({ role: 'player', name: 'carol' });
  });

  it('join refuses a name already in (409), a bad name (400), an unknown game (404)', async () => {
    await refusedUnchanged(409, 'already-joined', () =>
      req(t.app, 'POST', `${G}/join`, { body: { player: 'alice' } }),
    );
    for (const body of [{}, { player: '' }, { player: '1x' }, { player: 'a b' }, { player: 'x'.repeat(33) }])
      await refusedUnchanged(400, 'bad-request', () => req(t.app, 'POST', `${G}/join`, { body }));
    await refusedUnchanged(400, 'bad-request', () =>
      req(t.app, 'POST', `${G}/join`, { body: { player: 'dave', as: 'admin' } }),
    );
    await refusedUnchanged(404, 'unknown-game', () =>
      req(t.app, 'POST', '/api/games/nosuch/join', { body: { player: 'dave' } }),
    );
  });
});

describe('commands', () => {
  const command = (token: string, body: unknown, key?: string) =>
    req(t.app, 'POST', `${G}/commands`, { token, body, ...(key !== undefined ? { key } : {}) });

  it("a player's announcement is committed and answered with the lines e may see", async () => {
    const before = await seenBy(player('alice'));
    const res = await command(alice(), { type: 'enter', args: { x: 3, y: 4 } });
    expect(res.status).toBe(200);
    const a = res.body as Accepted;
    expect(a.duplicate).toBe(false);
    expect(a.seq).toBe(await seenBy(player('alice')));
    expect(a.seq).toBeGreaterThan(before);
    expect(a.lines.map((l) => l.text)).toContain('alice enters the Grid at (3,4).');
    // The command is recorded as the token's holder's.
    const cmd = a.lines.find((l) => l.type === 'command');
    expect(cmd?.event.command?.by).toEqual({ role: 'player', name: 'alice' });
  });

  it("the Administrator's order is committed; its hidden lines are shown to em", async () => {
    const res = await command(w.admin, { type: 'dice', args: { values: [4242] } });
    expect(res.status).toBe(200);
    expect((res.body as Accepted).lines.map((l) => l.type)).toContain('dice-queued');
    const tick = await command(w.admin, { type: 'tick' });
    expect(tick.status).toBe(200);
    expect((tick.body as Accepted).lines.map((l) => l.type)).toContain('nday-ended');
  });

  it('the same Idempotency-Key again: the first result, duplicate: true, nothing appended', async () => {
    const first = await command(alice(), { type: 'enter', args: { x: 3, y: 4 } }, 'k-1');
    expect(first.status).toBe(200);
    const before = await snapshot(t);
    const again = await command(alice(), { type: 'enter', args: { x: 3, y: 4 } }, 'k-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...(first.body as Accepted), duplicate: true });
    expect(await snapshot(t)).toEqual(before);
    // With a different body the key is refused (issue 13, item 7; test/server/idempotency.test.ts).
    const other = await command(alice(), { type: 'leave' }, 'k-1');
    expect(other.status).toBe(422);
    expect(errorCode(other)).toBe('idempotency-key-reused');
    expect(await snapshot(t)).toEqual(before);
    // The key survives a new token for its holder.
    const reissued = await req(t.app, 'POST', `${G}/players/alice/token`, { token: w.admin });
    const fresh = (reissued.body as { token: string }).token;
    const later = await command(fresh, { type: 'enter', args: { x: 3, y: 4 } }, 'k-1');
    expect((later.body as Accepted).duplicate).toBe(true);
  });

  it('two holders using the same Idempotency-Key do not collide', async () => {
    const a = await command(alice(), { type: 'enter', args: { x: 3, y: 4 } }, 'same');
    const b = await command(bob(), { type: 'enter', args: { x: 6, y: 6 } }, 'same');
    const adm = await command(w.admin, { type: 'dice', args: { values: [9] } }, 'same');
    for (const r of [a, b, adm]) {
      expect(r.status).toBe(200);
      expect((r.body as Accepted).duplicate).toBe(false);
    }
    expect((b.body as Accepted).lines.map((l) => l.text)).toContain('bob enters the Grid at (6,6).');
  });

  it("a rule's refusal is a 422 with the kernel's code, and changes nothing", async () => {
    await command(alice(), { type: 'enter', args: { x: 3, y: 4 } });
    await refusedUnchanged(422, 'occupied', () => command(bob(), { type: 'enter', args: { x: 3, y: 4 } }));
    await refusedUnchanged(422, 'not-on-grid', () => command(bob(), { type: 'move', args: { x: 3, y: 5 } }));
    await refusedUnchanged(422, 'unknown-command', () => command(bob(), { type: 'fly' }));
    await refusedUnchanged(422, 'bad-arguments', () =>
      command(bob(), { type: 'enter', args: { x: 'three', y: 4 } }),
    );
    // A refused command with a key leaves the key free.
    await refusedUnchanged(422, 'occupied', () =>
      command(bob(), { type: 'enter', args: { x: 3, y: 4 } }, 'k'),
    );
    expect((await command(bob(), { type: 'enter', args: { x: 5, y: 5 } }, 'k')).status).toBe(200);
  });

  it('a player cannot act as another: the author is the token, never the body', async () => {
    await refusedUnchanged(400, 'bad-request', () =>
      command(alice(), { type: 'enter', args: { x: 3, y: 4 }, by: { role: 'player', name: 'bob' } }),
    );
    await refusedUnchanged(422, 'bad-arguments', () =>
      command(alice(), { type: 'enter', args: { x: 3, y: 4, player: 'bob' } }),
    );
    await refusedUnchanged(403, 'forbidden', () => command(w.admin, { type: 'enter', args: { x: 3, y: 4 } }));
    await refusedUnchanged(403, 'forbidden', () => command(alice(), { type: 'join' }));
  });

  it("a player's token on an Administrator's order, or with dice results, is a 403", async () => {
    for (const type of ['tick', 'dice', 'amend', 'points', 'end'])
      await refusedUnchanged(403, 'forbidden', () => command(alice(), { type, args: {} }));
    await refusedUnchanged(403, 'forbidden', () =>
      command(alice(), { type: 'enter', args: { x: 3, y: 4 }, rolls: [6] }),
    );
    // The Administrator may queue results in a manual-dice game.
    const ok = await command(w.admin, { type: 'dice', args: { values: [1] }, rolls: [3, 4] });
    expect(ok.status).toBe(200);
  });

  it("no token, a garbage or another game's token: 401, nothing changed", async () => {
    const other = await gridGame(t.app, 'g2', ['alice']);
    const body = { type: 'enter', args: { x: 3, y: 4 } };
    await refusedUnchanged(401, 'unauthorized', () => req(t.app, 'POST', `${G}/commands`, { body }));
    for (const token of ['nr_garbage', '', other.admin, other.players.alice as string])
      await refusedUnchanged(401, 'unauthorized', () => command(token, body));
    for (const authorization of ['Bearer', 'Basic YWxpY2U6eA==', `Token ${alice()}`, `Bearer ${alice()} x`])
      await refusedUnchanged(401, 'unauthorized', () =>
        req(t.app, 'POST', `${G}/commands`, { authorization, body }),
      );
    // The scheme's case and surrounding white space do not matter.
    expect(
      (await req(t.app, 'POST', `${G}/commands`, { authorization: `bearer  ${alice()} `, body })).status,
    ).toBe(200);
  });

  it('malformed JSON, wrong types, unknown fields, a bad key, a huge body: 400/413 JSON errors', async () => {
    const raw = (payload: string, type = 'application/json') =>
      req(t.app, 'POST', `${G}/commands`, {
        token: alice(),
        body: payload,
        headers: { 'content-type': type },
      });
    await refusedUnchanged(400, 'bad-request', () => raw('{"type":'));
    await refusedUnchanged(400, 'bad-request', () => raw(''));
    await refusedUnchanged(400, 'bad-request', () => raw('enter 3 4', 'text/plain'));
    await refusedUnchanged(415, 'bad-request', () => raw('<enter/>', 'application/xml'));
    for (const body of [
      { type: 3 },
      { type: '' },
      { args: {} },
      { type: 'enter', args: [3, 4] },
      { type: 'enter', args: 'x=3' },
      { type: 'enter', rolls: ['6'] },
      { type: 'enter', rolls: [0] },
      { type: 'enter', args: { x: 3, y: 4 }, extra: 1 },
      [{ type: 'enter' }],
      null,
    ])
      await refusedUnchanged(400, 'bad-request', () => command(alice(), body));
    await refusedUnchanged(400, 'bad-request', () => command(alice(), { type: 'leave' }, 'k'.repeat(201)));
    await refusedUnchanged(413, 'too-large', () =>
      command(alice(), { type: 'enter', args: { x: 3, y: 4, pad: 'x'.repeat(300_000) } }),
    );
  });

  it('commands to a game that does not exist: 401 (no token of it exists)', async () => {
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'POST', '/api/games/nosuch/commands', { token: w.admin, body: { type: 'tick' } }),
    );
  });
});

describe('forum posts', () => {
  const post = (token: string, text: string, key?: string) =>
    req(t.app, 'POST', `${G}/posts`, { token, body: { text }, ...(key !== undefined ? { key } : {}) });

  it('each sentence gets its result: accepted, rejected with why, not understood with the nearest form, ignored', async () => {
    await req(t.app, 'POST', `${G}/commands`, {
      token: alice(),
      body: { type: 'enter', args: { x: 6, y: 6 } },
    });
    const res = await post(
      bob(),
      'Hi all. I enter the Grid at (5,5). I mvoe to (5,6). I enter the Grid at (6,6).',
    );
    expect(res.status).toBe(200);
    const s = (
      res.body as {
        sentences: { sentence: string; status: string; error?: { code: string }; nearest?: string }[];
      }
    ).sentences;
    expect(s.map((x) => x.status)).toEqual(['ignored', 'accepted', 'not-understood', 'rejected']);
    expect(s[2]?.nearest).toBe('I move to (5, 6)');
    expect(s[3]?.error?.code).toBe('already-on-grid');
    const log = ((await req(t.app, 'GET', `${G}/log`)).body as { lines: Line[] }).lines;
    expect(log.map((l) => l.text)).toContain('bob enters the Grid at (5,5).');
  });

  it('the same Idempotency-Key again: every sentence a duplicate, nothing appended', async () => {
    const first = await post(alice(), 'I enter the Grid at (3,4).', 'p-1');
    expect(first.status).toBe(200);
    const before = await snapshot(t);
    const again = await post(alice(), 'I enter the Grid at (3,4).', 'p-1');
    expect(again.status).toBe(200);
    expect((again.body as { sentences: { status: string; duplicate?: boolean }[] }).sentences).toEqual([
      expect.objectContaining({ status: 'accepted', duplicate: true }),
    ]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('no token or a bad one (401), a bad body (400): nothing changed; the Administrator`s post takes no player`s phrase', async () => {
    // Issue 24: the Administrator posts amendments of the rules (test/forum/admin-post.test.ts); a player's
    // phrase in eir post is no command of eirs: ignored, nothing written.
    const before = await snapshot(t);
    const admin = await post(w.admin, 'I enter the Grid at (3,4).');
    expect(admin.status, admin.text).toBe(200);
    expect((admin.body as { sentences: { status: string }[] }).sentences.map((x) => x.status)).toEqual([
      'ignored',
    ]);
    expect(await snapshot(t)).toEqual(before);
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'POST', `${G}/posts`, { body: { text: 'I enter the Grid at (3,4).' } }),
    );
    await refusedUnchanged(401, 'unauthorized', () => post('nr_x', 'I enter the Grid at (3,4).'));
    for (const body of [
      {},
      { text: '' },
      { text: 5 },
      { text: 'hi', as: 'bob' },
      { text: 'x'.repeat(20_001) },
    ])
      await refusedUnchanged(400, 'bad-request', () =>
        req(t.app, 'POST', `${G}/posts`, { token: alice(), body }),
      );
  });
});

describe('tokens', () => {
  it('rotating the admin token: the new one works, the old one is a 401 everywhere', async () => {
    const res = await req(t.app, 'POST', `${G}/admin-token`, { token: w.admin });
    expect(res.status).toBe(200);
    const fresh = (res.body as { adminToken: string }).adminToken;
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(w.admin);
    expect(((await req(t.app, 'GET', `${G}/me`, { token: fresh })).body as Payload).viewer).toEqual({
      role: 'admin',
    });
    await refusedUnchanged(401, 'unauthorized', () => req(t.app, 'GET', `${G}/me`, { token: w.admin }));
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'POST', `${G}/commands`, { token: w.admin, body: { type: 'tick' } }),
    );
    await refusedUnchanged(401, 'unauthorized', () =>
      req(t.app, 'POST', `${G}/admin-token`, { token: w.admin }),
    );
    // Players' tokens are untouched.
    expect((await req(t.app, 'GET', `${G}/me`, { token: alice() })).status).toBe(200);
  });

  it("a player's new token: it works, eir old one is a 401; a stranger is a 422; a player may not do it", async () => {
    const res = await req(t.app, 'POST', `${G}/players/alice/token`, { token: w.admin });
    expect(res.status).toBe(200);
    const body = res.body as { player: string; token: string };
    expect(body.player).toBe('alice');
    expect(body.token).toMatch(TOKEN);
    expect(((await req(t.app, 'GET', `${G}/me`, { token: body.token })).body as Payload).viewer).toEqual({
      role: 'player',
      name: 'alice',
    });
    await refusedUnchanged(401, 'unauthorized', () => req(t.app, 'GET', `${G}/me`, { token: alice() }));
    await refusedUnchanged(422, 'unknown-player', () =>
      req(t.app, 'POST', `${G}/players/nobody/token`, { token: w.admin }),
    );
    await refusedUnchanged(400, 'bad-request', () =>
      req(t.app, 'POST', `${G}/players/9lives/token`, { token: w.admin }),
    );
    await refusedUnchanged(403, 'forbidden', () =>
      req(t.app, 'POST', `${G}/players/bob/token`, { token: bob() }),
    );
    await refusedUnchanged(403, 'forbidden', () => req(t.app, 'POST', `${G}/admin-token`, { token: bob() }));
  });

  it('every issued token is different and only its hash is kept', async () => {
    const tokens = [w.admin, alice(), bob()];
    expect(new Set(tokens).size).toBe(3);
    const dump = await t.store.dumpGame('g1');
    const stored = JSON.stringify(dump);
    for (const token of tokens) expect(stored).not.toContain(token);
    expect(dump?.tokens.map((x) => x.holder).sort()).toEqual(['admin', 'player:alice', 'player:bob']);
    expect(dump?.tokens.every((x) => /^[0-9a-f]{64}$/.test(x.hash))).toBe(true);
  });
});

describe('refusals reveal nothing', () => {
  it('a 401 is the same whether or not the game, the player or a hidden Thing exists', async () => {
    const bodies = new Set<string>();
    const add = async (r: Promise<Res>) => {
      const res = await r;
      expect(res.status).toBe(401);
      bodies.add(res.text);
    };
    for (const token of [undefined, 'nr_garbage']) {
      const auth = token === undefined ? {} : { token };
      await add(req(t.app, 'GET', `${G}/me`, auth));
      await add(req(t.app, 'GET', '/api/games/nosuch/me', auth));
      // (1,20) holds a hidden Shiny Thing; (10,10) nothing.
      await add(
        req(t.app, 'POST', `${G}/commands`, { ...auth, body: { type: 'enter', args: { x: 1, y: 20 } } }),
      );
      await add(
        req(t.app, 'POST', `${G}/commands`, { ...auth, body: { type: 'enter', args: { x: 10, y: 10 } } }),
      );
      await add(req(t.app, 'POST', `${G}/players/alice/token`, auth));
      await add(req(t.app, 'POST', `${G}/players/nobody/token`, auth));
      await add(req(t.app, 'POST', '/api/games/nosuch/players/alice/token', auth));
    }
    expect(bodies.size).toBe(1);
  });

  it('a 403 is the same whether or not the player or the hidden Thing exists', async () => {
    const a = await req(t.app, 'POST', `${G}/players/alice/token`, { token: bob() });
    const b = await req(t.app, 'POST', `${G}/players/nobody/token`, { token: bob() });
    expect(a.status).toBe(403);
    expect(b.text).toBe(a.text);
    const c = await req(t.app, 'POST', `${G}/commands`, {
      token: w.admin,
      body: { type: 'enter', args: { x: 1, y: 20 } },
    });
    const d = await req(t.app, 'POST', `${G}/commands`, {
      token: w.admin,
      body: { type: 'enter', args: { x: 10, y: 10 } },
    });
    expect(c.status).toBe(403);
    expect(d.text).toBe(c.text);
  });
});
