// Issue 23, item 4: the Administrator's word on a locked phrase, through the built program. `referee mail
// unlock GAME PLAYER` forgets the wrong phrases counted (ruling M11); a phrase seen on the list is public and is
// never unlocked, only replaced; registering a new phrase (`referee address … --phrase-file`) clears the count.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { Cli, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

/** Works on the CLI's file directly, as the mail edge would have (it counts failures there). */
async function onFile<T>(cli: Cli, work: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = new SqliteStore(cli.dbPath);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe('issue 23 item 4: unlocking and replacing a phrase', () => {
  it('issue 23 item 4: `referee mail unlock` forgets the wrong phrases; a burned phrase is refused; a new phrase clears all', async () => {
    const cli = new Cli();
    newManualGrid(cli);
    writeFileSync(join(cli.dir, 'bob.txt'), 'purple elephants dance at dawn\n');
    cli.ok('join', 'g1', 'bob', '--email', 'bob@example.org', '--phrase-file', 'bob.txt');
    expect(cli.ok('mail', 'unlock', 'g1', 'bob')).toBe(
      "bob's secret phrase in g1 had no wrong phrases counted; nothing to unlock.\n",
    );
    await onFile(cli, async (s) => {
      for (let i = 0; i < 10; i++) await s.phraseFailed('g1', 'bob', 1000 + i);
    });
    expect(cli.ok('mail', 'unlock', 'g1', 'Bob')).toBe(
      "bob's secret phrase in g1 is unlocked: 10 wrong phrases forgotten (it was locked).\n",
    );
    expect(await onFile(cli, (s) => s.phraseStanding('g1', 'bob'))).toMatchObject({ failures: 0 });
    await onFile(cli, (s) => s.burnPhrase('g1', 'bob', Date.UTC(2026, 10, 24)));
    expect(cli.bad('mail', 'unlock', 'g1', 'bob')).toMatch(
      /seen on the list .* cannot be unlocked; register a new one/,
    );
    expect(cli.bad('mail', 'unlock', 'g1', 'zed')).toMatch(/zed is not a player of g1/);
    writeFileSync(join(cli.dir, 'bob2.txt'), 'a new phrase for bob\n');
    cli.ok('address', 'g1', 'bob', 'bob@example.org', '--phrase-file', 'bob2.txt', '--unconfirmed');
    expect(await onFile(cli, (s) => s.phraseStanding('g1', 'bob'))).toEqual({
      failures: 0,
      lastFailureAt: null,
      burnedAt: null,
    });
  });
});
