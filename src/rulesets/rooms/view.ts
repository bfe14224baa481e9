// What a viewer sees of a `rooms` game: everything (ruling H9 - nothing here is secret): the map, who is where
// carrying what, what lies in each room, the turn and the tallies. A player's view adds "you": eir own room,
// exits, tokens and actions left.
import { listText, standingsOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Standings, Viewer } from '../../core/index.js';
import type { RoomsState, Token } from './types.js';
import { exitsOf } from './map.js';
import { placeOf, playersIn } from './places-state.js';
import { actionsLeft } from './turns.js';
import { actionsPerTurn } from './parameters.js';
import { carried, lyingIn, tokenText } from './tokens.js';
import { amountText, TALLIES, talliesOf } from './tallies.js';
import type { Tally } from './tallies.js';

const tokenJson = (t: Token): Json => ({ id: t.id, name: t.name });

export function roomsView(rules: RoomsState, game: GameState, viewer: Viewer): JsonObject {
  const view: Record<string, Json> = {
    map: {
      title: rules.map.title,
      start: rules.map.start,
      rooms: rules.map.rooms.map((r) => ({
        name: r.name,
        exits: [...r.exits],
        players: playersIn(rules, r.name),
        tokens: lyingIn(rules, r.name).map(tokenJson),
      })),
    },
    actionsPerTurn: actionsPerTurn(rules, game),
    order: rules.places.map((p) => p.player),
    turn: rules.turn
      ? { n: rules.turn.n, player: rules.turn.player, actionsLeft: actionsLeft(rules, game) }
      : null,
    players: rules.places.map((p) => ({
      name: p.player,
      room: p.room,
      carrying: carried(rules, p.player).map(tokenJson),
      tallies: talliesOf(game, p.player),
    })),
  };
  const place = viewer.role === 'player' ? placeOf(rules, viewer.name) : undefined;
  if (place) {
    const active = rules.turn?.player === place.player;
    view.you = {
      name: place.player,
      room: place.room,
      exits: [...exitsOf(rules.map, place.room)],
      carrying: carried(rules, place.player).map(tokenJson),
      active,
      actionsLeft: active ? actionsLeft(rules, game) : 0,
    };
  }
  return view;
}

/** The view's shape, as render reads it. */
export interface RoomsViewShape {
  readonly map: {
    readonly title: string;
    readonly start: string;
    readonly rooms: readonly {
      readonly name: string;
      readonly exits: readonly string[];
      readonly players: readonly string[];
      readonly tokens: readonly { id: number; name: string }[];
    }[];
  };
  readonly actionsPerTurn: number;
  readonly order: readonly string[];
  readonly turn: { readonly n: number; readonly player: string; readonly actionsLeft: number } | null;
  readonly players: readonly {
    readonly name: string;
    readonly room: string;
    readonly carrying: readonly { id: number; name: string }[];
    readonly tallies: Readonly<Record<string, number>>;
  }[];
  readonly you?: {
    readonly name: string;
    readonly room: string;
    readonly exits: readonly string[];
    readonly carrying: readonly { id: number; name: string }[];
    readonly active: boolean;
    readonly actionsLeft: number;
  };
}

const list = (items: readonly string[], none = 'nothing'): string => (items.length ? items.join(', ') : none);

/**
 * The standings (issue 16; the Quests add nothing a player has): each player in turn order, eir room, what e
 * carries, eir three tallies (H10: the score, shown at 0 too) and the active player.
 */
export function roomsStandings(raw: JsonObject): Standings {
  const v = raw as unknown as RoomsViewShape;
  const turn = v.turn;
  const tally = (t: Tally) => ({
    title: t === 'Puissance' ? t : `${t.charAt(0).toUpperCase()}${t.slice(1)}`,
    cell: (p: RoomsViewShape['players'][number]) => String(p.tallies[t] ?? 0),
  });
  return standingsOf(v.players, [
    { title: 'Player', cell: (p) => p.name },
    { title: 'Room', cell: (p) => p.room },
    { title: 'Carrying', cell: (p) => listText(p.carrying.map(tokenText), 'nothing'), quiet: 'nothing' },
    ...TALLIES.map(tally),
    {
      title: 'Turn',
      cell: (p) =>
        turn?.player === p.name
          ? `turn ${turn.n}, ${turn.actionsLeft} action${turn.actionsLeft === 1 ? '' : 's'} left`
          : '',
    },
  ]);
}

/** The host's part of the board as lines of text. */
export function renderRoomsLines(raw: JsonObject): string[] {
  const v = raw as unknown as RoomsViewShape;
  const out: string[] = [];
  out.push(
    `${v.map.title}: ${v.map.rooms.length} rooms; everyone starts in ${v.map.start}; ${v.actionsPerTurn} action${v.actionsPerTurn === 1 ? '' : 's'} a turn.`,
  );
  out.push(
    v.turn
      ? `Turn ${v.turn.n}: ${v.turn.player} is the active player, ${v.turn.actionsLeft} of ${v.actionsPerTurn} actions left. Turn order: ${v.order.join(', ')}.`
      : 'No turn yet: the first player to join begins turn 1.',
  );
  out.push('', 'Rooms (-> where passages lead):');
  for (const r of v.map.rooms) {
    out.push(`  ${r.name} -> ${r.exits.join(', ')}`);
    const here: string[] = [];
    if (r.players.length) here.push(`players: ${r.players.join(', ')}`);
    if (r.tokens.length) here.push(`lying here: ${r.tokens.map(tokenText).join(', ')}`);
    if (here.length) out.push(`      ${here.join('; ')}`);
  }
  out.push('', 'Players, in turn order:');
  if (v.players.length === 0) out.push('  nobody has joined yet');
  for (const p of v.players) {
    const t = p.tallies;
    out.push(
      `  ${p.name} in ${p.room}, carrying ${list(p.carrying.map(tokenText))}; ${TALLIES.map((x) => amountText(t[x] ?? 0, x)).join(', ')}`,
    );
  }
  if (v.you) {
    const y = v.you;
    out.push(
      '',
      `You are ${y.name}, in ${y.room}; passages lead to ${y.exits.join(', ')}. You carry ${list(y.carrying.map(tokenText))}.` +
        (y.active ? ` It is your turn: ${y.actionsLeft} action${y.actionsLeft === 1 ? '' : 's'} left.` : ''),
    );
  }
  return out;
}

export const renderRooms = (view: JsonObject): string => renderRoomsLines(view).join('\n');
