// The Grid (January and June 2002 texts) to scale: 20 x 20 squares, x to the right and y up, (1,1) lower
// left. Only what the view carries is drawn - the server has already cut it to what this viewer may see.
import type { Json, JsonObject } from '../api';
import type { ViewProps } from './registry';

const SIZE = 20;
const CELL = 26;
const MARGIN = 26;
const EXTENT = MARGIN + SIZE * CELL;

type XY = [number, number];

interface PlayerRow {
  name: string;
  location: XY | null;
  points: number;
  holding?: string[];
}
interface ThingRow {
  kind: string;
  n: number;
  location: XY;
}
interface ObjectRow {
  id: string;
  kind: string;
  name?: string;
  place: Json;
}
interface SquareRow {
  at: XY;
  substance?: string;
  depth?: number;
  wet?: boolean;
  frozen?: boolean;
}

const isXY = (v: unknown): v is XY =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';
const list = <T,>(v: Json | undefined): T[] => (Array.isArray(v) ? (v as unknown as T[]) : []);
const names = (v: Json | undefined): string[] => list<Json>(v).map(String);

/** The top-left corner of square (x, y). */
const corner = ([x, y]: XY): XY => [MARGIN + (x - 1) * CELL, MARGIN + (SIZE - y) * CELL];
const centre = (at: XY): XY => {
  const [cx, cy] = corner(at);
  return [cx + CELL / 2, cy + CELL / 2];
};
const onGrid = ([x, y]: XY) => x >= 1 && x <= SIZE && y >= 1 && y <= SIZE;
const unit = ([x, y]: XY) => `(${x},${y})`;

const KIND: Record<string, { mark: string; colour: string; label: string }> = {
  'big-rock': { mark: 'R', colour: '#7a6f63', label: 'Big Rock' },
  siren: { mark: 'S', colour: '#c2417a', label: 'Siren' },
  yeti: { mark: 'Y', colour: '#5b8fb9', label: 'Yeti' },
  'big-stick': { mark: '|', colour: '#8a5a2b', label: 'Big Stick' },
  shield: { mark: 'O', colour: '#4f7f52', label: 'Shield' },
  'ball-of-wax': { mark: 'w', colour: '#c9a227', label: 'Ball of Wax' },
  'siren-bait': { mark: 'b', colour: '#d9822b', label: 'Siren Bait' },
  'radar-tower': { mark: 'T', colour: '#3d5a80', label: 'Radar Tower' },
  gremlin: { mark: 'g', colour: '#6a994e', label: 'Gremlin' },
  'bonus-box': { mark: '?', colour: '#9b5de5', label: 'Bonus Box' },
};
const kindOf = (k: string) => KIND[k] ?? { mark: '*', colour: '#555', label: k };

const SUBSTANCE: Record<string, string> = {
  Turf: '#eef5e6',
  Mud: '#c8ad8a',
  Fire: '#f4a261',
  Water: '#a8dadc',
  Rock: '#cfcfcf',
  Sand: '#f1e3b0',
};
const squareFill = (s: SquareRow): string =>
  s.frozen ? '#dff3ff' : s.wet ? '#b9e1f0' : (SUBSTANCE[s.substance ?? 'Turf'] ?? '#e9e4d8');

const letter = (i: number) => String.fromCharCode(i < 26 ? 65 + i : 97 + ((i - 26) % 26));

/** Where an object is, in words. */
function placeText(place: Json): string {
  if (place === 'limbo') return 'in Limbo';
  if (place && typeof place === 'object' && !Array.isArray(place)) {
    const p = place;
    if (isXY(p.on)) return `at ${unit(p.on)}`;
    if (typeof p.heldBy === 'string') return `held by ${p.heldBy}`;
    if (isXY(p.airborne)) return `airborne, landing at ${unit(p.airborne)}`;
  }
  return JSON.stringify(place);
}

export function GridView({ payload }: ViewProps) {
  const v: JsonObject = payload.view;
  const players = list<PlayerRow>(v.players);
  const things = list<ThingRow>(v.things);
  const objects = list<ObjectRow>(v.objects);
  const squares = list<SquareRow>(v.squares).filter((s) => isXY(s.at) && onGrid(s.at));
  const announced = list<{ player: string; to: XY }>(v.announced);
  const you = typeof v.you === 'string' ? v.you : undefined;
  const toads = new Set(names(v.toads));
  const dizzy = new Set(names(v.dizzy));
  // A player sees the Boxes eir own Radar revealed; the Administrator sees everyone's, by player.
  const reveals: { at: XY; who?: string }[] = Array.isArray(v.radarReveals)
    ? list<{ at: XY }>(v.radarReveals).map((r) => ({ at: r.at }))
    : v.radarReveals && typeof v.radarReveals === 'object'
      ? Object.entries(v.radarReveals).flatMap(([who, rs]) =>
          list<{ at: XY }>(rs).map((r) => ({ at: r.at, who })),
        )
      : [];

  const letters = new Map(players.map((p, i) => [p.name, letter(i)]));
  const placed = objects.flatMap((o) => {
    const p = o.place;
    if (p && typeof p === 'object' && !Array.isArray(p)) {
      if (isXY(p.on)) return [{ o, at: p.on, airborne: false }];
      if (isXY(p.airborne)) return [{ o, at: p.airborne, airborne: true }];
    }
    return [];
  });
  // Several objects on one square are drawn side by side, smaller.
  const perSquare = new Map<string, number>();
  const slot = (at: XY): number => {
    const k = at.join(',');
    const n = perSquare.get(k) ?? 0;
    perSquare.set(k, n + 1);
    return n;
  };
  const ticks = Array.from({ length: SIZE }, (_, i) => i + 1);
  const title = `The Grid as ${you ?? (payload.viewer.role === 'admin' ? 'the Administrator' : 'the public')} may see it`;

  return (
    <div class="grid-view">
      <svg
        class="board"
        viewBox={`0 0 ${EXTENT + 6} ${EXTENT + 6}`}
        role="img"
        aria-label={title}
        data-testid="grid-svg"
      >
        <title>{title}</title>
        <rect x={MARGIN} y={MARGIN} width={SIZE * CELL} height={SIZE * CELL} fill={SUBSTANCE.Turf} />
        {squares.map((s) => {
          const [x, y] = corner(s.at);
          return (
            <rect
              key={`sq-${s.at.join(',')}`}
              class="square"
              data-x={s.at[0]}
              data-y={s.at[1]}
              x={x}
              y={y}
              width={CELL}
              height={CELL}
              fill={squareFill(s)}
            >
              <title>{`${unit(s.at)}: ${s.substance ?? 'Turf'}${s.depth ? `, depth ${s.depth}` : ''}${s.wet ? ', Wet' : ''}${s.frozen ? ', Frozen' : ''}`}</title>
            </rect>
          );
        })}
        {ticks.map((i) => (
          <g key={`line-${i}`} class="gridline">
            <line x1={MARGIN + (i - 1) * CELL} y1={MARGIN} x2={MARGIN + (i - 1) * CELL} y2={EXTENT} />
            <line x1={MARGIN} y1={MARGIN + (i - 1) * CELL} x2={EXTENT} y2={MARGIN + (i - 1) * CELL} />
          </g>
        ))}
        <rect class="frame" x={MARGIN} y={MARGIN} width={SIZE * CELL} height={SIZE * CELL} fill="none" />
        {ticks.map((i) => (
          <g key={`tick-${i}`} class="tick">
            <text x={MARGIN + (i - 0.5) * CELL} y={EXTENT + 14} text-anchor="middle">
              {i}
            </text>
            <text x={MARGIN - 5} y={MARGIN + (SIZE - i + 0.5) * CELL + 4} text-anchor="end">
              {i}
            </text>
          </g>
        ))}
        {reveals.map((r, i) => {
          const [x, y] = corner(r.at);
          return (
            <rect
              key={`radar-${i}`}
              class="radar"
              data-kind="radar-reveal"
              data-x={r.at[0]}
              data-y={r.at[1]}
              x={x + 2}
              y={y + 2}
              width={CELL - 4}
              height={CELL - 4}
            >
              <title>{`Radar: a Bonus Box at ${unit(r.at)}${r.who ? ` (revealed to ${r.who})` : ''}`}</title>
            </rect>
          );
        })}
        {things.map((t) => {
          const [cx, cy] = centre(t.location);
          const shiny = t.kind === 'shiny';
          return (
            <g
              key={`thing-${t.kind}-${t.n}`}
              class="thing"
              data-kind={`${t.kind}-thing`}
              data-x={t.location[0]}
              data-y={t.location[1]}
            >
              <title>{`${shiny ? 'Shiny' : 'Scary Dark'} Thing ${t.n} at ${unit(t.location)}`}</title>
              {shiny ? (
                <polygon points={star(cx, cy, 10, 4.5)} fill="#f2c14e" stroke="#a07800" />
              ) : (
                <rect
                  x={cx - 7}
                  y={cy - 7}
                  width={14}
                  height={14}
                  transform={`rotate(45 ${cx} ${cy})`}
                  fill="#2b2d42"
                />
              )}
            </g>
          );
        })}
        {placed.map(({ o, at, airborne }) => {
          const k = kindOf(o.kind);
          const n = slot(at);
          const [x0, y0] = corner(at);
          const size = n === 0 ? CELL - 6 : CELL / 2 - 2;
          const x = n === 0 ? x0 + 3 : x0 + 1 + ((n - 1) % 2) * (CELL / 2);
          const y = n === 0 ? y0 + 3 : y0 + 1 + (Math.floor((n - 1) / 2) % 2) * (CELL / 2);
          return (
            <g
              key={`obj-${o.id}`}
              class={`object${airborne ? ' airborne' : ''}`}
              data-kind={o.kind}
              data-id={o.id}
              data-x={at[0]}
              data-y={at[1]}
            >
              <title>{`${k.label}${o.name ? ` ${o.name}` : ''} (${o.id}) ${airborne ? `airborne, landing at ${unit(at)}` : `at ${unit(at)}`}`}</title>
              <rect
                x={x}
                y={y}
                width={size}
                height={size}
                rx={3}
                fill={airborne ? 'none' : k.colour}
                stroke={k.colour}
                stroke-dasharray={airborne ? '3 2' : undefined}
              />
              <text
                x={x + size / 2}
                y={y + size / 2 + (n === 0 ? 5 : 3)}
                text-anchor="middle"
                class={n === 0 ? 'mark' : 'mark small'}
                fill={airborne ? k.colour : '#fff'}
              >
                {k.mark}
              </text>
            </g>
          );
        })}
        {announced.map((a) => {
          const from = players.find((p) => p.name === a.player)?.location;
          const [tx, ty] = centre(a.to);
          return (
            <g
              key={`ann-${a.player}`}
              class="announced"
              data-kind="announced"
              data-x={a.to[0]}
              data-y={a.to[1]}
            >
              <title>{`${a.player} has announced a move to ${unit(a.to)}`}</title>
              {from && <line x1={centre(from)[0]} y1={centre(from)[1]} x2={tx} y2={ty} />}
              <circle cx={tx} cy={ty} r={CELL / 2 - 3} />
            </g>
          );
        })}
        {players.map((p) => {
          if (!p.location || !isXY(p.location)) return null;
          const [cx, cy] = centre(p.location);
          const me = p.name === you;
          return (
            <g
              key={`player-${p.name}`}
              class={`player${me ? ' you' : ''}`}
              data-kind="player"
              data-player={p.name}
              data-x={p.location[0]}
              data-y={p.location[1]}
            >
              <title>{`${p.name}${me ? ' (you)' : ''} at ${unit(p.location)}, ${p.points} points${toads.has(p.name) ? ', a Toad' : ''}${dizzy.has(p.name) ? ', Dizzy' : ''}`}</title>
              <circle cx={cx} cy={cy} r={CELL / 2 - 2} />
              <text x={cx} y={cy + 5} text-anchor="middle">
                {letters.get(p.name)}
              </text>
            </g>
          );
        })}
      </svg>
      <div class="legend">
        <h3>Players</h3>
        <table>
          <thead>
            <tr>
              <th scope="col">mark</th>
              <th scope="col">player</th>
              <th scope="col">where</th>
              <th scope="col">points</th>
              {objects.length > 0 && <th scope="col">holding</th>}
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.name} class={p.name === you ? 'you' : undefined}>
                <td>{letters.get(p.name)}</td>
                <td>
                  {p.name}
                  {p.name === you ? ' (you)' : ''}
                  {toads.has(p.name) ? ' · Toad' : ''}
                  {dizzy.has(p.name) ? ' · Dizzy' : ''}
                </td>
                <td>{p.location ? unit(p.location) : 'in Limbo'}</td>
                <td>{p.points}</td>
                {objects.length > 0 && <td>{(p.holding ?? []).join(', ') || '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        {announced.length > 0 && (
          <ul class="plain">
            {announced.map((a) => (
              <li key={a.player}>{`${a.player} has announced a move to ${unit(a.to)}`}</li>
            ))}
          </ul>
        )}
        {objects.length > 0 && (
          <>
            <h3>Objects</h3>
            <ul class="plain">
              {objects.map((o) => (
                <li key={o.id}>
                  <span class="swatch" style={{ background: kindOf(o.kind).colour }}>
                    {kindOf(o.kind).mark}
                  </span>{' '}
                  {kindOf(o.kind).label}
                  {o.name ? ` ${o.name}` : ''} <code>{o.id}</code> {placeText(o.place)}
                </li>
              ))}
            </ul>
          </>
        )}
        {things.length > 0 && (
          <>
            <h3>Things (the Administrator only)</h3>
            <ul class="plain">
              {things.map((t) => (
                <li
                  key={`${t.kind}-${t.n}`}
                >{`${t.kind === 'shiny' ? 'Shiny' : 'Scary Dark'} Thing ${t.n} at ${unit(t.location)}`}</li>
              ))}
            </ul>
          </>
        )}
        {reveals.length > 0 && (
          <p>{`Radar has revealed a Bonus Box at ${reveals.map((r) => `${unit(r.at)}${r.who ? ` (to ${r.who})` : ''}`).join(', ')}.`}</p>
        )}
        {typeof v.temperature === 'number' && <p>{`Temperature ${v.temperature} °C.`}</p>}
      </div>
    </div>
  );
}

function star(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}
