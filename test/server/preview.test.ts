// Issue 16, "Preview before doing": POST /api/games/:game/commands/preview decides one of the Administrator's
// orders on the game as it is and answers what it would do, writing nothing; fair dice come from a stand-in
// (ruling K11), so no real roll and no seed is told before its time. Also: the answer of a command that ends
// ndays says what the rules did for absent players, and irreversible orders say they want confirming.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

interface PreviewLine {
  seq: number;
  type: string;
  text: string;
  standIn?: true;
}
interface Preview {
  duplicate: boolean;
  lines: PreviewLine[];
  rolls: { purpose: string; expr: string; source: string; secret: boolean; result?: unknown }[];
  standIn: boolean;
  absent: { what: string; players: string[]; until: { nweek: number; nday: number }; late?: string }[];
}

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(async () => {
  await t.close();
});

const command = (game: string, token: string, type: string, args: Record<string, unknown> = {}) =>
  req(t.app, 'POST', `/api/games/${game}/commands`, { token, body: { type, args } });
const preview = (game: string, token: string | undefined, body: unknown) =>
  req(t.app, 'POST', `/api/games/${game}/commands/preview`, {
    ...(token !== undefined ? { token } : {}),
    body,
  });

/** A fair game of Tunnelers with alice and bob playing, not yet started. */
async function tunnelers(game: string): Promise<string> {
  const created = await req(t.app, 'POST', '/api/games', { body: { ruleset: 'tunnelers', game } });
  const admin = (created.body as { adminToken: string }).adminToken;
  for (const name of ['alice', 'bob']) {
    const joined = await req(t.app, 'POST', `/api/games/${game}/join`, { body: { player: name } });
    const token = (joined.body as { token: string }).token;
    expect((await command(game, admin, 'approve', { player: name })).status).toBe(200);
    await command(game, admin, 'points', { to: name, amount: 4, reason: `${name}'s points` });
    expect((await command(game, token, 'pay-to-play')).status).toBe(200);
  }
  return admin;
}

const HEX64 = /\b[0-9a-f]{64}\b/;

describe('POST …/commands/preview', () => {
  it('shows what an order with fair dice would do, drawn from a stand-in, and writes nothing', async () => {
    const admin = await tunnelers('t1');
    const before = await snapshot(t);
    const res = await preview('t1', admin, { type: 'start' });
    expect(res.status, res.text).toBe(200);
    const p = res.body as Preview;
    // The player list is shuffled in public: its roll is named, its result is not (it is drawn when done).
    const list = p.rolls.find((r) => r.purpose === 'the player list');
    expect(list).toMatchObject({ source: 'fair', secret: false });
    expect(list).not.toHaveProperty('result');
    expect(p.standIn).toBe(true);
    expect(p.lines.filter((l) => l.standIn).length).toBeGreaterThan(0);
    // Numbered as the entries would be: right after the log's last.
    const seq = (await t.store.listGames()).find((g) => g.id === 't1')?.entries ?? 0;
    expect(p.lines[0]?.seq).toBe(seq + 1);
    expect(await snapshot(t)).toEqual(before);

    // The same preview twice is the same (nothing moved), and the real order still works afterwards.
    expect((await preview('t1', admin, { type: 'start' })).body).toEqual(p);
    expect((await command('t1', admin, 'start')).status).toBe(200);
  });

  it('never quotes a seed: ending an nweek in preview does not reveal it', async () => {
    const admin = await tunnelers('t2');
    expect((await command('t2', admin, 'start')).status).toBe(200);
    const res = await preview('t2', admin, { type: 'tick', args: { nweek: true } });
    expect(res.status, res.text).toBe(200);
    const p = res.body as Preview;
    const texts = p.lines.map((l) => l.text);
    expect(texts).toContain(
      'The dice seed of nweek 1 would be revealed (its value is published when this is done).',
    );
    expect(texts).toContain(
      'The dice seed of nweek 2 would be committed (its SHA-256 is published when this is done).',
    );
    expect(res.text).not.toMatch(HEX64);

    // Item 5: the rules time out the turns of players who do not act, and the answer says so apart.
    expect(p.absent.length).toBeGreaterThanOrEqual(2);
    expect(p.absent[0]).toMatchObject({ players: [expect.any(String)] });
    expect(p.absent[0]?.what).toMatch(/turn/);
    expect(p.absent[0]?.late).toMatch(/did not act in time/);

    const real = await command('t2', admin, 'tick', { nweek: true });
    expect(real.status).toBe(200);
    const done = real.body as { lines: { type: string; text: string }[]; absent: Preview['absent'] };
    // What the preview said of the absent is what the real tick says (the clock and turns are public facts).
    expect(done.absent).toEqual(p.absent);
    const seed = done.lines.find((l) => l.type === 'seed-revealed')?.text.match(HEX64)?.[0];
    expect(seed).toBeDefined();
    expect(res.text).not.toContain(seed);
    // Up to its first fair roll, the preview's lines are the real ones, word for word (seeds aside).
    const plain = (lines: { type: string; text: string }[]) =>
      lines
        .filter((l) => !['seed-revealed', 'seed-committed', 'command'].includes(l.type))
        .map((l) => l.text);
    const first = p.lines.findIndex((l) => l.standIn);
    const sure = plain(first < 0 ? p.lines : p.lines.slice(0, first));
    expect(sure.length).toBeGreaterThan(10);
    expect(plain(done.lines).slice(0, sure.length)).toEqual(sure);
  });

  it('manual dice: uses the queue without taking from it, and refuses as the order would', async () => {
    const w = await gridGame(t.app, 'g1');
    const before = await snapshot(t);
    const ended = await preview('g1', w.admin, { type: 'end', args: { reason: 'a test' } });
    expect(ended.status, ended.text).toBe(200);
    expect((ended.body as Preview).lines.map((l) => l.text)).toContain('The game ends: a test.');
    const queued = await preview('g1', w.admin, { type: 'dice', args: { values: [4, 5] } });
    expect((queued.body as Preview).lines.map((l) => l.text)).toContain('Dice results queued: 4, 5.');
    // An order refused for real is refused in preview, with the same status and code.
    const bad = await preview('g1', w.admin, { type: 'points', args: { to: 'zed', amount: 1, reason: 'x' } });
    expect(bad.status).toBe(422);
    expect(errorCode(bad)).toBe('unknown-player');
    expect(await snapshot(t)).toEqual(before);
    const view = (await req(t.app, 'GET', '/api/games/g1/me', { token: w.admin })).body as {
      view: { ended?: unknown };
    };
    expect(view.view.ended ?? null).toBeNull();
  });

  it("is the Administrator's alone: a player's token 403, none 401, another game's 401; nothing written", async () => {
    const w = await gridGame(t.app, 'g1');
    const before = await snapshot(t);
    const body = { type: 'tick', args: { nweek: true } };
    expect((await preview('g1', w.players.alice, body)).status).toBe(403);
    expect((await preview('g1', undefined, body)).status).toBe(401);
    expect((await preview('g1', w.admin, { type: 'enter', args: { x: 1, y: 1 } })).status).toBe(403);
    expect((await preview('nosuch', w.admin, body)).status).toBe(401);
    expect(await snapshot(t)).toEqual(before);
  });

  it('irreversible orders say so in the commands the Administrator is given', async () => {
    const w = await gridGame(t.app, 'g1');
    const me = (await req(t.app, 'GET', '/api/games/g1/me', { token: w.admin })).body as {
      commands: { name: string; confirm?: { message: string; when?: string } }[];
    };
    const confirm = Object.fromEntries(me.commands.map((c) => [c.name, c.confirm]));
    expect(confirm.end?.message).toMatch(/End the game for good/);
    expect(confirm.amend?.message).toMatch(/Amend/);
    expect(confirm.repeal?.message).toMatch(/Repeal/);
    expect(confirm.tick).toMatchObject({ when: 'nweek' });
    expect(confirm.points).toBeUndefined();
    expect(confirm.correct).toBeUndefined();
  });
});
