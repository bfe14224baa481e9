// Sections D (Elbonian Airways), E (Big Rocks, Sirens, Siren Bait, the Yeti), F.1 (Toads) and F.4 (Balls of
// Wax): their modules and what they add to a viewer's view (their state is in de-state.ts).
import type { GameState, Json, Viewer } from '../../core/index.js';
import type { JuneState } from './types.js';
import { yetiModule } from './de-yeti.js';
import { bigRocksModule } from './de-big-rocks.js';
import { sirensModule } from './de-sirens.js';
import { toadsModule } from './de-toads.js';
import { elbonianModule } from './de-elbonian.js';
import { waxModule } from './de-wax.js';
import { baitModule } from './de-bait.js';
import type { JuneModule } from './events.js';

export type { Bait, DEState } from './de-state.js';
export { initialDE, withDE } from './de-state.js';

/** Modules, in the text's order (later ones take precedence). */
export const DE_MODULES: readonly JuneModule[] = [
  elbonianModule,
  bigRocksModule,
  sirensModule,
  baitModule,
  yetiModule,
  toadsModule,
  waxModule,
];

/** What these sections add to what a viewer sees: who is a Toad, Deaf or Icky (all public facts). */
export function deView(rules: JuneState, _game: GameState, _viewer: Viewer): Record<string, Json> {
  return {
    toads: Object.entries(rules.de.toads).map(([player, until]) => ({ player, untilNweek: until })),
    deaf: Object.keys(rules.de.deaf),
    icky: Object.keys(rules.de.icky),
  };
}
