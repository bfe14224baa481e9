// What each viewer may see. Players do not see the board (4: "A player takes eir turn by privately telling the
// Moderator ..."): the public sees the player list, whose turn it is, the points and the announcements; a player
// also sees eir own mole, eir own hand and what the Moderator has told em; the Administrator (the Moderator) sees
// everything: every mole, the tunnels, the deck in order, every hand.
import { balanceOf, standingsOf } from '../../core/index.js';
import type { GameState, Json, JsonObject, Standings, Viewer } from '../../core/index.js';
import type { Mole, TunnelersState } from './types.js';
import { own } from './types.js';
import { ALL_SQUARES, FILES, moleOf, SIZE } from './board.js';
import { handOf } from './cards.js';
import { current } from './moles.js';
import { MODERATOR, SOCIETY } from './leaving.js';

/** How many public announcements and private messages a view shows (the log has them all). */
export const SHOWN = 20;

const moleJson = (m: Mole): Json => ({
  player: m.player,
  at: m.at,
  health: current(m, 'health'),
  attack: current(m, 'attack'),
  defence: current(m, 'defence'),
  movement: current(m, 'movement'),
  max: { ...m.max },
  temporary: m.temps.map((t) => ({ stat: t.stat, delta: t.delta, ends: t.ends })),
});

export function tunnelersView(s: TunnelersState, game: GameState, viewer: Viewer): JsonObject {
  const view: Record<string, Json> = {
    started: s.started,
    deadline: s.deadline,
    players: s.order.map((name) => ({
      name,
      alive: !s.dead.includes(name),
      points: balanceOf(game.balances, name),
    })),
    // The society (T-22): its members, the longest duration first, and the requests the Moderator has not
    // yet answered; all public, as the approvals and refusals are.
    members: [...s.members],
    requests: [...s.requests],
    turn: s.turn?.player ?? null,
    society: balanceOf(game.balances, SOCIETY),
    moderator: balanceOf(game.balances, MODERATOR),
    announcements: s.announcements.slice(-SHOWN),
  };
  if (viewer.role === 'player') {
    const name = viewer.name;
    const mole = moleOf(s, name);
    const c = s.combat;
    view.you = {
      name,
      mole: mole ? moleJson(mole) : null,
      hand: [...handOf(s, name)],
      movementLeft: s.turn?.player === name ? s.turn.movement : null,
      question: own(s.questions, name) ?? null,
      orders: [...(own(s.orders, name) ?? [])],
      told: [...(own(s.told, name) ?? [])].slice(-SHOWN),
      attacked: c && c.defender === name ? { from: c.from, at: c.at } : null,
    };
  }
  if (viewer.role === 'admin') {
    view.moles = s.moles.map(moleJson);
    view.tunnels = Object.entries(s.tunnels)
      .sort(([a], [b]) => ALL_SQUARES.indexOf(a) - ALL_SQUARES.indexOf(b))
      .map(([square, idle]) => ({ square, idle }));
    view.deck = [...s.deck];
    view.discard = [...s.discard];
    view.hands = Object.fromEntries(s.order.map((p) => [p, [...handOf(s, p)]]));
    view.combat = s.combat ? { ...s.combat, cards: [...s.combat.cards] } : null;
    view.questions = { ...s.questions };
    view.orders = Object.fromEntries(Object.entries(s.orders).map(([p, o]) => [p, [...o]]));
    view.reserved = { ...s.reserved };
    view.movementLeft = s.turn?.movement ?? null;
  }
  return view;
}

interface MoleRow {
  player: string;
  at: string;
  health: number;
  attack: number;
  defence: number;
  movement: number;
  max: Record<string, number>;
}

/** The board, a8 top left as the text labels it: # rock, + tunnel, a letter for a mole the viewer may see. */
function board(
  moles: readonly MoleRow[],
  tunnels: ReadonlySet<string> | null,
  letters: Map<string, string>,
): string[] {
  const lines: string[] = [];
  for (let rank = SIZE; rank >= 1; rank--) {
    const row: string[] = [];
    for (let f = 1; f <= SIZE; f++) {
      const sq = `${FILES[f - 1]}${rank}`;
      const mole = moles.find((m) => m.at === sq);
      row.push(
        mole ? (letters.get(mole.player) ?? '@') : tunnels === null ? '?' : tunnels.has(sq) ? '+' : '#',
      );
    }
    lines.push(`${rank} ${row.join(' ')}`);
  }
  lines.push(`  ${FILES.split('').join(' ')}`);
  return lines;
}

const statText = (m: MoleRow): string =>
  `health ${m.health}/${m.max.health}, attack ${m.attack} (max ${m.max.attack}), defence ${m.defence} (max ${m.max.defence}), movement ${m.movement} (max ${m.max.movement})`;

/**
 * The standings (issue 16): the player list in its order (T-26: turns go down it), each player's points, whose
 * turn it is, and a mole that has died (the column is left out while every mole lives).
 */
export function tunnelersStandings(view: JsonObject): Standings {
  const players = (view.players ?? []) as unknown as { name: string; alive: boolean; points: number }[];
  return standingsOf(players, [
    { title: 'Player', cell: (p) => p.name },
    { title: 'Points', cell: (p) => String(p.points) },
    { title: 'Turn', cell: (p) => (view.turn === p.name ? 'now' : '') },
    { title: 'Mole', cell: (p) => (p.alive ? 'alive' : 'dead'), quiet: 'alive' },
  ]);
}

/** A view as text. */
export function renderTunnelers(view: JsonObject): string {
  const players = (view.players ?? []) as unknown as { name: string; alive: boolean; points: number }[];
  const out: string[] = [];
  out.push(
    view.started
      ? `Tunnelers: ${typeof view.turn === 'string' ? `${view.turn}'s turn` : 'no turn in progress'}`
      : 'Tunnelers: not started yet',
  );
  out.push('Player list:');
  players.forEach((p, i) =>
    out.push(`  ${i + 1}. ${p.name}${p.alive ? '' : ' (mole dead)'}: ${p.points} points`),
  );
  out.push(
    `The Underground Society holds ${Number(view.society)} points; the Moderator ${Number(view.moderator)}.`,
  );
  const members = (view.members ?? []) as string[];
  const requests = (view.requests ?? []) as string[];
  if (members.length) out.push(`Members of the society: ${members.join(', ')}.`);
  if (requests.length) out.push(`Asking to join the society: ${requests.join(', ')}.`);
  const you = view.you as
    | {
        name: string;
        mole: MoleRow | null;
        hand: string[];
        movementLeft: number | null;
        question: string | null;
        orders: string[];
        told: string[];
        attacked: { from: string } | null;
      }
    | undefined;
  const adminMoles = view.moles as unknown as MoleRow[] | undefined;
  const letters = new Map(players.map((p, i) => [p.name, String.fromCharCode(65 + i)]));
  if (you) {
    out.push('', `You are ${you.name}.`);
    if (you.mole) {
      out.push(...board([you.mole], null, new Map([[you.name, 'M']])));
      out.push(`Your mole (M) is at ${you.mole.at}: ${statText(you.mole)}.`);
    } else out.push('Your mole is dead.');
    out.push(`Your hand: ${you.hand.join(' ') || 'empty'}.`);
    if (you.movementLeft !== null) out.push(`It is your turn: ${you.movementLeft} movement points left.`);
    if (you.orders.length) out.push(`Your Standing Orders: ${you.orders.join('; ')}.`);
    if (you.question) out.push(`The Moderator asks: ${you.question}`);
    if (you.told.length) out.push('The Moderator has told you:', ...you.told.map((t) => `  - ${t}`));
  }
  if (adminMoles) {
    const tunnels = new Set(((view.tunnels ?? []) as unknown as { square: string }[]).map((t) => t.square));
    out.push('', 'The board (Moderator only; + tunnel, # rock):', ...board(adminMoles, tunnels, letters));
    for (const m of adminMoles)
      out.push(`  ${letters.get(m.player) ?? '?'} ${m.player} at ${m.at}: ${statText(m)}`);
    const hands = (view.hands ?? {}) as Record<string, string[]>;
    for (const [p, h] of Object.entries(hands)) out.push(`  ${p}'s hand: ${h.join(' ') || 'empty'}`);
    out.push(`  Deck (top first): ${((view.deck ?? []) as string[]).join('') || 'empty'}`);
    out.push(`  Discards: ${((view.discard ?? []) as string[]).join('') || 'none'}`);
  }
  const announcements = (view.announcements ?? []) as string[];
  if (announcements.length) out.push('', 'Announcements:', ...announcements.map((a) => `  - ${a}`));
  return out.join('\n');
}
