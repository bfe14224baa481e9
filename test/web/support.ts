// What the browser tests share: the page built from web/ into a temporary folder, the real server built
// in-process over a temporary SQLite file and listening on loopback, and Debian's Chromium driven by
// playwright-core (never a downloaded browser). A missing Chromium fails the tests; it does not skip them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { build } from 'vite';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { Registry } from '../../src/core/index.js';
import type { AnyRuleset } from '../../src/core/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Harness {
  readonly base: string;
  readonly browser: Browser;
  readonly app: FastifyInstance;
  /** The server's store (to write notices as the clock would). */
  readonly store: SqliteStore;
  readonly dir: string;
  /** A fresh browser profile (its own localStorage, so its own tokens) with a page open. */
  readonly person: () => Promise<{ context: BrowserContext; page: Page }>;
  readonly close: () => Promise<void>;
}

/**
 * The harness a test file's tests share: started before them (building the page and launching Chromium take a
 * while), closed after them. Read only inside tests and hooks, once it has started.
 */
export function harnessForFile(options: { rulesets?: readonly AnyRuleset[] } = {}): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await startHarness(options);
  }, 120_000);
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!started)
        throw new Error('the harness is read before it has started (only inside tests and hooks)');
      return started[key as keyof Harness];
    },
  });
}

/**
 * Builds the page, starts the server on 127.0.0.1 (a free port) and launches Chromium. With `webRoot`, the
 * page already built there is served instead (the screenshots script serves dist/web). With `rulesets`, the
 * server knows those rather than the shipped ones (a ruleset of the tests' own, registered as a sixth would be).
 */
export async function startHarness(
  options: { webRoot?: string; rulesets?: readonly AnyRuleset[] } = {},
): Promise<Harness> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not at ${CHROMIUM}: install Debian's chromium package (the CI does)`);
  const dir = mkdtempSync(join(tmpdir(), 'referee-web-'));
  const webRoot = options.webRoot ?? join(dir, 'web');
  if (!options.webRoot)
    await build({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      build: { outDir: webRoot, emptyOutDir: true },
      logLevel: 'warn',
    });
  const store = new SqliteStore(join(dir, 'referee.db'), { sync: 'normal' });
  const registry = options.rulesets ? new Registry(options.rulesets) : defaultRegistry();
  const referee = new Referee(store, registry, systemEntropy);
  // Every browser of these tests is one client address (127.0.0.1), each page holding a live stream.
  const app = await buildApp({ referee, webRoot, live: { perClient: 1000 } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const contexts: BrowserContext[] = [];
  return {
    base,
    browser,
    app,
    store,
    dir,
    person: async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      page.on('pageerror', (e) => console.error('page error:', e.message));
      return { context, page };
    },
    close: async () => {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls the API directly (for setting a scene quickly, or checking what the server says). */
export async function call<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, base), {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Creates a game through the page's form; answers the admin token the page showed once. */
export async function createGame(page: Page, base: string, ruleset: string, game: string): Promise<string> {
  await page.goto(`${base}/#/`);
  await page.getByLabel('ruleset').selectOption(ruleset);
  await page.getByLabel('game id (optional)').fill(game);
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.getByTestId('viewer').filter({ hasText: 'Viewing as the Administrator' }).waitFor();
  const shown = await page.getByTestId('new-token').innerText();
  const token = /nr_[A-Za-z0-9_-]+/.exec(shown)?.[0];
  if (!token) throw new Error(`no token in "${shown}"`);
  return token;
}

/** Joins a game through the game page's form, as `player`. */
export async function joinGame(page: Page, base: string, game: string, player: string): Promise<void> {
  await page.goto(`${base}/#/games/${game}`);
  await page.getByLabel('your player name').fill(player);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await page
    .getByTestId('viewer')
    .filter({ hasText: `Viewing as ${player}` })
    .waitFor();
}

/** Waits until the page follows the game live. */
export const whenLive = (page: Page) =>
  page.getByTestId('live').filter({ hasText: 'live' }).first().waitFor();

/**
 * Fills a command's form (fields by label: a text box is filled, a choice chosen) and submits it; answers the
 * outcome this submission came to (under its form, or above the forms once the form is no longer offered).
 */
export async function give(
  page: Page,
  command: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = page.getByRole('form', { name: command, exact: true });
  for (const [label, value] of Object.entries(fields)) {
    const field = form.getByLabel(label, { exact: true });
    if ((await field.evaluate((el: { tagName: string }) => el.tagName)) === 'SELECT')
      await field.selectOption(value);
    else await field.fill(value);
  }
  // Submissions are numbered on the page: wait for this one's outcome, never an earlier one's.
  const before = Number((await page.locator('.actions-list').getAttribute('data-attempts')) ?? '0');
  await form.getByRole('button', { name: command, exact: true }).click();
  const outcome = page.locator(
    `[data-testid=outcome][data-command="${command}"][data-attempt="${before + 1}"]`,
  );
  await outcome.waitFor();
  return (await outcome.innerText()).replace(new RegExp(`^${command}: `), '');
}

/** Waits until the page shows the view at log entry `seq` or later. */
export async function atSeq(page: Page, seq: number): Promise<void> {
  // A function, not a string: Playwright polls a string predicate by evaluating it in the page, which the
  // page's Content-Security-Policy (script-src 'self') refuses once the first check has not found it.
  await page.waitForFunction((at) => {
    const { document } = globalThis as unknown as {
      document: { querySelector(s: string): { textContent: string | null } | null };
    };
    const m = /entry (\d+)/.exec(document.querySelector('[data-testid=seq]')?.textContent ?? '');
    return m !== null && Number(m[1]) >= at;
  }, seq);
}

/**
 * Squares that nothing the Administrator can see occupies (the Things and objects are placed at random when a
 * game is created), so a test's moves never land on one by chance. `near` answers the first free square from
 * the one wished for (left to right, then up) and marks it taken; `free` asks about one square.
 */
export async function freeSquares(
  base: string,
  game: string,
  adminToken: string,
): Promise<{ near: (x: number, y: number) => [number, number]; free: (x: number, y: number) => boolean }> {
  const { view } = await call<{ view: Record<string, unknown> }>(
    base,
    'GET',
    `/api/games/${game}/me`,
    adminToken,
  );
  const taken = new Set<string>();
  for (const t of (view.things ?? []) as { location: [number, number] }[]) taken.add(t.location.join(','));
  for (const o of (view.objects ?? []) as { place: { on?: [number, number] } | string }[])
    if (typeof o.place === 'object' && o.place.on) taken.add(o.place.on.join(','));
  for (const p of (view.players ?? []) as { location: [number, number] | null }[])
    if (p.location) taken.add(p.location.join(','));
  const free = (x: number, y: number) => x >= 1 && x <= 20 && y >= 1 && y <= 20 && !taken.has(`${x},${y}`);
  const near = (x: number, y: number): [number, number] => {
    for (let i = 0; i < 400; i++) {
      const cx = ((x - 1 + i) % 20) + 1;
      const cy = ((y - 1 + Math.floor((x - 1 + i) / 20)) % 20) + 1;
      if (free(cx, cy)) {
        taken.add(`${cx},${cy}`);
        return [cx, cy];
      }
    }
    throw new Error('no free square');
  };
  return { near, free };
}

/** The two sizes issue 16 asks every page to work at: a phone and a desktop window. */
export const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
