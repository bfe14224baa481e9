// A Field Match's Field (Life first): each displayed Field Object drawn as a square coloured by the attribute
// its display names (Life: a Cell's Color, i.e. its team). x to the right, y up, (1,1) lower left.
import type { Json, JsonObject } from '../api';
import { text } from '../api';
import type { ViewProps } from './registry';

interface FieldRow {
  width: number;
  height: number;
  adjacency: string;
}
interface ObjectRow {
  at: [number, number];
  attributes: Record<string, Json>;
}

const NAMED: Record<string, string> = {
  red: '#d1495b',
  green: '#3c9d5d',
  blue: '#3a6ea5',
  yellow: '#e9c46a',
  orange: '#f4a261',
  purple: '#8e6bbf',
  black: '#2b2d42',
  white: '#f8f9fa',
};
const PALETTE = ['#d1495b', '#3a6ea5', '#3c9d5d', '#e9c46a', '#8e6bbf', '#f4a261', '#2a9d8f', '#6c757d'];

/** A value's colour: its own name if it is a colour, else a fixed colour from its place in the legend. */
export function colourOf(value: Json, order: readonly string[]): string {
  const name = text(value);
  const named = NAMED[name.toLowerCase()];
  if (named) return named;
  const i = order.indexOf(name);
  return PALETTE[(i < 0 ? 0 : i) % PALETTE.length] ?? '#888';
}

const show = (v: Json | undefined): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** An attribute and its value as a person says it: "Team Red", and for null (the text's no value) "no Team". */
const attributeText = (name: string, v: Json | undefined): string =>
  v === null || v === undefined ? `no ${name}` : `${name} ${show(v)}`;

const MAX_DRAWN = 150;

export function LifeView({ payload, onPick, picksFor }: ViewProps) {
  const v: JsonObject = payload.view;
  const field = v.field as unknown as FieldRow;
  const objects = (v.objects ?? {}) as unknown as Record<string, ObjectRow[]>;
  const display = (v.display ?? {}) as unknown as Record<
    string,
    { attribute: string; symbols: Record<string, string> }
  >;
  const players = (v.players ?? []) as unknown as { name: string; attributes: Record<string, Json> }[];
  const attributes = (v.attributes ?? {}) as Record<string, Json>;
  const thisNweek = (v.thisNweek ?? []) as unknown as { action: string; by: string | null }[];
  const you = typeof v.you === 'string' ? v.you : undefined;
  const { width, height } = field;
  const cell = Math.max(6, Math.min(96, Math.floor(480 / Math.max(width, height))));
  // The numbers grow with the squares, so that they stay readable when a small Field is drawn large.
  const tick = Math.max(11, Math.round(cell * 0.17));
  const margin = tick * 2 + 4;
  const drawn = width <= MAX_DRAWN && height <= MAX_DRAWN;
  const match = typeof v.match === 'string' ? v.match : payload.ruleset;
  // A click on a square fills the x and y of the form being prepared (a Tweak's Cell).
  const click = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const m = svg.getScreenCTM();
    if (!onPick || !m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const x = Math.floor((p.x - margin) / cell) + 1;
    const y = height - Math.floor((p.y - 4) / cell);
    if (x >= 1 && x <= width && y >= 1 && y <= height) onPick({ x, y });
  };

  return (
    <div class="field-view">
      {Object.entries(display).map(([kind, shown]) => {
        const rows = objects[kind] ?? [];
        const order = Object.keys(shown.symbols).filter((k) => k !== 'null');
        const title = `${match}: the ${width} × ${height} Field, each ${kind} coloured by its ${shown.attribute}`;
        const counts = new Map<string, number>();
        for (const r of rows) {
          const k = text(r.attributes[shown.attribute] ?? null);
          counts.set(k, (counts.get(k) ?? 0) + 1);
        }
        return (
          <figure key={kind}>
            {drawn ? (
              <svg
                class={`board field${onPick ? ' pickable' : ''}`}
                role="img"
                aria-label={title}
                data-testid="field-svg"
                viewBox={`0 0 ${margin + width * cell + 4} ${4 + height * cell + tick + 8}`}
                onClick={click}
              >
                <title>{title}</title>
                <rect class="field" x={margin} y={4} width={width * cell} height={height * cell} />
                {rows.map((r) => {
                  const value = r.attributes[shown.attribute] ?? null;
                  const [x, y] = r.at;
                  const empty = value === null;
                  return (
                    <rect
                      key={`${x},${y}`}
                      class={empty ? 'cell empty' : 'cell'}
                      data-x={x}
                      data-y={y}
                      data-value={text(value)}
                      x={margin + (x - 1) * cell + 1}
                      y={4 + (height - y) * cell + 1}
                      width={cell - 2}
                      height={cell - 2}
                      rx={Math.min(4, cell / 6)}
                      fill={empty ? 'none' : colourOf(value, order)}
                    >
                      <title>{`(${x},${y}): ${kind} ${shown.attribute} ${show(value)}`}</title>
                    </rect>
                  );
                })}
                {cell >= 14 &&
                  rows.map((r) => {
                    const value = r.attributes[shown.attribute] ?? null;
                    // Colour is never the only sign: each Cell carries its value's symbol (Life: R, G, B).
                    const symbol =
                      value === null ? '' : (shown.symbols[text(value)] ?? text(value).slice(0, 1));
                    if (!symbol) return null;
                    const [x, y] = r.at;
                    return (
                      <text
                        key={`s${x},${y}`}
                        class="cell-symbol"
                        data-x={x}
                        data-y={y}
                        x={margin + (x - 0.5) * cell}
                        y={4 + (height - y + 0.5) * cell + cell * 0.14}
                        font-size={Math.round(cell * 0.4)}
                        text-anchor="middle"
                      >
                        {symbol}
                      </text>
                    );
                  })}
                {width <= 40 &&
                  Array.from({ length: width }, (_, i) => (
                    <text
                      key={`x${i}`}
                      class="tick"
                      x={margin + (i + 0.5) * cell}
                      y={4 + height * cell + tick + 3}
                      style={{ fontSize: `${tick}px` }}
                      text-anchor="middle"
                    >
                      {i + 1}
                    </text>
                  ))}
                {height <= 40 &&
                  Array.from({ length: height }, (_, i) => (
                    <text
                      key={`y${i}`}
                      class="tick"
                      x={margin - 5}
                      y={4 + (height - i - 0.5) * cell + tick * 0.35}
                      style={{ fontSize: `${tick}px` }}
                      text-anchor="end"
                    >
                      {i + 1}
                    </text>
                  ))}
              </svg>
            ) : (
              <p>{`The Field is ${width} × ${height}: too large to draw here.`}</p>
            )}
            {onPick && (
              <p class="pick-hint">
                Click a Cell to fill x and y of <strong>{picksFor}</strong>.
              </p>
            )}
            <figcaption>
              <ul class="plain inline" data-testid="field-key">
                {[...order, 'null'].map((value) => (
                  <li key={value}>
                    <span
                      class="swatch"
                      style={{ background: value === 'null' ? 'transparent' : colourOf(value, order) }}
                    >
                      {value === 'null' ? '' : (shown.symbols[value] ?? '')}
                    </span>{' '}
                    {value === 'null' ? `no ${shown.attribute}` : value}: {counts.get(value) ?? 0}
                  </li>
                ))}
              </ul>
            </figcaption>
          </figure>
        );
      })}
      <div class="legend">
        {Object.keys(attributes).length > 0 && (
          <p>
            The Field:{' '}
            {Object.entries(attributes)
              .map(([k, x]) => attributeText(k, x))
              .join(', ')}
          </p>
        )}
        <h3>Players</h3>
        <ul class="plain">
          {players.length === 0 && <li>nobody yet</li>}
          {players.map((p) => (
            <li key={p.name} class={p.name === you ? 'you' : undefined}>
              {Object.values(p.attributes).some((x) => typeof x === 'string' && NAMED[x.toLowerCase()]) && (
                <span
                  class="swatch"
                  style={{
                    background: colourOf(
                      Object.values(p.attributes).find(
                        (x) => typeof x === 'string' && NAMED[x.toLowerCase()],
                      ) ?? null,
                      [],
                    ),
                  }}
                />
              )}{' '}
              {p.name}
              {p.name === you ? ' (you)' : ''}
              {Object.keys(p.attributes).length > 0 &&
                `: ${Object.entries(p.attributes)
                  .map(([k, x]) => attributeText(k, x))
                  .join(', ')}`}
            </li>
          ))}
        </ul>
        <p>
          This nweek:{' '}
          {thisNweek.length === 0
            ? 'nothing performed yet'
            : thisNweek.map((i) => `${i.by ?? 'the Referee'} performed ${i.action}`).join('; ')}
          .
        </p>
      </div>
    </div>
  );
}
