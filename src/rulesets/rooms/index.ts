// Ruleset `rooms`: the host the Quests rules (Nomic02 rules 139-142, seeds/003) presume - a map of rooms joined
// by passages (given as data: a map file as the game's config, or the default map around Mornington Crescent),
// players in rooms carrying tokens, turns with one active player, and tallies of brownie points, Puissance and
// demerits. The rules are ours, written down in docs/rulings-quests.md (H1-H10). One module per rule.
import { erase } from '../../core/index.js';
import type { RuleModule, Ruleset } from '../../core/index.js';
import type { RoomsEvent, RoomsState } from './types.js';
import { DEFAULT_MAP } from './default-map.js';
import { MORNINGTON_CRESCENT, parseMapConfig } from './map.js';
import { playersModule } from './places.js';
import { turnsModule } from './turns.js';
import { movementModule } from './movement.js';
import { tokensModule } from './tokens.js';
import { talliesModule } from './tallies.js';
import { renderRooms, roomsStandings, roomsView } from './view.js';
import { roomsAwaiting } from './awaiting.js';
import type { RoomsErrorCode } from './errors.js';
import { ROOMS_ERROR_CODES } from './errors.js';
import { roomsPhrases } from './phrases.js';
import { ROOMS_PARAMETERS } from './parameters.js';

export const ROOMS = 'rooms';

/** The map rule: the rooms and passages are the game's configuration. */
function mapModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'map',
    section: 'The map (host)',
    text: `The game is played on a map of rooms joined by passages, given as data when the game is created; one room is ${MORNINGTON_CRESCENT}, and every room can be reached from the start room.`,
  };
}

/** The host's rule modules, for a ruleset whose state is RoomsState or extends it. */
export const roomsModules = <S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent>[] => [
  mapModule<S>(),
  playersModule<S>(),
  turnsModule<S>(),
  movementModule<S>(),
  tokensModule<S>(),
  talliesModule<S>(),
];

/** The host's initial state from the game's config (a map file, or null for the default map). */
export function initialRooms(config: Parameters<typeof parseMapConfig>[0]): RoomsState {
  const { map, actionsPerTurn, turnDeadline, tokens } = parseMapConfig(config, DEFAULT_MAP);
  return {
    map,
    actionsPerTurn,
    ...(turnDeadline !== undefined ? { turnDeadline } : {}),
    places: [],
    tokens: tokens.map((t, i) => ({ id: i + 1, name: t.name, at: { room: t.room } })),
    nextToken: tokens.length + 1,
    turn: null,
  };
}

export const rooms: Ruleset<RoomsState, RoomsErrorCode> = {
  id: ROOMS,
  title: 'Rooms: a map of rooms and passages, turns, tokens and tallies (the host of Quests)',
  source: 'docs/rulings-quests.md (host rules H1-H10)',
  phrases: [roomsPhrases],
  errorCodes: ROOMS_ERROR_CODES,
  modules: roomsModules<RoomsState>(),
  initial: initialRooms,
  view: roomsView,
  render: renderRooms,
  standings: roomsStandings,
  awaiting: roomsAwaiting,
  parameters: ROOMS_PARAMETERS,
};

export const roomsRuleset = erase(rooms);
export type { RoomsCtx, RoomsEvent, RoomsState } from './types.js';
export { DEFAULT_MAP } from './default-map.js';
export { roomsAwaiting } from './awaiting.js';
export { ROOMS_PARAMETER_LIST, ACTIONS_PER_TURN, actionsPerTurn } from './parameters.js';
