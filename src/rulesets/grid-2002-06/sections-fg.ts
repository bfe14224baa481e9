// Sections F.2 (the Big Stick), F.3 (the Shield) and G (Radar, Radar Towers, Pinball Guns): their modules,
// their part of the state, and what they add to a viewer's view. Rulings: docs/rulings-grid-june-fg.md.
import type { GameState, Json, Viewer } from '../../core/index.js';
import type { JuneState } from './types.js';
import { own } from './types.js';
import { bonusBoxesModule } from './fg-bonus-boxes.js';
import { bigStickModule } from './fg-big-stick.js';
import { shieldModule } from './fg-shield.js';
import { INITIAL_RADAR, radarModule } from './fg-radar.js';
import { radarTowersModule } from './fg-radar-towers.js';
import { pinballModule } from './fg-pinball.js';
import type { JuneModule } from './events.js';

export type { FGState } from './fg-state.js';
export { initialFG, withFG } from './fg-state.js';

/**
 * Modules, in the text's order (later ones take precedence), after the Bonus Boxes the text leans on. Their
 * answers ('shield', 'radar-bonus', 'bonus-box-affects', 'dizzy') and questions ('may-whack', 'may-fire',
 * 'may-be-shot', 'may-build-tower') let a later rule contradict them (C).
 */
export const FG_MODULES: readonly JuneModule[] = [
  bonusBoxesModule,
  bigStickModule,
  shieldModule,
  radarModule,
  radarTowersModule,
  pinballModule,
];

const nameOf = (id: string): string => (id.startsWith('player:') ? id.slice('player:'.length) : id);

/**
 * What these sections add to what a viewer sees: who is Dizzy, which Gremlins are off the Grid or not Active,
 * who has a Pinball Gun, everyone's Radar (all public); and the Bonus Boxes a player's Radar has revealed - to
 * that player alone (G.1), neither which Box nor its type, until a Box there is opened. The Administrator sees all.
 */
export function fgView(rules: JuneState, game: GameState, viewer: Viewer): Record<string, Json> {
  const fg = rules.fg;
  const view: Record<string, Json> = {
    dizzy: fg.dizzy.map(nameOf),
    gremlinsOffGrid: [...fg.knockedOff],
    gremlinsInactive: [...fg.inactive],
    pinballGuns: [...fg.guns],
    radar: Object.fromEntries(game.players.map((p) => [p, own(fg.radar, p) ?? INITIAL_RADAR])),
  };
  const shown = (player: string): Json =>
    (own(fg.revealed, player) ?? []).map((r) => ({ at: [r.at[0], r.at[1]], nweek: r.nweek }));
  if (viewer.role === 'player') view.radarReveals = shown(viewer.name);
  if (viewer.role === 'admin')
    view.radarReveals = Object.fromEntries(Object.keys(fg.revealed).map((p) => [p, shown(p)]));
  return view;
}
