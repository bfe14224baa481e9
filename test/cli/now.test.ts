// REFEREE_NOW (src/cli/now.ts): the instant the command line fills in where a command needs now — a game's
// creation (K16 records it), a schedule's start — so that a script gives the same log whenever it runs.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

const created = (cli: Cli): unknown =>
  (cli.json<{ event: { type: string; created?: string } }[]>('log', 'g1', '--json')[0]?.event ?? {}).created;

describe('REFEREE_NOW', () => {
  it('a game created under REFEREE_NOW records that instant, and two such games have one head', () => {
    const [a, b] = [0, 1].map(() => {
      const cli = new Cli(undefined, undefined, { now: '2026-11-24T12:00:00Z' });
      newManualGrid(cli);
      return cli;
    }) as [Cli, Cli];
    expect(created(a)).toBe('2026-11-24T12:00:00.000Z');
    expect(a.ok('verify', 'g1')).toBe(b.ok('verify', 'g1'));
  });

  it('a REFEREE_NOW that is no instant is a usage error, and nothing is created', () => {
    const cli = new Cli(undefined, undefined, { now: 'yesterday' });
    const r = cli.run('new', 'grid-2002-01', '--game', 'g1');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/REFEREE_NOW is "yesterday": an ISO 8601 instant/);
    expect(cli.run('show', 'g1').status).not.toBe(0);
  });
});
