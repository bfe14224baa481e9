// Issue 15: notices are made by whichever verb gives a command, not only by `serve --mail`. A game the store
// marks as played by mail (schema 5: marked by `serve --mail`, `mail import`, `mail watch` or `mail on`)
// has its `referee act`, `tick`, `admin`… write the same notices serve writes (each player's private news,
// the nweek's report), in the command's own transaction; a game nobody marked gets none. And receipts that
// `mail import` writes before any `serve --mail` ever ran wait in the outbox for the first one, which mails
// them. The built program, over a SQLite file and over PostgreSQL, with real mail servers (Dovecot and a
// loopback SMTP server: test/support/mail-servers.ts). Nothing is timed: each step waits for what the
// program prints or a mailbox holds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import type { Notice } from '../../src/store/store.js';
import { Cli, newManualGrid, removeTempDirs } from '../support/cli.js';
import { newKey, settingsDns, sign } from '../support/dkim.js';
import { addressOf, DOMAIN, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { commandTo, serveMail, stopServe } from '../support/serve-mail.js';
import { dropSchema, freshSchemaName, requirePostgres, urlFor } from '../store/pg-support.js';

let servers: MailServers;
/** The list's DKIM key (issue 23). */
const LIST_KEY = newKey(DOMAIN, 'list');
beforeAll(async () => {
  servers = await startMailServers();
});
const schemas: string[] = [];
afterEach(async () => {
  for (const s of schemas.splice(0)) await dropSchema(s);
});
afterAll(async () => {
  await servers.stop();
  removeTempDirs();
});

/** A Cli over a fresh PostgreSQL schema, dropped after the test. */
async function pgCli(): Promise<Cli> {
  await requirePostgres();
  const schema = freshSchemaName();
  schemas.push(schema);
  return new Cli(undefined, urlFor(schema));
}

/** The store a Cli's verbs write, as its --db names it. */
const specOf = (cli: Cli): string => (cli.db.startsWith('postgres') ? cli.db : cli.dbPath);

/** Every notice of a game, oldest first, as the store keeps it (without its store id and instant). */
async function noticesOf(cli: Cli, game: string): Promise<Omit<Notice, 'at'>[]> {
  const store = await openStore(specOf(cli));
  try {
    const dump = await store.dumpGame?.(game);
    return (dump?.notices ?? []).map(({ at: _at, ...n }) => n);
  } finally {
    await store.close();
  }
}

/** The operator's mail settings naming these games, written beside the store; answers the file's name. */
function settingsFile(cli: Cli, games: Record<string, { list?: string; admin?: string }>): string {
  const file = 'mail.json';
  const named = Object.fromEntries(
    Object.entries(games).map(([g, s]) => [
      g,
      {
        forums: [addressOf('list')],
        // The list signs what it relays (issue 23, ruling M8); its key is pinned in the settings' dns.
        proofs: { [addressOf('list')]: { proof: 'dkim', domains: [DOMAIN] } },
        private: addressOf('referee'),
        ...s,
      },
    ]),
  );
  writeFileSync(
    join(cli.dir, file),
    JSON.stringify({
      from: addressOf('referee'),
      smtp: servers.smtp,
      imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
      dns: settingsDns(LIST_KEY),
      games: named,
    }),
  );
  return file;
}

/**
 * A June Grid with manual dice (the Big Stick at (1,1), the Shield at (1,2), the Ball of Wax at (20,20)):
 * `other` on the Grid at (15,15), a Bonus Box at (7,7) that only a Radar shows, and `mover` joined.
 */
function juneGrid(cli: Cli, game: string, mover: string, other: string, email = false): void {
  cli.ok('new', 'grid-2002-06', '--game', game, '--dice', 'manual', '--rolls', '1,2,400');
  cli.ok('join', game, mover);
  if (email) cli.ok('address', game, mover, addressOf(mover), '--unconfirmed');
  cli.ok('join', game, other);
  cli.ok('act', game, other, 'enter', '15', '15');
  cli.ok('admin', game, 'place', 'kind=bonus-box', 'x=7', 'y=7', 'name=+5');
}

/** From the shell: the mover enters within eir Radar's reach of the Box, then the nweek ends. */
function playFromTheShell(cli: Cli, game: string, mover: string): void {
  cli.ok('act', game, mover, 'enter', '5', '5');
  cli.ok('tick', game, '--nweek', '--rolls', '1');
}

/** What `serve --mail` writes for the G.1 script (test/channels/serve-mail.test.ts), for one mover. */
function expectRadarAndReport(notices: readonly Omit<Notice, 'at'>[], game: string, mover: string): void {
  expect(notices.map((n) => [n.to, n.subject])).toEqual([
    [`player:${mover}`, `${game}: ${mover}'s Radar shows a Bonus Box at (7,7).`],
    ['public', `${game}: the report for nweek 1`],
  ]);
  const [radar, report] = notices;
  expect(radar?.text).toContain(`nweek 1, nday 1: ${mover}'s Radar shows a Bonus Box at (7,7).`);
  expect(radar?.text).not.toContain('+5');
  expect(report?.text).toContain(`# ${game} (grid-2002-06): report for nweek 1`);
  expect(report?.text).toContain(`${mover} is at (5,5) (${mover} enters the Grid).`);
  expect(report?.text).toContain('Nweek 1 ends.');
  expect(report?.text).not.toContain('Radar');
  expect(report?.text).not.toContain('+5');
}

describe('issue 15: every verb makes the notices of a game played by mail', () => {
  it('SQLite: `act` and `tick --nweek` on a marked game write what serve writes; an unmarked game gets none; `mail off` stops them', async () => {
    const cli = new Cli();
    juneGrid(cli, 'g1', 'alice', 'bob');
    juneGrid(cli, 'g2', 'alice', 'bob');
    // A name that cannot be a game's is refused, and nothing is marked.
    expect(cli.bad('mail', 'on', 'g1', 'not a game')).toMatch(/"not a game" is not a game id/);
    expect(cli.ok('mail', 'games')).toBe('');
    expect(cli.ok('mail', 'on', 'g1')).toBe('g1 is played by mail\n');
    expect(cli.ok('mail', 'games')).toBe('g1\n');
    playFromTheShell(cli, 'g1', 'alice');
    playFromTheShell(cli, 'g2', 'alice');
    const fromTheShell = await noticesOf(cli, 'g1');
    expectRadarAndReport(fromTheShell, 'g1', 'alice');
    expect(await noticesOf(cli, 'g2')).toEqual([]);

    // The same game played through `serve --mail` (its settings name g1): the same notices, key for key.
    const served = new Cli();
    juneGrid(served, 'g1', 'alice', 'bob');
    const s = await serveMail(served, settingsFile(served, { g1: {} }));
    await commandTo(s, 'g1', served.tokens.get('alice'), { type: 'enter', args: { x: 5, y: 5 } });
    await commandTo(s, 'g1', served.tokens.get('admin'), {
      type: 'tick',
      args: { nweek: true },
      rolls: [1],
    });
    expect(await stopServe(s)).toBe(0);
    expect(await noticesOf(served, 'g1')).toEqual(fromTheShell);
    // serve marked the game its settings name, so its next command from the shell makes notices too.
    expect(served.ok('mail', 'games')).toBe('g1\n');

    // The operator's word stops them: the next nweek's end writes no report.
    expect(cli.ok('mail', 'off', 'g1', 'g2')).toBe(
      'g1 is no longer played by mail\ng2 was not played by mail\n',
    );
    expect(cli.ok('mail', 'games')).toBe('');
    cli.ok('tick', 'g1', '--nweek', '--rolls', '1');
    expect(await noticesOf(cli, 'g1')).toEqual(fromTheShell);
  });

  it("PostgreSQL: beside a running `serve --mail`, the shell's `act` and `tick --nweek` are mailed: the Radar to carol alone, the report to the list", async () => {
    const cli = await pgCli();
    juneGrid(cli, 'g1', 'carol', 'bob', true);
    juneGrid(cli, 'g2', 'carol', 'bob');
    // erin's mailbox stands for the list; the settings name g1 only, and serve marks it.
    const s = await serveMail(cli, settingsFile(cli, { g1: { list: addressOf('erin') } }));
    try {
      playFromTheShell(cli, 'g1', 'carol');
      playFromTheShell(cli, 'g2', 'carol');
      const [told] = await servers.waitForMail('carol', 1);
      expect(told?.subject).toBe("g1: carol's Radar shows a Bonus Box at (7,7).");
      const [report] = await servers.waitForMail('erin', 1);
      expect(report?.subject).toBe('g1: the report for nweek 1');
      expect(report?.text).toContain('Nweek 1 ends.');
      expectRadarAndReport(await noticesOf(cli, 'g1'), 'g1', 'carol');
      expect(await noticesOf(cli, 'g2')).toEqual([]);
    } finally {
      expect(await stopServe(s)).toBe(0);
    }
    // Each mailbox got what was meant for it, once.
    expect((await servers.readMailbox('carol')).length).toBe(1);
    expect((await servers.readMailbox('erin')).length).toBe(1);
  });

  it('receipts written by `mail import` before any `serve --mail` ran wait in the outbox; the first serve mails them, threaded', async () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'dave');
    cli.ok('address', 'g1', 'dave', addressOf('dave'), '--unconfirmed');
    const settings = settingsFile(cli, { g1: { list: addressOf('list'), admin: addressOf('admin') } });
    const message = [
      `From: ${addressOf('dave')}`,
      `To: ${addressOf('list')}`,
      'Subject: my move',
      'Message-ID: <dave-1@example.test>',
      `List-Id: <list.${DOMAIN}>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'I enter the Grid at (3,4).',
      '',
    ].join('\n');
    writeFileSync(
      join(cli.dir, 'posts.mbox'),
      // As the list relayed it: signed by the list.
      `From dave@example.test Tue Nov 24 05:00:00 2026\n${(await sign(message, LIST_KEY)).toString('utf8').replace(/\r\n/g, '\n')}\n`,
    );
    const out = cli.ok('mail', 'import', 'posts.mbox', '--settings', settings);
    expect(out).toMatch(/g1 dave \(forum\): 1 accepted/);
    const [receipt] = (await noticesOf(cli, 'g1')).filter((n) => n.topic === 'receipt');
    expect(receipt).toMatchObject({ to: 'player:dave', thread: '<dave-1@example.test>' });

    // No serve has ever run on this store: its first start finds the receipt waiting and mails it.
    const s = await serveMail(cli, settings);
    try {
      const [mailed] = await servers.waitForMail('dave', 1);
      expect(mailed?.inReplyTo).toBe('<dave-1@example.test>');
      expect(mailed?.subject).toBe(receipt?.subject);
      expect(mailed?.text).toMatch(/enter/i);
    } finally {
      expect(await stopServe(s)).toBe(0);
    }
    expect((await servers.readMailbox('dave')).length).toBe(1);
  });
});
