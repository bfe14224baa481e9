// What re-deciding a log starts from: the command that opened each batch of entries. Used by verification
// (which decides every batch again) and by the engine (a retried command is known by its batch's command),
// so it lives apart from both.
import type { Command } from './commands.js';
import type { GameEvent, KernelEvent } from './events.js';

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
        // K16: the creation instant and rhythm floor an edition-3 game recorded.
        ...(e.created !== undefined ? { at: e.created } : {}),
        ...(e.rhythmFloor !== undefined ? { rhythmFloor: e.rhythmFloor } : {}),
        // Issue 26 (B4): a beacon game's chain, as its creation described it whole.
        ...(e.beacon !== undefined ? { beacon: e.beacon } : {}),
        // B13: nweek 1's seed as the engine sealed it, read again, never made again.
        ...(e.timelock !== undefined ? { timelock: e.timelock } : {}),
      },
      ...rolls,
    };
  }
  return undefined;
}
