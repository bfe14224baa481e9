// Sections F.2 (the Big Stick), F.3 (the Shield) and G (Radar, Radar Towers, Pinball Guns): their modules,
// their part of the state, and what they add to a viewer's view.
import type { GameState, Json, RuleModule, Viewer } from '../../core/index.js';
import type { JuneState } from './types.js';

/** The part of the state these sections keep. */
export type FGState = {
  readonly placeholder?: never;
};

export const initialFG = (): FGState => ({});

/** Modules, in the text's order (later ones take precedence). */
export const FG_MODULES: readonly RuleModule<JuneState>[] = [];

/** What these sections add to what a viewer sees (e.g. the Bonus Boxes a player's Radar reveals to em). */
export function fgView(_rules: JuneState, _game: GameState, _viewer: Viewer): Record<string, Json> {
  return {};
}
