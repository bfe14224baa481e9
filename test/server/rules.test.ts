// Issue 24 items 3 and 5 on the HTTP edge: GET /api/games/:game/rules answers the rules in force (each
// section's parameters with the text's value, the value now and the amendment that changed it: who, when, why;
// and every amendment with its status), the same for everyone; amend-rules and repeal-amendment are the
// Administrator's commands through POST …/commands, previewed by POST …/commands/preview (what the amendment
// would do, nothing written), refused to players with nothing written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { Res, TestApp, World } from './support.js';

interface ParameterInfo {
  name: string;
  sentence: string;
  values: string;
  text: unknown;
  textWords: string;
  now: unknown;
  nowWords: string;
  amended: boolean;
  amendment: number | null;
}
interface AmendmentInfo {
  n: number;
  by: string;
  changes: Record<string, unknown>;
  changesText: string;
  why: string;
  from: unknown;
  start: string;
  made: { nweek: number; nday: number };
  since: { nweek: number; nday: number } | null;
  status: string;
}
interface Rules {
  game: string;
  ruleset: string;
  title: string;
  sections: { section: string; parameters: ParameterInfo[] }[];
  amendments: AmendmentInfo[];
}

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

const rules = async (token?: string): Promise<Rules> => {
  const res = await req(t.app, 'GET', `${G}/rules`, token !== undefined ? { token } : {});
  expect(res.status, res.text).toBe(200);
  return res.body as Rules;
};
const param = (r: Rules, name: string): ParameterInfo | undefined =>
  r.sections.flatMap((s) => s.parameters).find((p) => p.name === name);
const order = (type: string, args: Record<string, unknown>, token = w.admin): Promise<Res> =>
  req(t.app, 'POST', `${G}/commands`, { token, body: { type, args } });
const previewOf = (type: string, args: Record<string, unknown>, token = w.admin) =>
  req(t.app, 'POST', `${G}/commands/preview`, { token, body: { type, args } });

describe('GET /api/games/:game/rules', () => {
  it('a game never amended: every parameter of The Grid at the text`s value, in its sections, no amendment', async () => {
    const r = await rules();
    expect(r).toMatchObject({ game: 'g1', ruleset: 'grid-2002-01', amendments: [] });
    expect(r.sections.map((s) => s.section)).toEqual([
      'The Grid',
      'Shiny Things and Scary Dark Things',
      'Movement',
    ]);
    expect(param(r, 'Grid size')).toEqual({
      name: 'Grid size',
      sentence: 'The Grid is 20 units wide by 20 units tall.',
      values: 'a whole number from 2 to 63',
      text: 20,
      textWords: '20',
      now: 20,
      nowWords: '20',
      amended: false,
      amendment: null,
    });
    for (const p of r.sections.flatMap((s) => s.parameters)) {
      expect(p.now).toEqual(p.text);
      expect(p.amended).toBe(false);
    }
  });

  it('amended by the Administrator: the value now, the amendment that set it (who, when, why); the same for everyone', async () => {
    const res = await order('amend-rules', {
      set: { 'Grid size': 25, 'Shiny Thing points': 40 },
      why: 'Proposal 4521',
    });
    expect(res.status, res.text).toBe(200);
    expect(
      (await order('amend-rules', { set: { 'Move distance': 2 }, why: 'Proposal 4522', from: 3 })).status,
    ).toBe(200);
    const r = await rules();
    expect(param(r, 'Grid size')).toMatchObject({ text: 20, now: 25, amended: true, amendment: 1 });
    expect(param(r, 'Shiny Thing points')).toMatchObject({ now: 40, amended: true, amendment: 1 });
    // From nweek 3: waiting, the text's value holds.
    expect(param(r, 'Move distance')).toMatchObject({ now: 1, amended: false, amendment: null });
    expect(r.amendments).toEqual([
      {
        n: 1,
        by: 'the Administrator',
        changes: { 'Grid size': 25, 'Shiny Thing points': 40 },
        changesText: 'Grid size 25; Shiny Thing points 40',
        why: 'Proposal 4521',
        from: 'now',
        start: 'at once',
        made: { nweek: 1, nday: 1 },
        since: { nweek: 1, nday: 1 },
        status: 'in-force',
      },
      {
        n: 2,
        by: 'the Administrator',
        changes: { 'Move distance': 2 },
        changesText: 'Move distance 2',
        why: 'Proposal 4522',
        from: 3,
        start: 'from nweek 3',
        made: { nweek: 1, nday: 1 },
        since: null,
        status: 'pending',
      },
    ]);
    // The rules are public: the Administrator, a player and the public read the same.
    expect(await rules(w.admin)).toEqual(r);
    expect(await rules(w.players.alice)).toEqual(r);
  });

  it('a repeal gives the text`s value back and the amendment says it was repealed', async () => {
    await order('amend-rules', { set: { 'Shiny Thing points': 40 }, why: 'Proposal 4521' });
    const res = await order('repeal-amendment', { amendment: 1, why: 'Proposal 4530' });
    expect(res.status, res.text).toBe(200);
    const r = await rules();
    expect(param(r, 'Shiny Thing points')).toMatchObject({ now: 25, amended: false, amendment: null });
    expect(r.amendments[0]?.status).toBe('repealed');
  });

  it('an unknown game is a 404; a token of another game a 401', async () => {
    const res = await req(t.app, 'GET', '/api/games/nosuch/rules');
    expect(res.status).toBe(404);
    const other = await gridGame(t.app, 'g2', ['carol']);
    const wrong = await req(t.app, 'GET', `${G}/rules`, { token: other.admin });
    expect(wrong.status).toBe(401);
  });

  it('is in the OpenAPI document with its answer`s shape', async () => {
    const doc = (await req(t.app, 'GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        {
          get?: {
            responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }>;
          };
        }
      >;
    };
    const schema =
      doc.paths['/api/games/{game}/rules']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(
      ['amendments', 'game', 'ruleset', 'sections', 'title'].sort(),
    );
  });
});

describe('amend-rules and repeal-amendment through the API', () => {
  it('the preview shows what the amendment would do (its lines and each value before and after); nothing is written', async () => {
    const before = await snapshot(t);
    const res = await previewOf('amend-rules', {
      set: { 'Grid size': 25, 'Shiny Thing points': 40 },
      why: 'Proposal 4521',
    });
    expect(res.status, res.text).toBe(200);
    const p = res.body as { lines: { type: string; text: string }[]; rules?: unknown };
    expect(p.lines.map((l) => l.type)).toEqual(['command', 'parameters-amended', 'parameters-in-force']);
    expect(p.lines[1]?.text).toBe(
      'The rules are amended (amendment 1): Grid size 25; Shiny Thing points 40 at once, by Proposal 4521.',
    );
    expect(p.rules).toEqual([
      { name: 'Grid size', before: '20', after: '25' },
      { name: 'Shiny Thing points', before: '25', after: '40' },
    ]);
    expect(await snapshot(t)).toEqual(before);
    expect(param(await rules(), 'Grid size')?.now).toBe(20);
  });

  it('the preview of an amendment from the next nweek changes nothing now, and says when it will', async () => {
    const res = await previewOf('amend-rules', {
      set: { 'Grid size': 25 },
      why: 'Proposal 4521',
      from: 'nweek',
    });
    expect(res.status, res.text).toBe(200);
    const p = res.body as { lines: { type: string; text: string }[]; rules?: unknown };
    expect(p.lines.map((l) => l.type)).toEqual(['command', 'parameters-amended']);
    expect(p.lines[1]?.text).toMatch(/Grid size 25 from the next nweek, by Proposal 4521\.$/);
    expect(p.rules).toBeUndefined();
  });

  it('the preview of a repeal shows the value returning', async () => {
    await order('amend-rules', { set: { 'Shiny Thing points': 40 }, why: 'Proposal 4521' });
    const res = await previewOf('repeal-amendment', { amendment: 1, why: 'Proposal 4530' });
    expect(res.status, res.text).toBe(200);
    expect((res.body as { rules?: unknown }).rules).toEqual([
      { name: 'Shiny Thing points', before: '40', after: '25' },
    ]);
  });

  it('a refused amendment is refused in preview and for real with the same clear message, nothing written', async () => {
    const before = await snapshot(t);
    // P8: hidden Things are never in the way; location dice larger than the Grid are.
    for (const go of [previewOf, order]) {
      const res = await go('amend-rules', { set: { 'Grid size': 15 }, why: 'P' });
      expect(res.status).toBe(422);
      expect(errorCode(res)).toBe('parameters-in-the-way');
      expect(res.text).toContain('off a Grid 15 units wide');
      const bad = await go('amend-rules', { set: { 'Location dice': '2d' }, why: 'P' });
      expect(errorCode(bad)).toBe('bad-parameter');
      const unknown = await go('amend-rules', { set: { 'Big Rock cost': 12 }, why: 'P' });
      expect(errorCode(unknown)).toBe('unknown-parameter');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a player can neither amend, nor repeal, nor preview: 403, nothing written', async () => {
    await order('amend-rules', { set: { 'Shiny Thing points': 40 }, why: 'Proposal 4521' });
    const before = await snapshot(t);
    const alice = w.players.alice as string;
    for (const [type, args] of [
      ['amend-rules', { set: { 'Shiny Thing points': 1000 }, why: 'mine' }],
      ['repeal-amendment', { amendment: 1, why: 'mine' }],
    ] as const) {
      expect((await order(type, args, alice)).status).toBe(403);
      expect((await previewOf(type, args, alice)).status).toBe(403);
      const anonymous = await req(t.app, 'POST', `${G}/commands/preview`, { body: { type, args } });
      expect(anonymous.status).toBe(401);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
