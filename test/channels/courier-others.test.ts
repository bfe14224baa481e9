// Issue 16: a Courier over a SQLite file delivers the notices another process writes to it (a shell's
// `referee tick` beside `referee serve --mail`) at the store's next look, not at its own 30-second one. On
// simulated time: the store's lookout and the Courier share one clock.
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Courier, messageId } from '../../src/channels/courier.js';
import type { Channel } from '../../src/channels/courier.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { POLL_MS } from '../../src/store/sqlite/others.js';
import type { StoredNotice } from '../../src/store/store.js';
import { entriesAfter } from '../store/store-contract.js';
import { notice } from '../store/outbox-contract.js';
import { SimulatedTime } from '../support/simulated-time.js';

const cleanups = cleanupsAfterEach();

class Inbox implements Channel {
  readonly name = 'inbox';
  readonly got: string[] = [];
  accepts(): boolean {
    return true;
  }
  deliver(n: StoredNotice): Promise<void> {
    this.got.push(messageId(n));
    return Promise.resolve();
  }
}

describe("a Courier on SQLite hears of another process's notices (issue 16)", () => {
  it('delivers them at the next poll of the file, and stops looking out when it stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-courier-others-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const time = new SimulatedTime();
    const path = join(dir, 'g.db');
    const here = new SqliteStore(path, {
      sync: 'normal',
      lookout: { setTimer: (ms, fn) => time.setTimer(ms, fn) },
    });
    const shell = new SqliteStore(path, { sync: 'normal' });
    cleanups.push(() => here.close());
    cleanups.push(() => shell.close());
    await shell.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });

    const inbox = new Inbox();
    const courier = new Courier(here, inbox, time);
    await courier.start();
    await courier.idle();
    expect(here.lookingForOthers).toBe(true);

    await shell.enqueue([notice('g1', 'report:1')]);
    const started = time.now();
    // Well before the Courier's own 30-second look: the store's poll wakes it.
    await time.run(POLL_MS, () => courier.idle());
    expect(inbox.got).toEqual(['g1/report:1']);
    expect(time.now() - started).toBeLessThan(30_000);

    await courier.stop();
    expect(here.lookingForOthers).toBe(false);
  });
});
