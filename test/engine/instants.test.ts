// The edges fill in the instant a schedule, a pause or a resumption takes effect (src/engine/instants.ts;
// issue 14, ruling K10): the kernel never reads the clock. A request retried with the same idempotency key
// is the same request, though it arrives later and is filled with a later instant.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN } from '../../src/core/index.js';
import type { Command } from '../../src/core/index.js';
import { withInstants } from '../../src/engine/instants.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

const NOW = Date.parse('2026-11-24T10:00:00.250Z');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('K10 instants filled at the edge', () => {
  it('K10: schedule gets since, pause-clock and resume-clock get at, to the whole second; given ones stay', () => {
    const cmd = (type: string, args: Command['args']): Command => ({ type, by: ADMIN, args });
    expect(withInstants(cmd('schedule', { every: 30 }), NOW).args).toEqual({
      every: 30,
      since: '2026-11-24T10:00:00.000Z',
    });
    expect(withInstants(cmd('pause-clock', { reason: 'x' }), NOW).args.at).toBe('2026-11-24T10:00:00.000Z');
    expect(withInstants(cmd('resume-clock', { reason: 'x' }), NOW).args.at).toBe('2026-11-24T10:00:00.000Z');
    expect(withInstants(cmd('schedule', { every: 30, since: '2026-01-01T00:00Z' }), NOW).args.since).toBe(
      '2026-01-01T00:00Z',
    );
    expect(withInstants(cmd('schedule', { clear: true }), NOW).args).toEqual({ clear: true });
    const tick = cmd('tick', {});
    expect(withInstants(tick, NOW)).toBe(tick);
  });

  it('K10: the same idempotency key retried later is answered as the first, not refused as reused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-instants-'));
    dirs.push(dir);
    const store = new SqliteStore(join(dir, 'g.db'));
    try {
      const referee = new Referee(store, defaultRegistry(), systemEntropy);
      const created = await referee.submit('g1', {
        type: 'create',
        by: ADMIN,
        args: { game: 'g1', ruleset: 'grid-2002-01' },
      });
      expect(created.ok).toBe(true);
      const request: Command = { type: 'schedule', by: ADMIN, args: { every: 120 }, id: 'set-rhythm' };
      const first = await referee.submit('g1', withInstants(request, NOW));
      const again = await referee.submit('g1', withInstants(request, NOW + 5_000));
      expect(first.ok && again.ok).toBe(true);
      if (!first.ok || !again.ok) return;
      expect(again.value.duplicate).toBe(true);
      expect((await referee.state('g1')).schedule?.since).toBe('2026-11-24T10:00:00.000Z');
      // A different request under the same key is still refused.
      const other = await referee.submit('g1', withInstants({ ...request, args: { every: 180 } }, NOW));
      expect(other.ok ? 'accepted' : other.error.code).toBe('idempotency-key-reused');
    } finally {
      await store.close();
    }
  });
});
