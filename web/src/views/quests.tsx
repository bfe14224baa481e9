// Rooms and Quests: the map as a graph of rooms joined by passages, with who is where, the tokens lying in
// each room, and (for Quests) the Roster. The map has no coordinates, so the rooms are laid out here by a
// small force-directed layout that is deterministic: the same map is always drawn the same way.
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { JsonObject } from '../api';
import type { ViewProps } from './registry';
import { colourOf } from './life';

interface Token {
  id: number;
  name: string;
}
interface Room {
  name: string;
  exits: string[];
  players: string[];
  tokens: Token[];
}
interface RoomsShape {
  map: { title: string; start: string; rooms: Room[] };
  actionsPerTurn: number;
  order: string[];
  turn: { n: number; player: string; actionsLeft: number } | null;
  players: { name: string; room: string; carrying: Token[]; tallies: Record<string, number> }[];
  you?: {
    name: string;
    room: string;
    exits: string[];
    carrying: Token[];
    active: boolean;
    actionsLeft: number;
  };
  roster?: {
    colour: string;
    name: string | null;
    home: string;
    locate: string;
    goal: string;
    value: { tally: string; amount: number };
    creator: string;
  }[];
  creating?: { player: string; name: string | null; colour: string | null; next: string } | null;
  questTokens?: { token: number; colour: string | null }[];
}

const W = 760;
const H = 520;
const PAD = 70;

/** Positions for the rooms in [PAD, W-PAD] x [PAD, H-PAD]: Fruchterman-Reingold from a circle, fixed steps. */
export function layout(rooms: readonly Room[]): Map<string, [number, number]> {
  const n = rooms.length;
  const index = new Map(rooms.map((r, i) => [r.name, i]));
  const pos = rooms.map((_, i) => {
    const a = (2 * Math.PI * i) / Math.max(n, 1);
    return [Math.cos(a), Math.sin(a)] as [number, number];
  });
  const edges: [number, number][] = [];
  rooms.forEach((r, i) =>
    r.exits.forEach((e) => {
      const j = index.get(e);
      if (j !== undefined && j !== i) edges.push([i, j]);
    }),
  );
  const k = Math.sqrt(4 / Math.max(n, 1));
  let t = 0.2;
  for (let step = 0; step < 300; step++) {
    const d = pos.map(() => [0, 0] as [number, number]);
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const pi = pos[i] as [number, number];
        const pj = pos[j] as [number, number];
        let dx = pi[0] - pj[0];
        let dy = pi[1] - pj[1];
        let dist = Math.hypot(dx, dy);
        if (dist < 1e-6) {
          dx = 1e-3 * (i - j);
          dy = 1e-3;
          dist = Math.hypot(dx, dy);
        }
        const f = (k * k) / dist;
        const di = d[i] as [number, number];
        const dj = d[j] as [number, number];
        di[0] += (dx / dist) * f;
        di[1] += (dy / dist) * f;
        dj[0] -= (dx / dist) * f;
        dj[1] -= (dy / dist) * f;
      }
    for (const [i, j] of edges) {
      const pi = pos[i] as [number, number];
      const pj = pos[j] as [number, number];
      const dx = pi[0] - pj[0];
      const dy = pi[1] - pj[1];
      const dist = Math.max(Math.hypot(dx, dy), 1e-6);
      const f = (dist * dist) / k / 2;
      const di = d[i] as [number, number];
      const dj = d[j] as [number, number];
      di[0] -= (dx / dist) * f;
      di[1] -= (dy / dist) * f;
      dj[0] += (dx / dist) * f;
      dj[1] += (dy / dist) * f;
    }
    for (let i = 0; i < n; i++) {
      const p = pos[i] as [number, number];
      const di = d[i] as [number, number];
      const len = Math.max(Math.hypot(di[0], di[1]), 1e-9);
      p[0] += (di[0] / len) * Math.min(len, t);
      p[1] += (di[1] / len) * Math.min(len, t);
    }
    t = Math.max(0.005, t * 0.985);
  }
  const xs = pos.map((p) => p[0]);
  const ys = pos.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (W - 2 * PAD) / Math.max(x1 - x0, 1e-6);
  const sy = (H - 2 * PAD) / Math.max(y1 - y0, 1e-6);
  const at = pos.map((p): [number, number] => [PAD + (p[0] - x0) * sx, PAD + (p[1] - y0) * sy]);
  separate(
    at,
    rooms.map((r) => roomWidth(r.name)),
  );
  return new Map(rooms.map((r, i) => [r.name, at[i] as [number, number]]));
}

/** A room's box is as wide as its name (at least 90), and at most three lines high. */
const roomWidth = (name: string) => Math.max(90, name.length * 6.6 + 16);
const ROOM_HEIGHT = 50;

/**
 * Moves overlapping rooms' boxes apart (a fixed number of passes, so the same map is always drawn the same
 * way): the points of the force layout know nothing of the boxes drawn around them.
 */
function separate(at: [number, number][], widths: readonly number[]): void {
  for (let pass = 0; pass < 60; pass++) {
    let moved = false;
    for (let i = 0; i < at.length; i++)
      for (let j = i + 1; j < at.length; j++) {
        const a = at[i] as [number, number];
        const b = at[j] as [number, number];
        const ox = ((widths[i] ?? 90) + (widths[j] ?? 90)) / 2 + 6 - Math.abs(a[0] - b[0]);
        const oy = ROOM_HEIGHT + 4 - Math.abs(a[1] - b[1]);
        if (ox <= 0 || oy <= 0) continue;
        moved = true;
        // Along the axis that needs the smaller push, half each way.
        if (oy <= ox) {
          const d = (a[1] <= b[1] ? -1 : 1) * (oy / 2);
          a[1] += d;
          b[1] -= d;
        } else {
          const d = (a[0] <= b[0] ? -1 : 1) * (ox / 2);
          a[0] += d;
          b[0] -= d;
        }
      }
    for (let i = 0; i < at.length; i++) {
      const p = at[i] as [number, number];
      const half = (widths[i] ?? 90) / 2 + 4;
      p[0] = Math.min(W - half, Math.max(half, p[0]));
      p[1] = Math.min(H - ROOM_HEIGHT + 10, Math.max(20, p[1]));
    }
    if (!moved) break;
  }
}

const tokenText = (t: Token) => `${t.name} (#${t.id})`;

export function QuestsView({ payload, onPick, picksFor }: ViewProps) {
  const v = payload.view as unknown as RoomsShape & JsonObject;
  const rooms = v.map.rooms;
  const shape = rooms.map((r) => `${r.name}>${r.exits.join('|')}`).join(';');
  const pos = useMemo(() => layout(rooms), [shape]);
  const you = v.you;
  const questColour = new Map((v.questTokens ?? []).map((q) => [q.token, q.colour]));
  const colours = (v.roster ?? []).map((q) => q.colour);
  const pairs = new Set<string>();
  const edges: { a: string; b: string; oneWay: boolean }[] = [];
  for (const r of rooms)
    for (const e of r.exits) {
      const key = [r.name, e].sort().join('\u0000');
      if (pairs.has(key)) continue;
      pairs.add(key);
      const back = rooms.find((x) => x.name === e)?.exits.includes(r.name) ?? false;
      edges.push({ a: r.name, b: e, oneWay: !back });
    }
  const title = `${v.map.title}: ${rooms.length} rooms and the passages between them`;
  // On a narrow screen the map keeps a readable size and scrolls sideways in its own box: keep the player's
  // own room in sight there.
  const box = useRef<HTMLDivElement>(null);
  const yours = you ? pos.get(you.room) : undefined;
  useEffect(() => {
    const el = box.current;
    if (!el || !yours || el.scrollWidth <= el.clientWidth) return;
    el.scrollLeft = Math.max(0, (yours[0] / W) * el.scrollWidth - el.clientWidth / 2);
  }, [yours?.[0], yours?.[1]]);
  const who = (players: readonly string[]) =>
    players.map((p) => (p === you?.name ? `${p} (you)` : p)).join(', ');

  return (
    <div class="rooms-view">
      <div class="map-scroll" ref={box}>
        <svg
          class={`board map${onPick ? ' pickable' : ''}`}
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={title}
          data-testid="map-svg"
        >
          <title>{title}</title>
          <defs>
            <marker
              id="arrow"
              viewBox="0 0 10 10"
              refX="10"
              refY="5"
              markerWidth="6"
              markerHeight="6"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill="#8d99ae" />
            </marker>
          </defs>
          {edges.map((e) => {
            const a = pos.get(e.a);
            const b = pos.get(e.b);
            if (!a || !b) return null;
            const mine =
              you &&
              ((you.room === e.a && you.exits.includes(e.b)) ||
                (you.room === e.b && you.exits.includes(e.a)));
            return (
              <line
                key={`${e.a}-${e.b}`}
                class={mine ? 'passage yours' : 'passage'}
                x1={a[0]}
                y1={a[1]}
                x2={b[0]}
                y2={b[1]}
                marker-end={e.oneWay ? 'url(#arrow)' : undefined}
              >
                <title>{`a passage from ${e.a} to ${e.b}${e.oneWay ? ' (one way)' : ''}`}</title>
              </line>
            );
          })}
          {rooms.map((r) => {
            const p = pos.get(r.name);
            if (!p) return null;
            const here = you?.room === r.name;
            const w = Math.max(roomWidth(r.name), who(r.players).length * 5.6 + 16);
            const lines = [
              r.players.length ? who(r.players) : '',
              r.tokens.map((t) => t.name).join(', '),
            ].filter((x) => x !== '');
            const h = 22 + lines.length * 13;
            return (
              <g
                key={r.name}
                class={`room${here ? ' here' : ''}${r.name === v.map.start ? ' start' : ''}`}
                data-room={r.name}
                onClick={onPick ? () => onPick({ room: r.name }) : undefined}
              >
                <title>
                  {`${r.name}${here ? ' (you are here)' : ''}: passages to ${r.exits.join(', ')}` +
                    `${r.players.length ? `; players ${r.players.join(', ')}` : ''}` +
                    `${r.tokens.length ? `; lying here ${r.tokens.map(tokenText).join(', ')}` : ''}`}
                </title>
                <rect x={p[0] - w / 2} y={p[1] - 14} width={w} height={h} rx={8} />
                <text class="room-name" x={p[0]} y={p[1] + 2} text-anchor="middle">
                  {r.name}
                </text>
                {r.players.length > 0 && (
                  <text class="room-players" x={p[0]} y={p[1] + 15} text-anchor="middle">
                    {who(r.players)}
                  </text>
                )}
                {r.tokens.length > 0 && (
                  <text
                    class="room-tokens"
                    x={p[0]}
                    y={p[1] + 15 + (r.players.length ? 13 : 0)}
                    text-anchor="middle"
                  >
                    {r.tokens.map((t) => (
                      <tspan
                        key={t.id}
                        fill={
                          questColour.get(t.id) ? colourOf(questColour.get(t.id) ?? '', colours) : undefined
                        }
                      >
                        {`◆${t.name} `}
                      </tspan>
                    ))}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      {onPick && (
        <p class="pick-hint">
          Click a room to fill <strong>{picksFor}</strong>.
        </p>
      )}
      <div class="legend">
        <p>
          {v.turn
            ? `Turn ${v.turn.n}: ${v.turn.player} is the active player, ${v.turn.actionsLeft} of ${v.actionsPerTurn} actions left.`
            : 'No turn yet.'}{' '}
          {v.order.length > 0 && `Turn order: ${v.order.join(', ')}.`}
        </p>
        {you && (
          <p class="you">
            {`You are ${you.name}, in ${you.room}; passages lead to ${you.exits.join(', ')}. You carry ${you.carrying.length ? you.carrying.map(tokenText).join(', ') : 'nothing'}.`}
            {you.active
              ? ` It is your turn: ${you.actionsLeft} action${you.actionsLeft === 1 ? '' : 's'} left.`
              : ''}
          </p>
        )}
        <h3>Players</h3>
        <table>
          <thead>
            <tr>
              <th scope="col">player</th>
              <th scope="col">room</th>
              <th scope="col">carrying</th>
              {Object.keys(v.players[0]?.tallies ?? {}).map((t) => (
                <th key={t} scope="col">
                  {t}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {v.players.map((p) => (
              <tr key={p.name} class={p.name === you?.name ? 'you' : undefined}>
                <td>{p.name}</td>
                <td>{p.room}</td>
                <td>{p.carrying.length ? p.carrying.map(tokenText).join(', ') : '—'}</td>
                {Object.values(p.tallies).map((n, i) => (
                  <td key={i}>{n}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {v.roster && (
          <>
            <h3>Roster of Quests</h3>
            <ul class="plain">
              {v.roster.length === 0 && <li>none yet</li>}
              {v.roster.map((q) => (
                <li key={q.colour}>
                  <span class="swatch" style={{ background: colourOf(q.colour, colours) }} />{' '}
                  {`${q.colour}${q.name ? ` "${q.name}"` : ''}: home ${q.home}, locate ${q.locate}, goal ${q.goal}; worth ${q.value.amount} ${q.value.tally} (created by ${q.creator})`}
                </li>
              ))}
            </ul>
          </>
        )}
        {v.creating && (
          <p>{`${v.creating.player} is creating a Quest${v.creating.name ? ` "${v.creating.name}"` : ''}${v.creating.colour ? ` (${v.creating.colour})` : ''}; next: ${v.creating.next}.`}</p>
        )}
      </div>
    </div>
  );
}
