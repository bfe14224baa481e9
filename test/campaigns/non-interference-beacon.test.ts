// Non-interference over games on beacon dice (issue 26, "Done means"; issue 13's property): two games that
// differ only in hidden facts, played with the same public commands and the same beacon rounds, look the same
// to everyone but the Administrator until the secret seed's reveal; then the secret rolls are the public's to
// check. The campaign of non-interference.ts makes its worlds differ through manual dice queued differently;
// beacon dice cannot be queued, so here the worlds differ in the game's dice secret (the master both streams'
// seeds are derived from): the Things of the Grid (secret rolls) fall elsewhere. What a secret also changes, by design, and tells nothing: the commitments (SHA-256 of a seed), the
// hashes of entries (the hidden ones salted with 128 bits from the secret), and the public stream's seed and
// its draws, which a different master makes different too (in one game they are public randomness, revealed
// at each nweek's end and anchored to the round, whatever the hidden facts). So every 64-hex-digit value is
// taken out of what is compared, and the scripts use rulesets' public rolls nowhere before the comparison
// ends (the Grid of January rolls only secretly here: Tunnelers' start, the June Grid's Stick and Ball are
// public rolls, so a different master changes what everyone sees, by design). Compared after every command, for the public, each player and an outsider:
// the view, its rendering, and the log as that viewer may read it.
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC, player } from '../../src/core/index.js';
import type { Command, Json, Viewer } from '../../src/core/index.js';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import type { BeaconLog } from '../beacon/beacon-log.js';
import { beaconGame, iso, publicCheck } from '../beacon/beacon-log.js';
import { makeTestChain } from '../beacon/test-chain.js';
import { rng } from '../support/rng.js';

const t = makeTestChain(
  'nitest',
  Uint8Array.from({ length: 48 }, (_, i) => i + 5),
);

const masterOf = (seed: number): Uint8Array => {
  const r = rng(seed);
  return Uint8Array.from({ length: 32 }, () => Math.floor(r() * 256));
};

/** Opaque values (hashes, commitments, seeds: 64 hex digits) out, and the position counts (seq). */
const opaque = (v: Json): string =>
  JSON.stringify(v, (k, x: unknown) => (k === 'seq' ? undefined : x)).replace(/[0-9a-f]{64}/g, '#');

/** What a viewer sees of a world: the view, its rendering, the log as e may read it. */
function seen(log: BeaconLog, viewer: Viewer): string {
  const state = log.state;
  if (!state) throw new Error('no game');
  const view = log.kernel.view(state, viewer);
  const lines = log.kernel.logView(log.entries, viewer, state) as unknown as Json;
  return opaque({ view, text: log.kernel.render(state, view), log: lines });
}

/** The lines a viewer reads that tell a hidden fact (the Grid's drivers' `reveals`: a Thing found). */
const tells = (log: BeaconLog, viewer: Viewer): string =>
  opaque(
    log.kernel
      .logView(log.entries, viewer, log.state)
      .filter((l) => l.type === 'thing-found') as unknown as Json,
  );

const VIEWERS: readonly [string, Viewer][] = [
  ['public', PUBLIC],
  ['ann', player('ann')],
  ['bob', player('bob')],
  ['outsider', player('zed')],
];

interface Outcome {
  readonly compared: number;
  readonly differences: string[];
  readonly adminDiffers: boolean;
  /** The viewers told a hidden fact by the rules (their comparison stopped there). */
  readonly told: readonly string[];
  /** Commands accepted (in both worlds alike). */
  readonly accepted: number;
}

/** Plays `script` in two worlds (masters from seeds `a` and `b`) and compares after every command. */
function play(
  ruleset: string,
  a: number,
  b: number,
  script: readonly Command[],
): { worlds: BeaconLog[]; outcome: Outcome } {
  const worlds = [beaconGame(t, masterOf(a), ruleset), beaconGame(t, masterOf(b), ruleset)];
  const differences: string[] = [];
  let compared = 0;
  let adminDiffers = false;
  let accepted = 0;
  const told = new Set<string>();
  const all = [{ type: 'beacon', by: ADMIN, args: {} } as Command, ...script];
  for (const [step, command] of all.entries()) {
    const answers = worlds.map((w) =>
      command.type === 'beacon' && !('round' in command.args) ? w.record() : w.decide(command),
    );
    const [r0, r1] = answers;
    if (r0?.ok && r1?.ok) accepted++;
    if (JSON.stringify(r0?.ok) !== JSON.stringify(r1?.ok))
      differences.push(`step ${step} (${command.type}): accepted in one world only`);
    const [w0, w1] = worlds as [BeaconLog, BeaconLog];
    for (const [name, viewer] of VIEWERS) {
      if (told.has(name)) continue;
      // A Thing found where one world had it is a hidden fact the rules tell (as the campaign's drivers say):
      // this viewer's comparison stops there.
      if (tells(w0, viewer) !== tells(w1, viewer)) {
        told.add(name);
        continue;
      }
      compared++;
      const s0 = seen(w0, viewer);
      const s1 = seen(w1, viewer);
      if (s0 !== s1) {
        let i = 0;
        while (s0[i] === s1[i]) i++;
        differences.push(
          `step ${step} (${command.type}), ${name}: …${s0.slice(Math.max(0, i - 80), i + 80)}…`,
        );
      }
    }
    if (seen(w0, { role: 'admin' }) !== seen(w1, { role: 'admin' })) adminDiffers = true;
  }
  return { worlds, outcome: { compared, differences, adminDiffers, accepted, told: [...told] } };
}

const admin = (type: string, args: Record<string, Json> = {}): Command => ({ type, by: ADMIN, args });
const by = (name: string, type: string, args: Record<string, Json> = {}): Command => ({
  type,
  by: player(name),
  args,
});
const T = roundTime(t.chain, 1000);

describe('non-interference on beacon dice (issue 26): hidden facts differ, nothing else does, until the reveal', () => {
  for (const [a, b] of [
    [1, 2],
    [5, 6],
    [7, 8],
    [9, 10],
    [3, 4],
  ] as const) {
    it(`grid-2002-01, masters ${a} and ${b}: whole nweeks look the same to all but the Administrator; the reveal opens the secret rolls`, () => {
      const script: Command[] = [
        by('ann', 'join'),
        by('bob', 'join'),
        by('ann', 'enter', { x: 10, y: 10 }),
        by('bob', 'enter', { x: 5, y: 5 }),
        by('zed', 'move', { x: 3, y: 3 }),
        by('bob', 'move', { x: 6, y: 6 }),
        admin('tick', { at: iso(T + 86_400_000) }),
        admin('tick', { at: iso(T + 2 * 86_400_000), nweek: true }),
        { type: 'beacon', by: ADMIN, args: {} },
        by('ann', 'move', { x: 11, y: 11 }),
        by('bob', 'move', { x: 7, y: 7 }),
        admin('tick', { at: iso(T + 3 * 86_400_000), nweek: true }),
        { type: 'beacon', by: ADMIN, args: {} },
      ];
      const { worlds, outcome } = play('grid-2002-01', a, b, script);
      expect(outcome.differences).toEqual([]);
      // Compared after every command for every viewer, up to where a viewer was told (a Thing found: with
      // masters 1 and 2 one world's Thing is found at the third command — the draws mix in the log's head, so
      // where the Things fall moves with what the log records — and every viewer's comparison stops there).
      expect(outcome.compared).toBeGreaterThanOrEqual(VIEWERS.length * 3);
      if (outcome.told.length === 0) expect(outcome.compared).toBe(VIEWERS.length * (script.length + 1));
      // The players did play: entered, announced, moved at the nweeks' ends.
      expect(outcome.accepted).toBeGreaterThanOrEqual(script.length - 1);
      // The worlds did differ, and only the Administrator sees how: the Things are elsewhere.
      expect(outcome.adminDiffers).toBe(true);
      const secret = worlds.map((w) => w.entries.flatMap((e) => e.event.rolls ?? []).filter((r) => r.secret));
      expect(secret[0]?.length).toBeGreaterThan(0);
      expect(secret[0]?.map((r) => r.result)).not.toEqual(secret[1]?.map((r) => r.result));
      // The reveal (the game's end): from then on the public re-derives every secret roll from the log alone.
      for (const w of worlds) {
        expect(publicCheck('bg', t, w.entries).problems.length).toBeGreaterThan(0);
        w.must(admin('end', { reason: 'done' }));
        const check = publicCheck('bg', t, w.entries);
        expect(check.problems).toEqual([]);
        expect(check.checked).toBe(w.entries.flatMap((e) => e.event.rolls ?? []).length);
      }
    });
  }
});
