// Sections D (Elbonian Airways), E (Big Rocks, Sirens, Siren Bait, the Yeti), F.1 (Toads) and F.4 (Balls of
// Wax): their modules, their part of the state, and what they add to a viewer's view.
import type { GameState, Json, RuleModule, Viewer } from '../../core/index.js';
import type { JuneState } from './types.js';

/** The part of the state these sections keep. */
export type DEState = {
  readonly placeholder?: never;
};

export const initialDE = (): DEState => ({});

/** Modules, in the text's order (later ones take precedence). */
export const DE_MODULES: readonly RuleModule<JuneState>[] = [];

/** What these sections add to what a viewer sees. */
export function deView(_rules: JuneState, _game: GameState, _viewer: Viewer): Record<string, Json> {
  return {};
}
