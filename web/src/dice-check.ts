// "Check the dice" (issue 16): which seeds were committed when and revealed when, and every roll the viewer may
// see checked here, in the browser, with the very functions `referee verify` uses (src/core/dice/verify-roll.ts:
// a revealed seed against its commitment, a fair roll's draws against its revealed seed, a result against its
// draws). The rolls are those of the viewer's own log, which holds only what e may see; nothing is asked of
// the server but that log. Pure, and importing nothing of the page, so it is tested from Node too
// (test/web/dice-check.test.ts).
import { checkFairRoll, checkRollResult, checkSeedReveal } from '../../src/core/dice/verify-roll.js';
import { hexToBytes } from '../../src/core/hash.js';
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

export function checkDice(game: string, lines: readonly LogLine[]): DiceCheck {
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
  for (const l of lines) {
    const e = l.event;
    if (!isObject(e)) continue;
    const at = { seq: l.seq, nweek: l.nweek, nday: l.nday };
    const stream = e.stream === 'secret' ? 'secret' : 'public';
    if (e.type === 'seed-committed' && typeof e.commitment === 'string')
      seedOf(stream, Number(e.epoch)).committed = { ...at, commitment: e.commitment };
    if (e.type === 'seed-revealed' && typeof e.seed === 'string')
      seedOf(stream, Number(e.epoch)).revealed = { ...at, seed: e.seed };
    if (Array.isArray(e.rolls))
      for (const r of e.rolls) {
        const roll = rollOf(r);
        if (roll) found.push({ at, roll });
      }
  }
  for (const row of seeds.values()) {
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
      // Issue 26: a beacon roll's derivation needs its round too; the page checks its result only (sealed),
      // and `referee verify` re-derives it.
      const wrong = attempt(() => checkRollResult(roll));
      row = {
        ...base,
        stream: proof.stream,
        epoch: proof.epoch,
        status: wrong ? 'wrong' : 'sealed',
        ...(wrong ? { problem: wrong } : {}),
      };
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
  return { seeds: [...seeds.values()].sort((a, b) => order(a) - order(b)), rolls, counts };
}
