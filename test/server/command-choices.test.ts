// Issue 16, "choices as choices ... modules that can be enacted": the Administrator's commands in a game's
// payload name the game's own choices: enact a module not in force, repeal one in force, amend into a ruleset
// that amends this one; with nothing to choose, the command is not offered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gridGame, req, testApp } from './support.js';
import type { TestApp, World } from './support.js';

interface CommandInfo {
  name: string;
  schema: { properties?: Record<string, { enum?: string[] }> };
}

let t: TestApp;
let w: World;

beforeEach(async () => {
  t = await testApp();
  w = await gridGame(t.app, 'g1');
});
afterEach(async () => {
  await t.close();
});

const commands = async (token: string): Promise<CommandInfo[]> =>
  ((await req(t.app, 'GET', '/api/games/g1/me', { token })).body as { commands: CommandInfo[] }).commands;
const choices = (cs: CommandInfo[], name: string, field: string) =>
  cs.find((c) => c.name === name)?.schema.properties?.[field]?.enum;

describe("the Administrator's module and ruleset commands", () => {
  it('offer the modules in force to repeal, the amending rulesets, and no enact while every module is in force', async () => {
    const cs = await commands(w.admin);
    expect(choices(cs, 'repeal', 'module')).toEqual([
      'grid',
      'limbo',
      'things',
      'entering',
      'leaving',
      'movement',
    ]);
    expect(choices(cs, 'amend', 'ruleset')).toEqual(['grid-2002-06']);
    expect(cs.map((c) => c.name)).not.toContain('enact');
  });

  it('offer a repealed module to enact again, and no longer to repeal', async () => {
    const res = await req(t.app, 'POST', '/api/games/g1/commands', {
      token: w.admin,
      headers: { 'idempotency-key': 'repeal-1' },
      body: { type: 'repeal', args: { module: 'things' } },
    });
    expect(res.status, res.text).toBe(200);
    const cs = await commands(w.admin);
    expect(choices(cs, 'enact', 'module')).toEqual(['things']);
    expect(choices(cs, 'repeal', 'module')).not.toContain('things');
  });

  it('are not a player’s', async () => {
    const names = (await commands(w.players.alice ?? '')).map((c) => c.name);
    for (const n of ['enact', 'repeal', 'amend']) expect(names).not.toContain(n);
  });
});
