// Host rule "Players": every player is in exactly one room of the map, and a player who joins is placed in the
// map's start room (H4). Where each player is, is public (H9). Who is where is read in places-state.ts.
import type { Folds, RuleModule, Texts } from '../../core/index.js';
import type { LeftMap, PlayerPlaced, RoomsCtx, RoomsEvent, RoomsState, TurnEnded } from './types.js';
import { endTurn } from './turns.js';
import { moving, tokenText } from './tokens.js';
import { arriving, placeOf } from './places-state.js';
import type { RoomsErrorCode } from './errors.js';

export function playersModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'players',
    section: 'Players (host)',
    text: 'Each player is in exactly one room of the map. A player who joins the game is placed in the start room the map names.',
    onJoin(ctx: RoomsCtx<S>, player: string) {
      const e: PlayerPlaced = { type: 'player-placed', vis: 'public', player, room: ctx.rules.map.start };
      ctx.emit(e);
    },
    // H12 (issue 16): a player the Administrator removes leaves the map. If it was eir turn, the turn ends as
    // the Administrator's skip ends it (the next player in order begins eirs); the tokens e carried are left
    // where e was, as dropped tokens lie (a carried token's location is its carrier's, and e has none now).
    onRemove(ctx: RoomsCtx<S>, player: string) {
      const place = placeOf(ctx.rules, player);
      if (!place) return;
      const turn = ctx.rules.turn;
      if (turn?.player === player) {
        if (ctx.rules.places.length > 1) endTurn(ctx, turn, 'admin');
        else {
          const ended: TurnEnded = { type: 'turn-ended', vis: 'public', player, turn: turn.n, by: 'admin' };
          ctx.emit(ended);
        }
      }
      const carried = ctx.rules.tokens.filter((t) => 'carrier' in t.at && t.at.carrier === player);
      const e: LeftMap = {
        type: 'left-map',
        vis: 'public',
        player,
        room: place.room,
        tokens: carried.map((t) => ({ id: t.id, name: t.name })),
      };
      ctx.emit(e);
    },
    evolve: {
      'player-placed': (s, e) => ({ ...s, places: arriving(s.places, e.player, e.room) }),
      'left-map': (s, e) => ({
        ...s,
        places: s.places.filter((p) => p.player !== e.player),
        tokens: e.tokens.reduce((tokens, t) => moving(tokens, t.id, { room: e.room }), s.tokens),
      }),
    } satisfies Folds<S, PlayerPlaced | LeftMap>,
    describe: {
      'player-placed': (e) => `${e.player} is placed in ${e.room}, the start room.`,
      'left-map': (e) =>
        `${e.player} leaves the map from ${e.room}${e.tokens.length > 0 ? `, leaving ${e.tokens.map(tokenText).join(', ')} there` : ''}.`,
    } satisfies Texts<PlayerPlaced | LeftMap>,
  };
}
