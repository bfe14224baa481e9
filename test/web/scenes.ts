// A game of each ruleset in mid-play, set up through the HTTP API as its players and Administrator would, for
// the layout tests (test/web/layout.test.ts) and the screenshots in docs/screenshots/ (screenshots.ts). Each
// scene names the player whose page shows the most: `you`.
import type { Page } from 'playwright-core';
import { call, freeSquares } from './support.js';

export interface Scene {
  readonly ruleset: string;
  readonly game: string;
  readonly admin: string;
  readonly tokens: Readonly<Record<string, string>>;
  /** The player whose page is shown. */
  readonly you: string;
}

/** The rulesets shipped, each with its scene (every ruleset of src/rulesets/). */
export const RULESETS = [
  'grid-2002-01',
  'grid-2002-06',
  'tunnelers',
  'rooms',
  'rooms+quests',
  'life',
] as const;
export type RulesetId = (typeof RULESETS)[number];

/**
 * Life's 25 Cells, from (1,1) along each row and up (ruling L3), as manual dice (1 Red, 2 Green, 3 Blue):
 * colours by (x + y) mod 3, so the four corners, which alone outlive the first Evolve, are not all alike and
 * the match does not end there.
 */
export const LIFE_START: readonly number[] = Array.from(
  { length: 25 },
  (_, i) => (((i % 5) + 1 + Math.floor(i / 5) + 1) % 3) + 1,
);

interface View {
  seq: number;
  view: Record<string, unknown>;
}

async function create(
  base: string,
  ruleset: string,
  game: string,
  players: readonly string[],
): Promise<{ admin: string; tokens: Record<string, string> }> {
  const { adminToken } = await call<{ adminToken: string }>(base, 'POST', '/api/games', undefined, {
    ruleset,
    game,
    ...(ruleset === 'life' ? { dice: 'manual' } : {}),
  });
  const tokens: Record<string, string> = {};
  for (const p of players)
    tokens[p] = (
      await call<{ token: string }>(base, 'POST', `/api/games/${game}/join`, undefined, { player: p })
    ).token;
  return { admin: adminToken, tokens };
}

/** Sets up the scene of one ruleset as game `game`. */
export async function scene(base: string, ruleset: RulesetId, game: string): Promise<Scene> {
  const players =
    ruleset === 'tunnelers' || ruleset.startsWith('rooms') ? ['alice', 'bob'] : ['alice', 'bob', 'carol'];
  const { admin, tokens } = await create(base, ruleset, game, players);
  const cmd = (
    token: string | undefined,
    type: string,
    args: Record<string, unknown> = {},
    rolls?: number[],
  ) =>
    call<View>(base, 'POST', `/api/games/${game}/commands`, token, {
      type,
      args,
      ...(rolls ? { rolls } : {}),
    });
  const as = (p: string, type: string, args: Record<string, unknown> = {}) => cmd(tokens[p], type, args);
  const order = (type: string, args: Record<string, unknown> = {}) => cmd(admin, type, args);
  const view = async (token?: string) =>
    (await call<View>(base, 'GET', token ? `/api/games/${game}/me` : `/api/games/${game}`, token)).view;
  let you = 'alice';

  switch (ruleset) {
    case 'grid-2002-01': {
      const squares = await freeSquares(base, game, admin);
      const [ax, ay] = squares.near(5, 8);
      await as('alice', 'enter', { x: ax, y: ay });
      const [bx, by] = squares.near(13, 12);
      await as('bob', 'enter', { x: bx, y: by });
      // Bob announces a move; alice has not yet; carol stays in Limbo.
      const to = [
        [bx + 1, by + 1],
        [bx - 1, by + 1],
        [bx + 1, by - 1],
      ].find(([x, y]) => squares.free(x ?? 0, y ?? 0));
      if (to) await as('bob', 'move', { x: to[0], y: to[1] });
      break;
    }
    case 'grid-2002-06': {
      const squares = await freeSquares(base, game, admin);
      const [ax, ay] = squares.near(5, 8);
      // At 0 degrees Wet squares do not freeze nor Frozen ones thaw, so both are on the board.
      await order('temperature', { degrees: 0 });
      for (const [x, y] of [
        [ax + 1, ay + 1],
        [ax + 2, ay + 1],
        [ax + 2, ay + 2],
      ] as const)
        if (x <= 20 && y <= 20) await order('square', { x, y, substance: 'Mud' });
      for (const [x, y] of [
        [14, 5],
        [15, 5],
        [15, 6],
      ])
        await order('square', { x, y, substance: 'Turf', wet: true });
      for (const [x, y] of [
        [3, 17],
        [4, 17],
      ])
        await order('square', { x, y, frozen: true });
      await order('square', { x: 18, y: 10, substance: 'Fire' });
      const place = (kind: string, x: number, y: number, name?: string) => {
        const [px, py] = squares.near(x, y);
        return order('place', { kind, x: px, y: py, ...(name ? { name } : {}) });
      };
      await place('siren', 16, 15, 'Ligeia');
      await place('big-rock', 12, 12);
      await place('yeti', 4, 15);
      await place('bonus-box', 9, 3, 'Jackpot');
      await as('alice', 'enter', { x: ax, y: ay });
      // Something alice can pick up where she stands.
      await order('place', { kind: 'shield', x: ax, y: ay });
      const [bx, by] = squares.near(13, 10);
      await as('bob', 'enter', { x: bx, y: by });
      await order('points', { to: 'alice', amount: 12, reason: 'a good start' });
      break;
    }
    case 'life': {
      // Teams Red, Green, Blue for alice, bob, carol; the Advantage Red.
      await cmd(admin, 'initialize', {}, [...LIFE_START, 1, 2, 3, 1]);
      await order('evolve');
      await as('bob', 'tweak', tweakable(await view(tokens.bob), 'bob'));
      break;
    }
    case 'rooms':
    case 'rooms+quests': {
      const v = (await view(tokens.alice)) as { you: { room: string; exits: string[] } };
      if (ruleset === 'rooms') {
        await order('place-token', { room: v.you.exits[0], name: 'lantern' });
        await order('place-token', { room: v.you.room, name: 'map' });
        await as('alice', 'pick-up', { token: 'map' });
        await as('alice', 'move', { to: v.you.exits[0] });
      } else {
        await as('alice', 'create-quest', { name: 'The Grail' });
        await as('alice', 'quest-colour', { colour: 'red' });
        await as('alice', 'quest-home');
        await as('alice', 'quest-locate');
        await as('alice', 'quest-goal');
        await as('alice', 'quest-roll');
        await as('alice', 'move', { to: v.you.exits[0] });
      }
      break;
    }
    case 'tunnelers': {
      for (const p of players) {
        await order('approve', { player: p });
        await order('points', { to: p, amount: 4, reason: `${p}'s points in the Main Game` });
        await as(p, 'pay-to-play');
      }
      await order('start');
      // The player on turn shows the most: eir turn's actions.
      const v = (await view()) as { turn: string | null };
      you = v.turn ?? 'alice';
      break;
    }
  }
  return { ruleset, game, admin, tokens, you };
}

/** A Cell a player may tweak: null or of eir Team. */
function tweakable(view: Record<string, unknown>, player: string): { x: number; y: number } {
  const v = view as {
    players: { name: string; attributes: { Team: string | null } }[];
    objects: { Cell: { at: [number, number]; attributes: { Color: string | null } }[] };
  };
  const team = v.players.find((p) => p.name === player)?.attributes.Team ?? null;
  const cell = v.objects.Cell.find((c) => c.attributes.Color === null || c.attributes.Color === team);
  if (!cell) throw new Error('no Cell to tweak');
  return { x: cell.at[0], y: cell.at[1] };
}

export type Who = 'admin' | 'player' | 'public';

/**
 * Opens the scene's page as someone (a player: the scene's `you`, or `player`), with eir token put where the
 * page keeps tokens (localStorage).
 */
export async function open(page: Page, base: string, s: Scene, who: Who, player = s.you): Promise<void> {
  const ids =
    who === 'admin'
      ? { admin: s.admin, players: {}, current: 'admin' }
      : who === 'player'
        ? { players: { [player]: s.tokens[player] }, current: `player:${player}` }
        : { players: {}, current: 'public' };
  await page.goto(`${base}/#/`);
  const key = `nomic-referee:game:${s.game}`;
  await page.evaluate(`localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(ids))})`);
  await page.goto(`${base}/#/games/${encodeURIComponent(s.game)}`);
  await page.reload();
  const label = who === 'admin' ? 'the Administrator' : who === 'player' ? player : 'the public';
  await page
    .getByTestId('viewer')
    .filter({ hasText: `Viewing as ${label}` })
    .waitFor();
  await page.locator('.columns').waitFor();
}

/** The element that shows the viewer's own place on the board, if the ruleset draws one. */
export function ownPlace(ruleset: string): string {
  if (ruleset.startsWith('grid')) return '[data-testid=grid-svg] .player.you';
  if (ruleset.startsWith('rooms')) return '[data-testid=map-svg] g.room.here';
  if (ruleset === 'tunnelers') return '[data-testid=tunnelers-svg] .mole.you';
  return '.legend li.you';
}
