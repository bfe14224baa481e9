// What everyone but the Administrator gets from a game: each viewer's view and log lines as text. Two games that
// differ only in hidden facts must give the same (non-interference, issue 13). Log lines are compared by their
// text, not their `seq`: how hidden entries show in the numbering is the per-viewer numbering's own test.
import type { RuleError, Viewer } from '../../src/core/index.js';
import type { Table } from './table.js';

export function outsideView(t: Table, viewers: readonly Viewer[]): string {
  return JSON.stringify(
    viewers.map((v) => ({
      view: t.kernel.view(t.game, v),
      lines: t.kernel.logView(t.entries, v, t.game).map((l) => l.text),
    })),
  );
}

/** A refusal as a player sees it. */
export const refusal = (e: RuleError): string => `${e.code}: ${e.message}`;
