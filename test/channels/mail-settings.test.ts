// Issue 15: the operator's mail settings (a JSON file, checked by zod): every problem named with where it is,
// and nothing half-read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadMailSettings, MailSettingsError, parseMailSettings } from '../../src/channels/mail/settings.js';

const dir = mkdtempSync(join(tmpdir(), 'referee-mail-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = {
  from: 'referee@nomic.example',
  smtp: { host: 'smtp.nomic.example', port: 587, user: 'referee', pass: 'secret' },
  imap: { host: 'imap.nomic.example', port: 993, secure: true, user: 'referee', pass: 'secret' },
  games: {
    g1: {
      forums: ['nomic@lists.example'],
      private: 'referee+g1@nomic.example',
      list: 'nomic@lists.example',
      admin: 'ann@nomic.example',
      chat: [{ kind: 'discord', url: 'https://discord.com/api/webhooks/1/abc' }],
    },
  },
};

const write = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('issue 15: the mail settings file', () => {
  it('a good file is read, with the defaults filled in (the INBOX, no forums, no chat)', async () => {
    const settings = await loadMailSettings(write('good.json', JSON.stringify(good)));
    expect(settings.games.g1?.list).toBe('nomic@lists.example');
    expect(settings.imap.mailboxes).toEqual(['INBOX']);
    const bare = parseMailSettings({ ...good, games: { g2: {} } });
    expect(bare.games.g2).toEqual({ forums: [], chat: [] });
  });

  it('a missing file, a file that is not JSON, each say so and where', async () => {
    await expect(loadMailSettings(join(dir, 'none.json'))).rejects.toThrow(
      `there is no mail settings file at ${join(dir, 'none.json')}`,
    );
    const bad = write('bad.json', '{"from": ');
    await expect(loadMailSettings(bad)).rejects.toThrow(`the mail settings file ${bad} is not JSON`);
    await expect(loadMailSettings(bad)).rejects.toBeInstanceOf(MailSettingsError);
  });

  it('every bad field is named by its path: an address, a port, a webhook, an unknown key, a game id', async () => {
    const path = write(
      'fields.json',
      JSON.stringify({
        ...good,
        smtp: { host: 'smtp.nomic.example', port: 70000, user: 'referee' },
        games: {
          g1: { list: 'not an address', chat: [{ kind: 'slack', url: 'ftp://x' }], extra: 1 },
          'bad id!': {},
        },
      }),
    );
    const error = await loadMailSettings(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailSettingsError);
    const message = (error as Error).message;
    expect(message).toContain(`the mail settings in ${path} are not valid:`);
    expect(message).toMatch(/^smtp\.port: /m);
    expect(message).toMatch(/^smtp: give both user and pass, or neither$/m);
    expect(message).toMatch(/^games\.g1\.list: an address is local@domain, nothing else$/m);
    expect(message).toMatch(/^games\.g1\.chat\.0\.kind: /m);
    expect(message).toMatch(/^games\.g1\.chat\.0\.url: a webhook is an http\(s\) URL$/m);
    expect(message).toMatch(/^games\.g1: .*extra/m);
    expect(message).toMatch(/bad id!/);
  });

  it('the referee needs its own address and both servers', () => {
    expect(() => parseMailSettings({})).toThrow(/^from: /m);
    expect(() => parseMailSettings({})).toThrow(/^smtp: /m);
    expect(() => parseMailSettings({})).toThrow(/^imap: /m);
  });
});

describe('mail settings: one shape for mail in and out', () => {
  it('addresses are lowercased (mail in is placed by comparing them)', () => {
    const s = parseMailSettings({ ...good, from: 'Referee@Nomic.Example' });
    expect(s.from).toBe('referee@nomic.example');
  });

  it('an address that names two games, or two ways of one game, is refused: its mail could not be placed', () => {
    const twice = {
      ...good,
      games: { ...good.games, g2: { forums: ['Nomic@lists.example'] } },
    };
    expect(() => parseMailSettings(twice)).toThrow(/games\.g2\.forums: nomic@lists\.example is given twice/);
    const twoWays = { ...good, games: { g1: { forums: ['x@lists.example'], private: 'x@lists.example' } } };
    expect(() => parseMailSettings(twoWays)).toThrow(MailSettingsError);
  });
});
