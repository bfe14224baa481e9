// Issue 26 at the command line: a game on beacon dice (a test chain whose key the operator gives in a file)
// waits for its round, takes it by `referee beacon GAME ROUND JSON` (verified: a forged one is refused), plays a
// whole nweek, and `referee verify` passes. Time is REFEREE_NOW, so the rounds named are the same every run.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { makeTestChain } from '../beacon/test-chain.js';

afterAll(removeTempDirs);

const t = makeTestChain(
  'clitest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 3),
);

describe('referee on beacon dice', () => {
  it('waits for the round, refuses a forged one, takes the real one, plays an nweek and verifies', () => {
    const cli = new Cli(undefined, undefined, { now: '2026-11-28T12:00:00Z' });
    const file = cli.write('chain.json', JSON.stringify(t.chain));
    cli.ok('new', 'grid-2002-01', '--game', 'b1', '--dice', 'beacon', '--beacon-chain', file, '--ndays', '2');
    const view = cli.json<{ beacon: { round: number; waiting: boolean } }>('show', 'b1', '--json');
    expect(view.beacon.waiting).toBe(true);
    const n = view.beacon.round;
    // B11: what `show` says under the board while the game waits.
    expect(cli.ok('show', 'b1')).toContain(`The dice wait for round ${n} of the clitest beacon, due `);
    expect(cli.bad('join', 'b1', 'ann')).toContain(`round ${n}`);
    const forged = { ...t.round(n), randomness: 'ab'.repeat(32) };
    expect(cli.bad('beacon', 'b1', String(n), JSON.stringify(forged))).toContain('randomness');
    cli.ok('beacon', 'b1', String(n), JSON.stringify(t.round(n)));
    cli.ok('join', 'b1', 'ann');
    cli.ok('tick', 'b1', '--nweek');
    const next = cli.json<{ beacon: { round: number; waiting: boolean } }>('show', 'b1', '--json').beacon;
    expect(next.waiting).toBe(true);
    expect(next.round).toBeGreaterThan(n);
    cli.ok('beacon', 'b1', String(next.round), JSON.stringify(t.round(next.round)));
    cli.ok('end', 'b1', 'done');
    expect(cli.ok('verify', 'b1')).toContain('b1 verifies');
  });
});
