// Issue 15: `referee join --email`, `referee address` and `referee mail import` through the built program —
// a small Grid nweek played from an mbox and from a Maildir, each message answered or dropped, and a second
// import of the same archive doing nothing. Issue 23 item 3 (ruling M10): the CLI's ways of registering — a
// claim confirmed with the code, the Administrator's `--unconfirmed`, the own addresses of `--settings`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, locationOf, newManualGrid, removeTempDirs } from '../support/cli.js';
import { confirmationCode, joinConfirmed } from './claims-support.js';
import { settingsDns, sign } from '../support/dkim.js';
import { LIST_KEY, LIST_PROOF } from './support.js';

afterAll(removeTempDirs);

const SETTINGS = {
  from: 'referee@nomic.example',
  smtp: { host: '127.0.0.1', port: 25 },
  imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'pw' },
  // The list's key pinned, and no system DNS: the import asks no network (issue 23).
  dns: settingsDns(LIST_KEY),
  games: {
    g1: {
      forums: ['grid@lists.example'],
      proofs: { 'grid@lists.example': LIST_PROOF },
      private: 'g1-moderator@nomic.example',
    },
  },
};

const message = (from: string, id: string, body: string, extra = ''): string =>
  [
    `From: ${from}`,
    'To: grid@lists.example',
    `Subject: ${id}`,
    `Message-ID: <${id}@example.org>`,
    'List-Id: <grid.lists.example>',
    'Content-Type: text/plain; charset=utf-8',
    ...(extra ? [extra] : []),
    '',
    body,
    '',
  ].join('\n');

/** The nweek: both enter, both announce a move, an auto-reply and a stranger's post among them. */
const POSTS = [
  message('Alice <alice@example.org>', 'a1', 'Hello all. I enter the Grid at (7,7).'),
  message('bob@example.org', 'b1', 'I enter the Grid at (12,12).\n\n-- \nbob'),
  message('bob@example.org', 'ooo', 'I am away.', 'Auto-Submitted: auto-replied'),
  message('mallory@evil.example', 'm1', 'I enter the Grid at (9,9).'),
  message('alice@example.org', 'a2', 'I move to (8,8).\n\n> I enter the Grid at (12,12).'),
  message('bob@example.org', 'b2', 'I move to (13,13).'),
];
/** As the list archived them: each signed by the list (issue 23, ruling M8), lines ending in LF. */
let NWEEK: string[] = [];
beforeAll(async () => {
  NWEEK = await Promise.all(
    POSTS.map(async (m) => (await sign(m, LIST_KEY)).toString('utf8').replace(/\r\n/g, '\n')),
  );
});

async function gridWithPlayers(): Promise<Cli> {
  const cli = new Cli();
  newManualGrid(cli);
  // Alice registers and confirms with the code mailed to her; the Administrator vouches for bob's address.
  await joinConfirmed(cli, 'g1', 'alice', 'Alice@Example.org');
  cli.ok('join', 'g1', 'bob');
  cli.ok('address', 'g1', 'bob', 'bob@example.org', '--unconfirmed');
  writeFileSync(join(cli.dir, 'mail.json'), JSON.stringify(SETTINGS));
  return cli;
}

function playedTheNweek(cli: Cli, archive: string): void {
  const out = cli.ok('mail', 'import', archive, '--settings', 'mail.json');
  const lines = out.trim().split('\n');
  expect(lines).toHaveLength(NWEEK.length + 1);
  expect(lines[2]).toMatch(/dropped \(auto-reply\)/);
  expect(lines[3]).toMatch(/answered, not acted on \(unknown-sender\) g1/);
  expect(lines.at(-1)).toBe('6 messages: 4 acted on, 1 answered without acting, 1 dropped');
  // Addresses are the operator's secret too: not even the import's summary prints them.
  expect(out).not.toContain('example.org');
  cli.ok('tick', 'g1', '--nweek');
  expect(locationOf(cli, 'g1', 'alice')).toEqual([8, 8]);
  expect(locationOf(cli, 'g1', 'bob')).toEqual([13, 13]);
  // The same archive again: every message is a duplicate, nothing is done twice.
  const log = cli.exported('g1');
  const again = cli.ok('mail', 'import', archive, '--settings', 'mail.json');
  expect(again.trim().split('\n').at(-1)).toBe(
    '6 messages: 0 acted on, 0 answered without acting, 6 dropped',
  );
  expect(cli.exported('g1')).toBe(log);
  // The log has no address in it.
  expect(log).not.toContain('example.org');
}

describe('referee mail import', () => {
  it('an mbox plays a small Grid nweek; importing it again does nothing', async () => {
    const cli = await gridWithPlayers();
    const mbox = NWEEK.map((m, i) => `From sender@example.org Tue Nov 24 05:0${i}:00 2026\n${m}`).join('\n');
    writeFileSync(join(cli.dir, 'nweek.mbox'), mbox);
    playedTheNweek(cli, 'nweek.mbox');
  });

  it('a Maildir plays the same nweek', async () => {
    const cli = await gridWithPlayers();
    const dir = join(cli.dir, 'Maildir');
    for (const sub of ['cur', 'new', 'tmp']) mkdirSync(join(dir, sub), { recursive: true });
    NWEEK.forEach((m, i) =>
      writeFileSync(
        join(dir, i % 2 === 0 ? 'new' : 'cur', `17000000${10 + i}.M${i}.host${i % 2 ? ':2,S' : ''}`),
        m,
      ),
    );
    playedTheNweek(cli, 'Maildir');
  });
});

describe('issue 23 item 1: settings written before forum proofs', () => {
  it('issue 23 item 1: mail import with a forum that states no proof says so, and acts on none of its posts', async () => {
    const cli = await gridWithPlayers();
    const old = {
      ...SETTINGS,
      games: { g1: { forums: ['grid@lists.example'], private: 'g1-moderator@nomic.example' } },
    };
    writeFileSync(join(cli.dir, 'old.json'), JSON.stringify(old));
    writeFileSync(
      join(cli.dir, 'one.mbox'),
      `From alice@example.org Tue Nov 24 05:00:00 2026\n${NWEEK[0] ?? ''}`,
    );
    const log = cli.exported('g1');
    const r = cli.run('mail', 'import', 'one.mbox', '--settings', 'old.json');
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      'mail settings: games.g1.proofs: the forum grid@lists.example states no proof',
    );
    expect(r.stdout).toMatch(/answered, not acted on \(not-through-list\) g1/);
    expect(cli.exported('g1')).toBe(log);
  });
});

describe('registering addresses', () => {
  it('join --email with a bad address or a short phrase is refused, and nobody joins', () => {
    const cli = new Cli();
    newManualGrid(cli);
    const log = cli.exported('g1');
    expect(cli.bad('join', 'g1', 'alice', '--email', 'not-an-address')).toMatch(
      /bad-address|not a mail address/,
    );
    expect(cli.bad('join', 'g1', 'alice', '--email', 'a@example.org', '--phrase', 'short')).toMatch(
      /8 characters/,
    );
    expect(cli.exported('g1')).toBe(log);
  });

  it('an address another player holds is refused before the join; `address` refuses one who has not joined', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok(
      'address',
      'g1',
      'alice',
      'alice@example.org',
      '--phrase',
      'a long secret phrase',
      '--unconfirmed',
    );
    const log = cli.exported('g1');
    expect(cli.bad('join', 'g1', 'bob', '--email', 'ALICE@example.org')).toMatch(/already registered/);
    expect(cli.exported('g1')).toBe(log);
    expect(cli.bad('address', 'g1', 'carol', 'carol@example.org')).toMatch(/not a player of g1/);
  });
});

describe('issue 23 item 3: registering by the CLI is a claim to confirm', () => {
  it('issue 23 item 3: join --email and address make claims; --confirm CODE confirms once; wrong codes void the claim', async () => {
    const cli = new Cli();
    newManualGrid(cli);
    expect(cli.ok('join', 'g1', 'alice', '--email', 'alice@example.org')).toMatch(
      /alice's mail address in g1 waits for confirmation: a code is mailed to it/,
    );
    const code = await confirmationCode(cli.dbPath, 'g1', 'alice@example.org');
    // A claim blocks no one: dave's claim of the address alice claimed is taken (and voided by hers).
    cli.ok('join', 'g1', 'dave');
    expect(cli.ok('address', 'g1', 'dave', 'alice@example.org')).toMatch(/waits for confirmation/);
    expect(cli.bad('address', 'g1', 'alice', '--confirm', 'a'.repeat(26))).toMatch(
      /not the confirmation code \(2 more wrong codes/,
    );
    expect(cli.ok('address', 'g1', 'ALICE', '--confirm', code)).toBe(
      "alice's mail address in g1 is confirmed.\n",
    );
    expect(cli.bad('address', 'g1', 'alice', '--confirm', code)).toMatch(/no address waiting/);
    // The log and every view hold neither the address nor the code.
    expect(cli.exported('g1')).not.toContain('example.org');
    expect(cli.exported('g1')).not.toContain(code);
    expect(cli.bad('address', 'g1', 'alice', 'x@example.org', '--confirm', code)).toMatch(/goes alone/);
  });

  it("issue 23 item 3: the Administrator's --unconfirmed registers at once and says so", () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'bob');
    expect(cli.ok('address', 'g1', 'bob', 'bob@example.org', '--unconfirmed')).toBe(
      "bob's mail address in g1 is registered, without confirmation (the Administrator's word: --unconfirmed).\n",
    );
    expect(cli.bad('join', 'g1', 'carol', '--email', 'bob@example.org')).toMatch(/already registered/);
  });

  it("issue 23 item 3: with --settings, the referee's and the game's own addresses are refused, and nothing is written", () => {
    const cli = new Cli();
    newManualGrid(cli);
    writeFileSync(join(cli.dir, 'mail.json'), JSON.stringify(SETTINGS));
    const log = cli.exported('g1');
    for (const own of ['referee@nomic.example', 'grid@lists.example', 'G1-Moderator@nomic.example'])
      expect(cli.bad('join', 'g1', 'alice', '--email', own, '--settings', 'mail.json')).toMatch(
        /never a player's/,
      );
    expect(cli.exported('g1')).toBe(log);
    cli.ok('join', 'g1', 'bob');
    for (const flags of [[], ['--unconfirmed']])
      expect(
        cli.bad('address', 'g1', 'bob', 'grid@lists.example', '--settings', 'mail.json', ...flags),
      ).toMatch(/an address of the referee or of a game it runs .*: never a player's/);
  });
});
