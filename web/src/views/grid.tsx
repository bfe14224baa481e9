// The Grid (January and June 2002 texts) to scale: 20 x 20 squares, x to the right and y up, (1,1) lower
// left. Only what the view carries is drawn - the server has already cut it to what this viewer may see.
// The board's measures (grid-board.ts), the marks (grid-marks.ts), the key (grid-key.tsx) and the lists
// beside it (grid-lists.tsx) are their own files; this one reads the view and draws it.
import type { JsonObject } from '../api';
import type { ViewProps } from './registry';
import type { ObjectRow, PlayerRow, SquareRow, ThingRow, XY } from './grid-rows';
import { isXY, list, names, unit } from './grid-rows';
import { CELL, centre, corner, HEIGHT, LEFT, onGrid, SIZE, TOP, WIDTH } from './grid-board';
import { kindOf, letter, squareFill, squareGlyph, star, SUBSTANCE } from './grid-marks';
import { GridKey } from './grid-key';
import { GridLists } from './grid-lists';

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
        <GridLists
          players={players}
          letters={letters}
          you={you}
          toads={toads}
          dizzy={dizzy}
          objects={objects}
          announced={announced}
          things={things}
          reveals={reveals}
          temperature={v.temperature}
        />
      </div>
    </div>
  );
}
