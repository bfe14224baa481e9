// Ruleset tunnelers: Tunnelers, the game of The Underground Society (Spoon, the charter of nweek 48;
// seeds/002_fc8ccbe6a3fc20b2.txt), with nomic-referee as the Moderator. One module per part of the text, in the
// text's order; the rulings on what the text leaves open are in docs/rulings-tunnelers.md (T-1 ...).
import { erase, reject } from '../../core/index.js';
import type { Json, Ruleset } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import { boardModule } from './board.js';
import { cardsModule } from './cards.js';
import { molesModule } from './moles.js';
import { movementModule } from './movement.js';
import { combinationsModule } from './combinations.js';
import { teleportModule } from './teleport.js';
import { discardModule } from './discard.js';
import { combatModule } from './combat.js';
import { tellModule } from './tell.js';
import { turnsModule } from './turns.js';
import { ordersModule } from './orders.js';
import { DEFAULT_DEADLINE, deadlineModule } from './deadline.js';
import { societyModule } from './society.js';
import { joiningModule } from './joining.js';
import { leavingModule } from './leaving.js';
import { removalModule } from './removal.js';
import { startingModule } from './starting.js';
import { renderTunnelers, tunnelersStandings, tunnelersView } from './view.js';
import { tunnelersAwaiting } from './awaiting.js';
import type { TunnelersErrorCode } from './errors.js';
import { TUNNELERS_ERROR_CODES } from './errors.js';
import { tunnelersPhrases } from './phrases.js';

export const TUNNELERS = 'tunnelers';

/** T-12: the configuration: `{"deadline": N}`, the ndays the Moderator waits for a needed action. */
function deadlineOf(config: Json): number {
  if (config === null) return DEFAULT_DEADLINE;
  const c = config as { readonly [key: string]: Json };
  const n = typeof config === 'object' && !Array.isArray(config) ? c.deadline : undefined;
  const ok =
    typeof config === 'object' &&
    !Array.isArray(config) &&
    Object.keys(c).every((k) => k === 'deadline') &&
    (n === undefined || (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 100));
  if (!ok) return reject('bad-config', 'Tunnelers takes {"deadline": N}, N whole ndays from 1 to 100');
  return typeof n === 'number' ? n : DEFAULT_DEADLINE;
}

export const tunnelers: Ruleset<TunnelersState, TunnelersErrorCode> = {
  id: TUNNELERS,
  title: 'Tunnelers (The Underground Society, Spoon, nweek 48)',
  source: 'seeds/002_fc8ccbe6a3fc20b2.txt',
  phrases: [tunnelersPhrases],
  errorCodes: TUNNELERS_ERROR_CODES,
  // K4: edition 2 reads the society as written: joining asks to join it; members pay to play (T-22 to T-25).
  // Edition 3: a turn whose player runs out of cards and movement points ends when e ends it or at its
  // deadline, not at once (T-29); Standing Orders given during a turn wait for eir later turns (T-30).
  edition: 3,
  modules: [
    boardModule,
    cardsModule,
    molesModule,
    movementModule,
    combinationsModule,
    teleportModule,
    discardModule,
    combatModule,
    tellModule,
    turnsModule,
    ordersModule,
    deadlineModule,
    societyModule,
    joiningModule,
    leavingModule,
    startingModule,
    removalModule,
  ],
  initial(config) {
    return {
      started: false,
      deadline: deadlineOf(config),
      moles: [],
      tunnels: {},
      deck: [],
      discard: [],
      hands: {},
      order: [],
      dead: [],
      turn: null,
      lastFinished: null,
      combat: null,
      questions: {},
      orders: {},
      told: {},
      heard: [],
      announcements: [],
      reserved: {},
      members: [],
      requests: [],
    };
  },
  view: tunnelersView,
  render: renderTunnelers,
  standings: tunnelersStandings,
  awaiting: tunnelersAwaiting,
};

export const tunnelersRuleset = erase(tunnelers);
export type { TunnelersState } from './types.js';
