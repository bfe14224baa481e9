// "Check the dice" (issue 16): which seeds were committed when and revealed when, and every roll the viewer may
// see checked here, in the browser, with the very functions `referee verify` uses (src/core/dice/verify-roll.ts:
// a revealed seed against its commitment, a fair roll's draws against its revealed seed, a result against its
// draws). The rolls are those of the viewer's own log, which holds only what e may see; nothing is asked of
// the server but that log. Pure, and importing nothing of the page, so it is tested from Node too
// (test/web/dice-check.test.ts, test/beacon/timelock.test.ts).
//
// Beacon dice (issue 26 item 3): once the round a seed's timelock opens at is in the log, openTimelocks opens
// it here with that round (verify's own openTimelock, loaded only then: tlock's code is a chunk of its own)
// and checks the seed that comes out against the commitment, and against the seed revealed if there is one;
// a seed the referee never revealed is then used, like a revealed one, to derive its nweek's rolls again.
import { checkFairRoll, checkRollResult, checkSeedReveal } from '../../src/core/dice/verify-roll.js';
import { checkBeaconRoll } from '../../src/core/dice/beacon-draw.js';
import { readRound } from '../../src/core/dice/beacon.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import type { BeaconChain } from '../../src/core/dice/beacon-chains.js';
import { bytesToHex, hexToBytes } from '../../src/core/hash.js';
import { commitmentOf } from '../../src/core/dice/fair.js';
import type { Roll } from '../../src/core/dice/roll.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A line of the viewer's log, as much of it as the check reads (api.ts LogLine). */
export interface LogLine {
  seq: number;
  nweek: number;
  nday: number;
  event?: Json;
}

/** Where in the viewer's log something is: eir line number and the game time. */
export interface At {
  seq: number;
  nweek: number;
  nday: number;
}

export interface SeedRow {
  stream: 'public' | 'secret';
  epoch: number;
  committed?: At & { commitment: string };
  revealed?: At & { seed: string };
  /** matches: revealed and its SHA-256 is the commitment; sealed: not revealed yet; wrong: see problem. */
  status: 'matches' | 'sealed' | 'wrong';
  problem?: string;
  /**
   * Beacon dice (B13, B14): the round the seed's timelock opens at, and whether that round is in the log yet
   * (then anyone can open it: `referee verify`, `verify --public`, tlock's own tools, and this page:
   * openTimelocks).
   */
  timelock?: { opens: number; roundRecorded: boolean };
  /** What opening the timelock here gave (checkDice given openTimelocks' answer), once its round is recorded. */
  opened?: TimelockOpened;
}

/**
 * A public seed's timelock opened here (B14): `matches`, the seed that came out is the one committed (and the
 * one revealed, if it was); `wrong`, see problem (it does not open, or opens to another seed).
 */
export interface TimelockOpened {
  readonly status: 'matches' | 'wrong';
  /** The seed that came out, hex (matches only). */
  readonly seed?: string;
  readonly problem?: string;
}

/** A timelock the log holds, with the recorded round that opens it if it is in the log yet. */
export interface Lock {
  readonly epoch: number;
  readonly opens: number;
  /** The armored ciphertext the commitment carries (absent: the referee left it out, B13). */
  readonly ciphertext?: string;
  readonly round?: BeaconRound;
}

export interface RollRow {
  at: At;
  purpose: string;
  expr: string;
  result: string;
  draws: number[];
  source: 'fair' | 'manual' | 'beacon';
  /** A fair roll's stream and nweek (the secret stream is the game's: epoch 0). */
  stream?: 'public' | 'secret';
  epoch?: number;
  /**
   * verified: the draws are what the revealed seed gives and the result follows from them; sealed: the
   * result follows from the draws, and the seed is not revealed yet; manual: the Administrator supplied the
   * results, and the result follows from them; wrong: see problem.
   */
  status: 'verified' | 'sealed' | 'manual' | 'wrong';
  problem?: string;
}

export interface DiceCheck {
  seeds: SeedRow[];
  rolls: RollRow[];
  counts: Record<RollRow['status'], number>;
  /** Beacon dice: the chain the creation describes, and the public seeds' timelocks (openTimelocks opens them). */
  chain?: BeaconChain;
  locks: Lock[];
}

const isObject = (v: Json | undefined): v is { [k: string]: Json } =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A roll's result as the report writes it: a choice "#n", a shuffle as its order. */
function resultText(r: Roll): string {
  if (Array.isArray(r.result)) return `[${r.result.join(', ')}]`;
  return r.kind === 'choice' ? `#${Number(r.result) + 1}` : String(r.result);
}

/** A recorded roll, if the JSON is one (the log is the server's; the page trusts nothing it cannot check). */
function rollOf(v: Json): Roll | undefined {
  if (!isObject(v) || typeof v.purpose !== 'string' || typeof v.expr !== 'string') return undefined;
  if (!Array.isArray(v.draws) || !Array.isArray(v.sides)) return undefined;
  return v as unknown as Roll;
}

/** Runs one of the core's checks; a malformed roll (an expression the core cannot read) is a problem too. */
function attempt(check: () => string | null): string | null {
  try {
    return check();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * Checks the viewer's log. `opened` (openTimelocks' answer for this log, by nweek) adds what the timelocks
 * opened to: each seed row says so, and a seed opened to its commitment derives its nweek's rolls again
 * whether or not the referee revealed it.
 */
export function checkDice(
  game: string,
  lines: readonly LogLine[],
  opened?: ReadonlyMap<number, TimelockOpened>,
): DiceCheck {
  const seeds = new Map<string, SeedRow>();
  const seedOf = (stream: 'public' | 'secret', epoch: number): SeedRow => {
    const key = `${stream}|${epoch}`;
    let row = seeds.get(key);
    if (!row) {
      row = { stream, epoch, status: 'sealed' };
      seeds.set(key, row);
    }
    return row;
  };
  const found: { at: At; roll: Roll }[] = [];
  // Beacon dice (issue 26): the chain the creation describes, and the rounds recorded (checked below).
  let chain: BeaconChain | undefined;
  const rounds = new Map<number, BeaconRound>();
  const ciphertexts = new Map<number, { opens: number; ciphertext?: string }>();
  for (const l of lines) {
    const e = l.event;
    if (!isObject(e)) continue;
    const at = { seq: l.seq, nweek: l.nweek, nday: l.nday };
    const stream = e.stream === 'secret' ? 'secret' : 'public';
    if (e.type === 'game-created' && isObject(e.beacon)) chain = e.beacon as unknown as BeaconChain;
    if (e.type === 'beacon-round') {
      const r = readRound(e);
      if (r.ok) rounds.set(r.value.round, r.value);
    }
    if (e.type === 'seed-committed' && typeof e.commitment === 'string') {
      const row = seedOf(stream, Number(e.epoch));
      row.committed = { ...at, commitment: e.commitment };
      if (typeof e.opens === 'number') {
        row.timelock = { opens: e.opens, roundRecorded: false };
        if (stream === 'public')
          ciphertexts.set(Number(e.epoch), {
            opens: e.opens,
            ...(typeof e.timelock === 'string' ? { ciphertext: e.timelock } : {}),
          });
      }
    }
    if (e.type === 'seed-revealed' && typeof e.seed === 'string')
      seedOf(stream, Number(e.epoch)).revealed = { ...at, seed: e.seed };
    if (Array.isArray(e.rolls))
      for (const r of e.rolls) {
        const roll = rollOf(r);
        if (roll) found.push({ at, roll });
      }
  }
  for (const row of seeds.values()) {
    if (row.timelock) row.timelock.roundRecorded = rounds.has(row.timelock.opens);
    if (!row.revealed) continue;
    const wrong = attempt(() =>
      checkSeedReveal(
        { stream: row.stream, epoch: row.epoch, seed: row.revealed?.seed ?? '' },
        row.committed?.commitment,
      ),
    );
    row.status = wrong ? 'wrong' : 'matches';
    if (wrong) row.problem = wrong;
  }
  const locks: Lock[] = [...ciphertexts].map(([epoch, c]) => {
    const round = rounds.get(c.opens);
    return { epoch, ...c, ...(round ? { round } : {}) };
  });
  for (const [epoch, o] of opened ?? []) {
    const row = seeds.get(`public|${epoch}`);
    if (row?.timelock?.roundRecorded) row.opened = o;
  }
  /** The seed a public nweek's rolls are derived from: the one revealed, or else the one its timelock opened to. */
  const seedBytes = (row: SeedRow | undefined): Uint8Array | undefined => {
    if (row?.status === 'matches' && row.revealed) return hexToBytes(row.revealed.seed);
    if (row?.status === 'sealed' && row.opened?.status === 'matches' && row.opened.seed !== undefined)
      return hexToBytes(row.opened.seed);
    return undefined;
  };
  const counts: DiceCheck['counts'] = { verified: 0, sealed: 0, manual: 0, wrong: 0 };
  const rolls = found.map(({ at, roll }): RollRow => {
    const base = {
      at,
      purpose: roll.purpose,
      expr: roll.expr,
      result: resultText(roll),
      draws: [...roll.draws],
      source: roll.source,
    };
    let row: RollRow;
    const proof = roll.proof;
    if (roll.source === 'manual' || !proof) {
      const wrong = attempt(() => checkRollResult(roll));
      row = { ...base, status: wrong ? 'wrong' : 'manual', ...(wrong ? { problem: wrong } : {}) };
    } else if (roll.source === 'beacon') {
      // Issue 26: derived again here once its seed is revealed, from the seed and its round, the round's BLS
      // signature verified in the browser against the chain the creation describes (checkBeaconRoll).
      const where = { stream: proof.stream, epoch: proof.epoch };
      const seed = seeds.get(`${proof.stream}|${proof.epoch}`);
      const round = proof.round === undefined ? undefined : rounds.get(proof.round);
      const opened = seedBytes(seed);
      if (opened && chain && round && proof.chain !== undefined) {
        const bytes = opened;
        const p = { ...proof, chain: proof.chain, round: round.round };
        const c = chain;
        const wrong = attempt(() => checkBeaconRoll(game, roll, p, bytes, c, round));
        row = {
          ...base,
          ...where,
          status: wrong ? 'wrong' : 'verified',
          ...(wrong ? { problem: wrong } : {}),
        };
      } else if (seed?.status === 'wrong') {
        row = { ...base, ...where, status: 'wrong', problem: 'its seed does not match the commitment' };
      } else {
        const wrong = attempt(() => checkRollResult(roll));
        row = { ...base, ...where, status: wrong ? 'wrong' : 'sealed', ...(wrong ? { problem: wrong } : {}) };
      }
    } else {
      const where = { stream: proof.stream, epoch: proof.epoch };
      const seed = seeds.get(`${proof.stream}|${proof.epoch}`);
      if (seed?.status === 'matches' && seed.revealed) {
        const bytes = hexToBytes(seed.revealed.seed);
        const wrong = attempt(() => checkFairRoll(game, roll, bytes));
        row = {
          ...base,
          ...where,
          status: wrong ? 'wrong' : 'verified',
          ...(wrong ? { problem: wrong } : {}),
        };
      } else if (seed?.status === 'wrong') {
        row = { ...base, ...where, status: 'wrong', problem: 'its seed does not match the commitment' };
      } else {
        const wrong = attempt(() => checkRollResult(roll));
        row = { ...base, ...where, status: wrong ? 'wrong' : 'sealed', ...(wrong ? { problem: wrong } : {}) };
      }
    }
    counts[row.status]++;
    return row;
  });
  const order = (s: SeedRow) => (s.stream === 'secret' ? Number.MAX_SAFE_INTEGER : s.epoch);
  return {
    seeds: [...seeds.values()].sort((a, b) => order(a) - order(b)),
    rolls,
    counts,
    ...(chain ? { chain } : {}),
    locks,
  };
}

/** Timelocks already opened on this page, by chain, ciphertext and round: each is opened once. */
const openedBefore = new Map<string, TimelockOpened>();

/**
 * Opens every public seed's timelock whose round the log holds (B14), with verify's own openTimelock (the
 * round's signature verified against the chain first), and checks what comes out: SHA-256 of it is the
 * commitment, and it is the seed revealed, if one was. tlock's code is loaded only when a timelock is to be
 * opened. The answer, by nweek, is what checkDice takes as `opened`.
 */
export async function openTimelocks(check: DiceCheck): Promise<Map<number, TimelockOpened>> {
  const out = new Map<number, TimelockOpened>();
  const chain = check.chain;
  const due = check.locks.filter((l) => l.round !== undefined);
  if (!chain || due.length === 0) return out;
  const { openTimelock } = await import('../../src/core/dice/timelock.js');
  for (const l of due) {
    const round = l.round as BeaconRound;
    const row = check.seeds.find((s) => s.stream === 'public' && s.epoch === l.epoch);
    const key = `${chain.hash}|${round.round}|${round.signature}|${l.ciphertext ?? ''}|${row?.committed?.commitment ?? ''}|${row?.revealed?.seed ?? ''}`;
    let o = openedBefore.get(key);
    if (!o) {
      o = await opening(chain, l, round, row);
      // Bounded: a page open on many games, or a long one, keeps at most this many answers.
      if (openedBefore.size >= 1024) openedBefore.clear();
      openedBefore.set(key, o);
    }
    out.set(l.epoch, o);
  }
  return out;

  async function opening(
    c: BeaconChain,
    l: Lock,
    round: BeaconRound,
    row: SeedRow | undefined,
  ): Promise<TimelockOpened> {
    const wrong = (problem: string): TimelockOpened => ({ status: 'wrong', problem });
    if (l.ciphertext === undefined)
      return wrong(`no timelock was published with nweek ${l.epoch}'s commitment: it cannot reveal itself`);
    const plain = await openTimelock(c, l.ciphertext, round);
    if (!plain.ok) return wrong(`the timelock does not open: ${plain.error}`);
    const seed = bytesToHex(plain.value);
    if (row?.committed === undefined || commitmentOf(plain.value) !== row.committed.commitment)
      return wrong('the seed opened from its timelock does not match the commitment');
    if (row.revealed !== undefined && row.revealed.seed !== seed)
      return wrong('the seed opened from its timelock is not the seed revealed');
    return { status: 'matches', seed };
  }
}
