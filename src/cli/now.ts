// The instant the command line fills in where a command needs "now" (instants.ts: a game's creation, a
// schedule's start, a pause): the wall clock, or REFEREE_NOW (an ISO 8601 instant) when the environment sets
// it. Set for scripts that must give the same log every time they run (a game written twice must hash the
// same: the test suite's non-interference runs, a tutorial's transcript), as SOURCE_DATE_EPOCH does for
// builds. The operator's console may say any instant anyway (`schedule --since`); a server never reads it.
import { UsageError } from './fail.js';

export function cliNow(): number {
  const given = process.env.REFEREE_NOW;
  if (given === undefined || given === '') return Date.now();
  const ms = Date.parse(given);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(given) || !Number.isFinite(ms))
    throw new UsageError(
      `REFEREE_NOW is "${given.slice(0, 40)}": an ISO 8601 instant with its offset, as 2026-11-24T12:00:00Z, or unset`,
    );
  return ms;
}
