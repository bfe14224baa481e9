// Issue 14, the page's channel of the outbox: GET /api/games/:game/notices gives each viewer eir notices and
// the public ones, numbered among eir own (never revealing how many others got), and the live stream pushes
// each new one to its recipient only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../src/store/store.js';
import { call, EventStream, serve } from '../live/support.js';
import type { Served } from '../live/support.js';

const notice = (key: string, to: string): Notice => ({
  game: 'g1',
  key,
  to,
  topic: 'reminder',
  subject: `${key} for ${to}`,
  text: `The text of ${key}.`,
  at: '2026-11-24T12:00:00.000Z',
});

interface Shown {
  n: number;
  to: string;
  subject: string;
}
const list = (body: unknown) => (body as { notices: Shown[] }).notices.map((n) => [n.n, n.to, n.subject]);

describe('issue 14: notices on the page (GET …/notices and the live stream)', () => {
  let served: Served;
  let admin: string;
  const tokens: Record<string, string> = {};
  const streams: EventStream[] = [];

  beforeEach(async () => {
    served = await serve();
    const created = await call(served.base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'fair' },
    });
    admin = (created.body as { adminToken: string }).adminToken;
    for (const name of ['alice', 'bob']) {
      const joined = await call(served.base, 'POST', '/api/games/g1/join', { body: { player: name } });
      tokens[name] = (joined.body as { token: string }).token;
    }
  });

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await served.close();
  });

  it('each viewer reads eir own and the public notices, numbered 1, 2, … among them alone', async () => {
    await served.referee.outbox.enqueue([
      notice('r1', 'player:bob'),
      notice('r2', 'admin'),
      notice('p1', 'public'),
      notice('r3', 'player:alice'),
      notice('r4', 'player:bob'),
    ]);
    const get = (token?: string, after = 0) =>
      call(served.base, 'GET', `/api/games/g1/notices?after=${after}`, token === undefined ? {} : { token });
    expect(list((await get(tokens.alice)).body)).toEqual([
      [1, 'public', 'p1 for public'],
      [2, 'player:alice', 'r3 for player:alice'],
    ]);
    expect(list((await get(tokens.bob)).body)).toEqual([
      [1, 'player:bob', 'r1 for player:bob'],
      [2, 'public', 'p1 for public'],
      [3, 'player:bob', 'r4 for player:bob'],
    ]);
    expect(list((await get(admin)).body)).toEqual([
      [1, 'admin', 'r2 for admin'],
      [2, 'public', 'p1 for public'],
    ]);
    expect(list((await get()).body)).toEqual([[1, 'public', 'p1 for public']]);
    expect(list((await get(tokens.bob, 2)).body)).toEqual([[3, 'player:bob', 'r4 for player:bob']]);
    // Nothing in an answer tells of the others' notices: no store id, no key.
    const body = (await get(tokens.alice)).body as { count: number; notices: Record<string, unknown>[] };
    expect(body.count).toBe(2);
    expect(Object.keys(body.notices[0] ?? {}).sort()).toEqual(['at', 'n', 'subject', 'text', 'to', 'topic']);
  });

  it('what alice is told is the same whether or not bob and the Administrator got notices', async () => {
    const aliceSees = async (others: boolean): Promise<unknown> => {
      const s = await serve();
      try {
        const created = await call(s.base, 'POST', '/api/games', {
          body: { ruleset: 'grid-2002-01', game: 'g1' },
        });
        expect(created.status).toBe(201);
        const joined = await call(s.base, 'POST', '/api/games/g1/join', { body: { player: 'alice' } });
        const token = (joined.body as { token: string }).token;
        const stream = await EventStream.open(s.base, 'g1', token);
        await s.referee.outbox.enqueue([
          ...(others ? [notice('x1', 'player:bob'), notice('x2', 'admin')] : []),
          notice('a1', 'player:alice'),
          ...(others ? [notice('x3', 'player:bob')] : []),
          notice('p1', 'public'),
        ]);
        await stream.next((m) => m.event === 'notice' && (m.data as Shown).n === 2);
        stream.close();
        const read = await call(s.base, 'GET', '/api/games/g1/notices', { token });
        return {
          stream: stream.messages.filter((m) => m.event === 'notice'),
          read: read.body,
        };
      } finally {
        await s.close();
      }
    };
    expect(await aliceSees(true)).toEqual(await aliceSees(false));
  });

  it('the live stream pushes a new notice to its recipients only, numbered on from what they had', async () => {
    await served.referee.outbox.enqueue([notice('old', 'player:alice')]);
    const [alice, bob, pub] = await Promise.all([
      EventStream.open(served.base, 'g1', tokens.alice),
      EventStream.open(served.base, 'g1', tokens.bob),
      EventStream.open(served.base, 'g1'),
    ]);
    streams.push(alice, bob, pub);
    await served.referee.outbox.enqueue([notice('new', 'player:alice')]);
    await served.referee.outbox.enqueue([notice('all', 'public')]);
    const seen = await alice.next(
      (m) => m.event === 'notice' && (m.data as Shown).subject === 'all for public',
    );
    expect((seen.data as Shown).n).toBe(3);
    await bob.next((m) => m.event === 'notice');
    await pub.next((m) => m.event === 'notice');
    const notices = (s: EventStream) =>
      s.messages
        .filter((m) => m.event === 'notice')
        .map((m) => [(m.data as Shown).n, (m.data as Shown).subject]);
    expect(notices(alice)).toEqual([
      [2, 'new for player:alice'],
      [3, 'all for public'],
    ]);
    expect(notices(bob)).toEqual([[1, 'all for public']]);
    expect(notices(pub)).toEqual([[1, 'all for public']]);
  });

  it('an unknown game is 404, a token of another game 401, a bad cursor 400', async () => {
    expect((await call(served.base, 'GET', '/api/games/nope/notices')).status).toBe(404);
    expect(
      (await call(served.base, 'GET', '/api/games/g1/notices', { token: 'nr_not-a-token' })).status,
    ).toBe(401);
    expect((await call(served.base, 'GET', '/api/games/g1/notices?after=-1')).status).toBe(400);
  });
});
