import type { Command } from './commands.js';
import type { GameEvent, KernelEvent, LogEntry } from './events.js';
import type { GameState } from './state.js';
import type { Kernel } from './kernel.js';
import type { Json } from './json.js';
import { canonicalJson, GENESIS } from './hash.js';
import { chainBreak } from './log.js';
import { checkRollResult, checkSeedReveal } from './dice/verify-roll.js';

/** What verification found. `ok` only if there are no problems. */
export interface VerifyReport {
  readonly ok: boolean;
  readonly entries: number;
  readonly commands: number;
  readonly fairRolls: number;
  readonly manualRolls: number;
  readonly problems: readonly string[];
}

/**
 * The command that opened a batch of the log: a 'command' entry, or the game's creation, with the dice
 * results it brought along (recorded in the Administrator-only entry right after it).
 */
export function batchCommand(event: GameEvent, next?: GameEvent): Command | undefined {
  const e = event as KernelEvent;
  const n = next as KernelEvent | undefined;
  const rolls = n?.type === 'dice-queued' && n.withCommand ? { rolls: n.values } : {};
  if (e.type === 'command') return { ...e.command, ...rolls };
  if (e.type === 'game-created') {
    return {
      type: 'create',
      by: { role: 'admin' },
      // K4: the edition the game was created under (none recorded: 1), so it is decided again under it.
      args: {
        game: e.game,
        ruleset: e.ruleset,
        config: e.config,
        ndays: e.ndays,
        dice: e.dice,
        edition: e.edition ?? 1,
        kernelEdition: e.kernelEdition ?? 1,
        ...(e.joins ? { joins: e.joins } : {}),
      },
      ...rolls,
    };
  }
  return undefined;
}

/**
 * Checks a whole log: the hash chain is unbroken; every roll's result follows from its draws; every revealed
 * seed matches its commitment; and, re-deciding every command in order against the state before it (with the
 * game's dice secret, so every fair roll is derived again), the rules produce exactly the recorded events.
 * Any edit to an event - a roll, a point, a position - fails one of these.
 */
export function verifyLog(
  kernel: Kernel,
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
): VerifyReport {
  const problems: string[] = [];
  let fairRolls = 0;
  let manualRolls = 0;
  let commands = 0;
  const broken = chainBreak(entries);
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
