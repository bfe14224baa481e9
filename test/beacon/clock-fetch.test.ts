// Issue 26 item 2, the clock's side (rulings B8-B10): a game on beacon dice waiting for its round has it fetched
// by the service's clock from the relays it was given, once the round's time has come by the chain's clock,
// verified and recorded through the `beacon` command, the same record as a pasted round. Real HTTP on the
// loopback, real BLS (rounds of the tests' own chain), simulated time: nothing here sleeps or times anything.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADMIN, player } from '../../src/core/index.js';
import type { Json, LogEntry } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { SimulatedTime } from '../../src/clock/time.js';
import type { Clockwork } from '../../src/clock/clockwork.js';
import { beaconFetching } from '../../src/house/serving.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import type { SqliteStore } from '../../src/store/sqlite.js';
import {
  admin,
  cleanDirs,
  clockOver,
  freshFile,
  iso,
  must,
  NoticingStore,
  pass,
  S,
} from '../clock/support.js';
import { makeTestChain } from './test-chain.js';
import { checkTimelocks } from '../../src/core/timelock-verify.js';

const t = makeTestChain(
  'clocktest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 31),
);
const other = makeTestChain(
  'clocktest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 77),
);
/** The games are created at round 1000's instant: each names round 1002 (B1), due 6 s later. */
const T0 = roundTime(t.chain, 1000);

/** Every round asked of the relays, as "kind:round". */
const asked: string[] = [];
/** Whether the relay "/mended" answers yet (503 until then). */
let mended = false;
let server: Server;
let base = '';
/** A port nothing listens on: a relay that is down. */
let down = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const m = /^\/(good|tampered|other-chain|mended)\/([0-9a-f]+)\/public\/(\d+)$/.exec(req.url ?? '');
    if (!m || m[2] !== t.chain.hash) return void res.writeHead(404).end();
    const kind = m[1] as string;
    const n = Number(m[3]);
    asked.push(`${kind}:${n}`);
    if (kind === 'mended' && !mended) return void res.writeHead(503).end();
    const round =
      kind === 'tampered'
        ? { ...t.round(n), randomness: t.round(n + 1).randomness }
        : kind === 'other-chain'
          ? other.round(n)
          : t.round(n);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(round));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  down = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise((r) => closed.close(r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const running: Clockwork[] = [];
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) await c.stop();
  for (const s of stores.splice(0)) await s.close();
  cleanDirs();
  asked.length = 0;
  mended = false;
});

/** A store, a Referee whose "now" is the simulated time, and a clock asking `relays` for rounds. */
function world(relays: string[]) {
  const time = new SimulatedTime(T0);
  const store = new NoticingStore(freshFile());
  stores.push(store);
  const referee = new Referee(store, defaultRegistry(), systemEntropy, { now: () => time.now() });
  const made = clockOver(referee, time, {
    beacon: { ...beaconFetching({ relays, timeoutMs: 2000 }), firstRetryMs: 2000, maxRetryMs: 16_000 },
  });
  running.push(made.clock);
  return { time, store, referee, ...made };
}

async function beaconGame(referee: Referee, game: string, extra: Record<string, Json> = {}): Promise<void> {
  await must(
    referee,
    game,
    admin('create', {
      game,
      ruleset: 'grid-2002-01',
      dice: 'beacon',
      beacon: { ...t.chain },
      at: iso(T0),
      ...extra,
    }),
  );
}

const events = async (referee: Referee, game: string, type: string): Promise<LogEntry[]> =>
  (await referee.entries(game)).filter((e) => e.event.type === type);

describe('the clock fetches the beacon round a game waits for (issue 26, B8-B10)', () => {
  it('a round not yet due is not asked for; once due it is fetched, verified and recorded as a pasted one is', async () => {
    const { time, referee, clock } = world([`${base}/good`]);
    await beaconGame(referee, 'g1');
    await clock.start();
    expect((await referee.state('g1')).dice.beacon?.round).toBe(1002);
    await pass(time, 5 * S, clock);
    expect(asked).toEqual([]);
    expect((await referee.view('g1', { role: 'public' })).beacon).toMatchObject({
      round: 1002,
      waiting: true,
    });
    await pass(time, 2 * S, clock);
    expect(asked).toEqual(['good:1002']);
    const [recorded] = await events(referee, 'g1', 'beacon-round');
    expect(recorded?.event).toMatchObject({ round: 1002, randomness: t.round(1002).randomness });
    expect(await events(referee, 'g1', 'nweek-started')).toHaveLength(1);
    // The log's record is the Administrator's own command, as `referee beacon g1 1002 JSON` would give.
    const command = (await events(referee, 'g1', 'command')).at(-1)?.event.command as {
      type: string;
      by: unknown;
      args: unknown;
    };
    expect(command).toMatchObject({
      type: 'beacon',
      by: ADMIN,
      args: { round: 1002, json: { ...t.round(1002) } },
    });
    // A second game, its round pasted: the same record.
    await beaconGame(referee, 'g2');
    await must(referee, 'g2', admin('beacon', { round: 1002, json: { ...t.round(1002) } }));
    const [pasted] = await events(referee, 'g2', 'beacon-round');
    expect(pasted?.event).toEqual(recorded?.event);
    expect((await referee.verify('g1')).ok).toBe(true);
  });

  it('a round the Administrator pasted first is not fetched again; the game goes on', async () => {
    const { time, referee, clock } = world([`${base}/good`]);
    await beaconGame(referee, 'g1');
    await clock.start();
    await pass(time, 3 * S, clock);
    await must(referee, 'g1', admin('beacon', { round: 1002, json: { ...t.round(1002) } }));
    await pass(time, 20 * S, clock);
    expect(asked).toEqual([]);
    expect(await events(referee, 'g1', 'beacon-round')).toHaveLength(1);
    expect(await events(referee, 'g1', 'nweek-started')).toHaveLength(1);
  });

  it('a relay down, one serving a tampered round and one serving another chain are passed over for the next', async () => {
    const { time, referee, clock, reports } = world([
      down,
      `${base}/tampered`,
      `${base}/other-chain`,
      `${base}/good`,
    ]);
    await beaconGame(referee, 'g1');
    await clock.start();
    await pass(time, 7 * S, clock);
    expect(asked).toEqual(['tampered:1002', 'other-chain:1002', 'good:1002']);
    const [recorded] = await events(referee, 'g1', 'beacon-round');
    expect(recorded?.event).toMatchObject({ round: 1002, signature: t.round(1002).signature });
    expect(reports.filter((r) => r.kind === 'beacon').map((r) => r.text)).toEqual([
      'g1: round 1002 of clocktest fetched, verified and recorded',
    ]);
  });

  it('all relays failing: the game waits, is asked for again with back-off, the Administrator is told why; other games keep time', async () => {
    const { time, referee, clock, store, reports } = world([down, `${base}/tampered`, `${base}/mended`]);
    await beaconGame(referee, 'g1');
    // A game on fair dice beside it, an nday every 10 s: its boundaries are not held up by the beacon game's.
    await must(
      referee,
      'fair',
      admin('create', { game: 'fair', ruleset: 'grid-2002-01', dice: 'fair', rhythmFloor: 1 }),
    );
    await must(referee, 'fair', admin('schedule', { every: 10, since: iso(T0) }));
    await clock.start();
    await pass(time, 60 * S, clock);
    const state = await referee.state('g1');
    expect(state.dice.beacon).toMatchObject({ round: 1002, randomness: null });
    expect(await events(referee, 'g1', 'beacon-round')).toEqual([]);
    // Asked at 6 s, then 2, 4, 8, 16, 16 s later (back-off to its cap): six attempts, not one a second.
    const attempts = asked.filter((a) => a.startsWith('mended:'));
    expect(attempts).toHaveLength(6);
    expect(asked.filter((a) => a.startsWith('tampered:'))).toHaveLength(6);
    // The Administrator is told once, with what each relay did, and how to paste the round.
    const told = store.enqueued.filter((n) => n.game === 'g1' && n.key === 'clock:beacon:1002');
    expect(told).toHaveLength(1);
    expect(told[0]?.to).toBe('admin');
    expect(told[0]?.text).toContain(`${down}: could not be reached`);
    expect(told[0]?.text).toContain(
      `${base}/tampered: refused, round 1002's randomness is not the hash of its signature`,
    );
    expect(told[0]?.text).toContain(`${base}/mended: answered 503`);
    expect(told[0]?.text).toContain("referee beacon g1 1002 'JSON'");
    expect(reports.filter((r) => r.kind === 'beacon' && r.game === 'g1')).toHaveLength(6);
    // The fair game's six boundaries fired on time meanwhile.
    const fired = (await events(referee, 'fair', 'boundary-fired')).map((e) => e.event.scheduled);
    expect(fired).toEqual([1, 2, 3, 4, 5, 6].map((k) => iso(T0 + k * 10 * S)));
    // The relay mended: the next attempt records the round, and the game goes on.
    mended = true;
    await pass(time, 16 * S, clock);
    expect(await events(referee, 'g1', 'beacon-round')).toHaveLength(1);
    expect(await events(referee, 'g1', 'nweek-started')).toHaveLength(1);
  });

  it('a round the rules refuse (a fetcher that let a forged one through) is not recorded, and asked for again with back-off', async () => {
    const time = new SimulatedTime(T0);
    const store = new NoticingStore(freshFile());
    stores.push(store);
    const referee = new Referee(store, defaultRegistry(), systemEntropy, { now: () => time.now() });
    let calls = 0;
    const { clock } = clockOver(referee, time, {
      beacon: {
        // Trusts whatever it is given: the kernel verifies the round again, and refuses this one.
        fetch: (_chain, n) => {
          calls++;
          return Promise.resolve({ ok: true, value: { ...other.round(n) } });
        },
        firstRetryMs: 2000,
        maxRetryMs: 16_000,
      },
    });
    running.push(clock);
    await beaconGame(referee, 'g1');
    await clock.start();
    await pass(time, 60 * S, clock);
    expect(await events(referee, 'g1', 'beacon-round')).toEqual([]);
    expect((await referee.state('g1')).dice.beacon?.randomness).toBeNull();
    expect(calls).toBe(6);
  });

  it('a scheduled beacon game: each nweek end names the next round, the clock fetches it, the nweeks go on; the log verifies', async () => {
    const { time, referee, clock } = world([`${base}/good`]);
    await beaconGame(referee, 'g1', { ndays: 2, rhythmFloor: 1 });
    await must(referee, 'g1', admin('schedule', { every: 30, since: iso(T0) }));
    await clock.start();
    await pass(time, 7 * S, clock);
    for (const p of ['ann', 'bob']) await must(referee, 'g1', { type: 'join', by: player(p), args: {} });
    await pass(time, 200 * S, clock);
    const rounds = (await events(referee, 'g1', 'beacon-round')).map((e) => e.event.round);
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    expect((await referee.state('g1')).clock.nweek).toBeGreaterThanOrEqual(3);
    const report = await referee.verify('g1');
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it("B14: a seed's timelock round is fetched when due, holding nothing up; the seed then opens from the log alone", async () => {
    const { time, referee, clock } = world([`${base}/good`]);
    // No schedule: nweek 1's seed opens a day an nday after its commitment (B13), here one day.
    await beaconGame(referee, 'g1', { ndays: 1 });
    await clock.start();
    await pass(time, 7 * S, clock);
    expect((await referee.state('g1')).dice.beacon?.randomness).not.toBeNull();
    const sealed = (await referee.state('g1')).dice.beacon?.sealed ?? [];
    expect(sealed.length).toBeGreaterThan(0);
    const first = Math.min(...sealed);
    const due = roundTime(t.chain, first);
    expect(due - time.now()).toBeGreaterThan(23 * 3600 * S);
    // Before its round's time nothing is asked for it (the nweek goes on: the game does not wait for it).
    await pass(time, due - time.now() - S, clock);
    expect(asked).not.toContain(`good:${first}`);
    await pass(time, 3 * S, clock);
    expect(asked).toContain(`good:${first}`);
    expect((await referee.state('g1')).dice.beacon?.sealed ?? []).not.toContain(first);
    const locks = await checkTimelocks((await referee.entries('g1')).map((e) => e.event));
    expect(locks.problems).toEqual([]);
    expect(locks.opened).toBeGreaterThanOrEqual(1);
    expect(locks.sealed.map((l) => l.opens)).not.toContain(first);
  });
});
