// Ruleset grid-2002-06: "The Grid" as amended by "Neatening Up: The Grid" (Wonko, Spoon, 28 Jun 2002;
// seeds/000_e22677692262c4ad.txt). One module per section, in the text's order; later modules take
// precedence, which is how C ("This section, and all sections preceding it in this rule, defer to any and all
// rules or sections of rules which contradict it") works: see docs/architecture.md.
//
// Every section, A to G, and the amendment from grid-2002-01 are implemented.
import { erase, reject } from '../../core/index.js';
import type { Folds, Ruleset, Texts } from '../../core/index.js';
import type { GridState as JanuaryState } from '../grid-2002-01/index.js';
import type { AmendmentEvent, GridObject, JuneState, MoveFailed } from './types.js';
import { objectsModule } from './objects.js';
import { squaresModule } from './squares.js';
import { NEW_PLAYER, playersModule } from './players.js';
import { inventoryModule } from './inventory.js';
import { throwingModule } from './throwing.js';
import { DE_MODULES, initialDE } from './sections-de.js';
import { FG_MODULES, initialFG } from './sections-fg.js';
import { controlsModule } from './controls.js';
import { juneStandings, juneView, renderJune } from './view.js';
import { juneAwaiting } from './awaiting.js';
import { makeMove } from './entering.js';
import { playerId } from './grid.js';
import type { JuneErrorCode } from './errors.js';
import { JUNE_ERROR_CODES } from './errors.js';
import type { JuneCtx, JuneModule } from './events.js';
import { gridPhrases } from '../grid-2002-01/phrases.js';
import { junePhrases } from './phrases.js';

export const GRID_2002_06 = 'grid-2002-06';

/** The rules the proposal repeals (its own list), recorded in the amendment's log entry. */
export const JUNE_REPEALS = [
  'Rule 346/2 Big Rocks',
  'Rule 348/4 The Yeti',
  'Rule 349/0 Grid Objects',
  'Rule 350/0 Pinball Guns',
  'Rule 351/1 Elbonian Airways',
  "Rule 352/0 i said i've got a big stick",
  'Rule 353/0 Last Revision: nweek 7.',
  'Rule 356/3 Sexy Sirens On The Rocks',
  'Rule 401/1 A Whole New Ball Of Wax',
  'Rule 466/1',
  'Rule 494/1 Siren Bait',
  'Rule 577/1 Radar Towers',
  'The rule entitled Carrying Stuff',
  'The rule entitled Throwing Stuff',
];

/** A mild day: the January game had no temperature, so nothing is Wet or Frozen until the Administrator says. */
const START_TEMPERATURE = 10;

/** R-J8: January moves announced and not yet made are made when the amendment takes effect, in order. */
const inheritedMoves: JuneModule = {
  id: 'amendment',
  section: 'The amendment of r301',
  text: 'Amend r301 to be: __The Grid__ ...',
  onAmend(ctx: JuneCtx, from: string) {
    if (from !== 'grid-2002-01') return;
    ctx.emit({ type: 'things-gone', vis: 'public', count: 10 });
    for (const { player, to } of ctx.rules.inherited) {
      const failed = makeMove(ctx, playerId(player), to, `${player}'s move announced under the January rule`);
      if (failed !== null) {
        const e: MoveFailed = { type: 'move-failed', vis: 'public', player, to, reason: failed };
        ctx.emit(e);
      }
    }
    ctx.emit({ type: 'inherited-moves-made', vis: 'public' });
  },
  evolve: {
    'inherited-moves-made': (s: JuneState): JuneState => ({ ...s, inherited: [] }),
  } satisfies Folds<JuneState, AmendmentEvent>,
  describe: {
    'things-gone': () =>
      'The Shiny Things and Scary Dark Things, which the amended rule no longer has, leave the Grid.',
    'inherited-moves-made': () => 'Every move announced under the January rule has been made.',
  } satisfies Texts<AmendmentEvent>,
};

export const grid200206: Ruleset<JuneState, JuneErrorCode> = {
  id: GRID_2002_06,
  title: 'The Grid (Spoon, as amended 28 Jun 2002)',
  source: 'seeds/000_e22677692262c4ad.txt',
  phrases: [gridPhrases, junePhrases],
  errorCodes: JUNE_ERROR_CODES,
  // K4: edition 2 reads R-J13 (the ZATR only) and R-J18 (a whole nweek of wax) literally.
  edition: 2,
  modules: [
    objectsModule,
    squaresModule,
    playersModule,
    inventoryModule,
    throwingModule,
    ...DE_MODULES,
    ...FG_MODULES,
    controlsModule,
    inheritedMoves,
  ],
  initial(config) {
    if (config !== null) reject('bad-config', 'The Grid (June 2002) takes no configuration');
    return {
      objects: [],
      players: {},
      squares: {},
      temperature: START_TEMPERATURE,
      n: 0,
      made: 0,
      hiddenMade: 0,
      de: initialDE(),
      fg: initialFG(),
      catching: [],
      inherited: [],
    };
  },
  view: juneView,
  render: renderJune,
  standings: juneStandings,
  awaiting: juneAwaiting,
  repeals: JUNE_REPEALS,
  migrateFrom: {
    // State carries over: players, their squares or Limbo, and (in the kernel's ledger) their points.
    'grid-2002-01'(old, game): JuneState {
      const jan = old as JanuaryState;
      const objects: GridObject[] = game.players.map((name) => {
        const placed = jan.positions.find((p) => p.player === name);
        return { id: playerId(name), kind: 'player', place: placed ? { on: placed.at } : { limbo: true } };
      });
      const announced = jan.announced.filter((a) => !a.withdrawn);
      const players = Object.fromEntries(
        game.players.map((name) => [
          name,
          {
            ...NEW_PLAYER,
            movedInNweek: jan.announced.some((a) => a.player === name) ? game.clock.nweek : null,
          },
        ]),
      );
      return {
        objects,
        players,
        squares: {},
        temperature: START_TEMPERATURE,
        n: 0,
        made: objects.length,
        hiddenMade: 0,
        de: initialDE(),
        fg: initialFG(),
        catching: [],
        inherited: announced.map((a) => ({ player: a.player, to: a.to })),
      };
    },
  },
};

export const grid200206Ruleset = erase(grid200206);
export type { JuneState } from './types.js';
export { locationOf } from './grid.js';
