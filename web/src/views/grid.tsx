// The Grid (January and June 2002 texts) to scale: 20 x 20 squares, x to the right and y up, (1,1) lower
// left. Only what the view carries is drawn - the server has already cut it to what this viewer may see.
import type { Json, JsonObject } from '../api';
import type { ViewProps } from './registry';

const SIZE = 20;
const CELL = 26;
/** Room for the row numbers on the left and the column numbers below, inside the drawing's viewBox. */
const LEFT = 24;
const TOP = 4;
const RIGHT = 4;
const BOTTOM = 20;
const WIDTH = LEFT + SIZE * CELL + RIGHT;
const HEIGHT = TOP + SIZE * CELL + BOTTOM;

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
/** Names listed as strings or as rows with a player (the June Toads: {player, untilNweek}). */
const names = (v: Json | undefined): string[] =>
  list<Json>(v).map((x) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? typeof x.player === 'string'
        ? x.player
        : typeof x.name === 'string'
          ? x.name
          : ''
      : typeof x === 'string'
        ? x
        : '',
  );

/** The top-left corner of square (x, y). */
const corner = ([x, y]: XY): XY => [LEFT + (x - 1) * CELL, TOP + (SIZE - y) * CELL];
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

/**
 * A square's state as a glyph as well as a colour, so colour is never the only sign (the text render's
 * marks: = Frozen, ~ Wet, ^ Fire, m Mud; another substance by its first letter).
 */
export function squareGlyph(s: SquareRow): string {
  if (s.frozen) return '=';
  if (s.wet) return '~';
  const sub = s.substance ?? 'Turf';
  if (sub === 'Turf') return '';
  if (sub === 'Fire') return '^';
  return sub.slice(0, 1).toLowerCase();
}

/** The key to the squares: each state's colour and glyph. */
const SQUARE_KEY: { label: string; row: SquareRow }[] = [
  { label: 'Frozen', row: { at: [0, 0], frozen: true } },
  { label: 'Wet', row: { at: [0, 0], wet: true } },
  { label: 'Fire', row: { at: [0, 0], substance: 'Fire' } },
  { label: 'Mud', row: { at: [0, 0], substance: 'Mud' } },
];

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

export function GridView({ payload, onPick, picksFor }: ViewProps) {
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
  // Under a player, objects are drawn small in the square's corners, so the player's mark does not hide them.
  for (const p of players) if (p.location && isXY(p.location)) perSquare.set(p.location.join(','), 1);
  const slot = (at: XY): number => {
    const k = at.join(',');
    const n = perSquare.get(k) ?? 0;
    perSquare.set(k, n + 1);
    return n;
  };
  const ticks = Array.from({ length: SIZE }, (_, i) => i + 1);
  const title = `The Grid as ${you ?? (payload.viewer.role === 'admin' ? 'the Administrator' : 'the public')} may see it`;
  const june = Array.isArray(v.squares);
  const kinds = [...new Set(objects.map((o) => o.kind))];
  // A click on a square fills the x and y of the form being prepared.
  const click = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const m = svg.getScreenCTM();
    if (!onPick || !m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const x = Math.floor((p.x - LEFT) / CELL) + 1;
    const y = SIZE - Math.floor((p.y - TOP) / CELL);
    if (onGrid([x, y])) onPick({ x, y });
  };

  return (
    <div class="grid-view">
      <svg
        class={`board grid${onPick ? ' pickable' : ''}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        data-testid="grid-svg"
        onClick={click}
      >
        <title>{title}</title>
        <rect x={LEFT} y={TOP} width={SIZE * CELL} height={SIZE * CELL} fill={SUBSTANCE.Turf} />
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
            <line x1={LEFT + (i - 1) * CELL} y1={TOP} x2={LEFT + (i - 1) * CELL} y2={TOP + SIZE * CELL} />
            <line x1={LEFT} y1={TOP + (i - 1) * CELL} x2={LEFT + SIZE * CELL} y2={TOP + (i - 1) * CELL} />
          </g>
        ))}
        <rect class="frame" x={LEFT} y={TOP} width={SIZE * CELL} height={SIZE * CELL} fill="none" />
        {ticks.map((i) => (
          <g key={`tick-${i}`} class="tick">
            <text class="tick-x" x={LEFT + (i - 0.5) * CELL} y={TOP + SIZE * CELL + 14} text-anchor="middle">
              {i}
            </text>
            <text class="tick-y" x={LEFT - 5} y={TOP + (SIZE - i + 0.5) * CELL + 4} text-anchor="end">
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
        {reveals.map((r, i) => {
          const [x, y] = corner(r.at);
          return (
            <text key={`radar-mark-${i}`} class="radar-mark" x={x + 4} y={y + 11}>
              ◎
            </text>
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
          const [x0, y0] = centre(p.location);
          // Sharing the square with an object (drawn small in its top-left corner), the mark is smaller and
          // moved to the bottom right, so that both are seen.
          const shared = placed.some(({ at }) => at[0] === p.location?.[0] && at[1] === p.location[1]);
          const [cx, cy, r] = shared ? [x0 + 4, y0 + 4, CELL / 2 - 5] : [x0, y0, CELL / 2 - 2];
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
              {me && <circle class="you-ring" cx={cx} cy={cy} r={r + 3} />}
              <circle cx={cx} cy={cy} r={r} />
              <text
                x={cx}
                y={cy + (shared ? 4 : 5)}
                text-anchor="middle"
                class={shared ? 'small' : undefined}
              >
                {letters.get(p.name)}
              </text>
            </g>
          );
        })}
        {/* Drawn last, in the square's corner, so that an object or a player on it does not hide it. */}
        {squares.map((s) => {
          const g = squareGlyph(s);
          if (!g) return null;
          const [x, y] = corner(s.at);
          return (
            <text
              key={`glyph-${s.at.join(',')}`}
              class="square-glyph"
              data-x={s.at[0]}
              data-y={s.at[1]}
              x={x + CELL - 3}
              y={y + CELL - 3}
              text-anchor="end"
            >
              {g}
            </text>
          );
        })}
      </svg>
      {onPick && (
        <p class="pick-hint">
          Click a square to fill x and y of <strong>{picksFor}</strong>.
        </p>
      )}
      <div class="legend">
        <GridKey
          june={june}
          radar={v.radarReveals !== undefined}
          kinds={kinds}
          you={you !== undefined}
          announced={Array.isArray(v.announced)}
          airborne={placed.some((p) => p.airborne)}
          things={things.length > 0}
        />
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

/** The key to the drawing: square colours with their glyphs, and the marks of players and objects. */
function GridKey(props: {
  june: boolean;
  radar: boolean;
  kinds: string[];
  you: boolean;
  announced: boolean;
  airborne: boolean;
  things: boolean;
}) {
  return (
    <div class="key" data-testid="grid-key">
      <h3>Key</h3>
      <ul class="plain inline">
        {props.june &&
          SQUARE_KEY.map(({ label, row }) => (
            <li key={label} data-key={label}>
              <span class="swatch square" style={{ background: squareFill(row) }}>
                {squareGlyph(row)}
              </span>{' '}
              {label}
            </li>
          ))}
        {props.radar && (
          <li data-key="Radar">
            <span class="swatch radar-swatch">◎</span> Radar: a square {props.you ? 'your' : "a player's"}{' '}
            Radar revealed
          </li>
        )}
        <li data-key="player">
          <span class="swatch mark-player">A</span> a player, by letter
        </li>
        {props.you && (
          <li data-key="you">
            <span class="swatch mark-you">A</span> you (ringed)
          </li>
        )}
        {props.announced && (
          <li data-key="announced">
            <span class="swatch mark-announced" /> an announced move
          </li>
        )}
        {props.kinds.map((k) => (
          <li key={k} data-key={k}>
            <span class="swatch" style={{ background: kindOf(k).colour }}>
              {kindOf(k).mark}
            </span>{' '}
            {kindOf(k).label}
          </li>
        ))}
        {props.airborne && (
          <li data-key="airborne">
            <span class="swatch mark-airborne">w</span> airborne (dashed: where it will land)
          </li>
        )}
        {props.things && (
          <>
            <li data-key="shiny">
              <span class="swatch mark-shiny">★</span> Shiny Thing
            </li>
            <li data-key="scary">
              <span class="swatch mark-scary">◆</span> Scary Dark Thing
            </li>
          </>
        )}
      </ul>
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
