// Issue 16, "Tokens": "`referee token g1 alice` (re-issue) and `referee admin-token g1` (rotate) on the CLI, for
// an Administrator who lost the page's token". The built program, and the store it wrote read back: the new
// token opens the game as its holder, the old one nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/server/tokens.js';
import { openStore } from '../../src/store/open.js';
import { Cli, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

/** The last word of a line that ends with a token. */
const tokenIn = (out: string): string => {
  const m = /: (nr_[\w-]+)\n$/.exec(out);
  if (!m?.[1]) throw new Error(`no token in ${out}`);
  return m[1];
};

async function holderOf(cli: Cli, game: string, token: string): Promise<string | undefined> {
  const store = await openStore(cli.dbPath);
  try {
    return await store.tokenHolder(game, tokenHash(token));
  } finally {
    await store.close();
  }
}

describe('issue 16: tokens on the command line', () => {
  let cli: Cli;
  let aliceFirst: string;
  beforeAll(() => {
    cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'j1');
    cli.ok('join', 'j1', 'alice');
    // The harness takes the token `join` prints out of its stdout, into `tokens`.
    aliceFirst = cli.tokens.get('alice') ?? '';
    expect(aliceFirst).toMatch(/^nr_/);
  }, 60_000);

  it('`token j1 alice`: a new token for alice, shown once; the old one opens nothing', async () => {
    const out = cli.ok('token', 'j1', 'alice');
    expect(out).toMatch(/^alice's new token for j1 \(the old one no longer works; shown only now\): nr_/);
    const fresh = tokenIn(out);
    expect(fresh).not.toBe(aliceFirst);
    expect(await holderOf(cli, 'j1', fresh)).toBe('player:alice');
    expect(await holderOf(cli, 'j1', aliceFirst)).toBeUndefined();
  });

  it('`admin-token j1`: the Administrator has a new token, which is eirs alone', async () => {
    const one = tokenIn(cli.ok('admin-token', 'j1'));
    const two = tokenIn(cli.ok('admin-token', 'j1'));
    expect(await holderOf(cli, 'j1', two)).toBe('admin');
    expect(await holderOf(cli, 'j1', one)).toBeUndefined();
  });

  it('someone not in the game, or a game that does not exist: exit 2, one line, nothing changed', () => {
    const before = cli.exported('j1');
    expect(cli.bad('token', 'j1', 'zed')).toBe('referee: unknown-player: zed has not joined j1');
    expect(cli.bad('token', 'nope', 'alice')).toMatch(/^referee: unknown-game: /);
    expect(cli.bad('admin-token', 'nope')).toMatch(/^referee: unknown-game: /);
    expect(cli.exported('j1')).toBe(before);
  });
});
