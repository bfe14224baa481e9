// verifyLog as it was before issue 17 made it stream (src/core/verify.ts at d392491), kept word for word as the
// reference the streaming verifier is compared with: it reads the whole log, checks the chain, then every roll
// and seed, then re-decides every command, writing every event canonically three times. Whatever it finds, the
// streaming verifier must find, with the same report (test/core/verify-stream.test.ts).
import {
  batchCommand,
  canonicalJson,
  checkRollResult,
  checkSeedReveal,
  GENESIS,
  sha256Hex,
} from '../../src/core/index.js';
import type { GameState, Json, Kernel, KernelEvent, LogEntry, VerifyReport } from '../../src/core/index.js';

export function referenceVerifyLog(
  kernel: Kernel,
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
): VerifyReport {
  const problems: string[] = [];
  let fairRolls = 0;
  let manualRolls = 0;
  let commands = 0;
  const broken = referenceChainBreak(entries);
  if (broken) problems.push(broken);

  const commitments = new Map<string, string>();
  for (const { event } of entries) {
    for (const r of event.rolls ?? []) {
      if (r.source === 'fair') fairRolls++;
      else manualRolls++;
      const wrong = checkRollResult(r);
      if (wrong) problems.push(wrong);
    }
    const k = event as KernelEvent;
    if (k.type === 'seed-committed') commitments.set(`${k.stream}|${k.epoch}`, k.commitment);
    if (k.type === 'seed-revealed') {
      const wrong = checkSeedReveal(k, commitments.get(`${k.stream}|${k.epoch}`));
      if (wrong) problems.push(wrong);
    }
  }

  let state: GameState | undefined;
  let i = 0;
  while (i < entries.length && problems.length === 0) {
    const start = entries[i] as LogEntry;
    const command = batchCommand(start.event, entries[i + 1]?.event);
    if (!command) {
      problems.push(`entry ${start.seq} (${start.event.type}) is not the start of a command`);
      break;
    }
    commands++;
    const head = i === 0 ? GENESIS : (entries[i - 1] as LogEntry).hash;
    let decided;
    try {
      decided = kernel.decide(state, command, { head, ...(master ? { master } : {}) });
    } catch (e) {
      problems.push(`entry ${start.seq}: re-deciding "${command.type}" failed: ${(e as Error).message}`);
      break;
    }
    if (!decided.ok) {
      problems.push(
        `entry ${start.seq}: the rules now reject "${command.type}" (${decided.error.code}: ${decided.error.message})`,
      );
      break;
    }
    const { events, ats } = decided.value;
    for (let k = 0; k < events.length; k++) {
      const recorded = entries[i + k];
      const mine = canonicalJson({ event: events[k], at: ats[k] } as unknown as Json);
      if (
        !recorded ||
        canonicalJson({ event: recorded.event, at: recorded.at } as unknown as Json) !== mine
      ) {
        problems.push(
          `entry ${start.seq + k}: the log says ${recorded ? JSON.stringify(recorded.event) : 'nothing'}, the rules give ${JSON.stringify(events[k])}`,
        );
        break;
      }
    }
    const next = entries[i + events.length];
    if (problems.length === 0 && next && !batchCommand(next.event)) {
      problems.push(`entry ${next.seq}: an event the command "${command.type}" did not produce`);
    }
    state = decided.value.state;
    i += events.length;
  }
  return { ok: problems.length === 0, entries: entries.length, commands, fairRolls, manualRolls, problems };
}

/** The first break in a chain (an edited, reordered, inserted or deleted entry), or null if it holds. */
function referenceChainBreak(entries: readonly LogEntry[]): string | null {
  let prev = GENESIS;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as LogEntry;
    if (e.seq !== i + 1)
      return `entry ${i + 1} is numbered ${e.seq}: an entry was deleted, inserted or moved`;
    if (e.prev !== prev) return `entry ${e.seq} does not follow the entry before it`;
    if (
      sha256Hex(canonicalJson({ seq: e.seq, at: e.at, event: e.event, prev: e.prev } as unknown as Json)) !==
      e.hash
    )
      return `entry ${e.seq} was altered: its hash does not match its content`;
    prev = e.hash;
  }
  return null;
}
