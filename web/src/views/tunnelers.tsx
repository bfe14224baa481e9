// Tunnelers as the player's own knowledge: eir mole on the 8 x 8 board (files a-h left to right, ranks 1-8
// bottom to top), eir hand, what the Moderator has told em, and the question e has to answer. A player is
// not shown the board (the rules keep it with the Moderator), so every square but eir mole's is drawn as
// unknown; nothing is inferred, so nothing leaks. The Administrator's view (every mole, the tunnels, every
// hand, the deck) is drawn on the same board.
import type { Json, JsonObject } from '../api';
import type { ViewProps } from './registry';

const FILES = 'abcdefgh';
const CELL = 44;
const M = 24;

const obj = (v: Json | undefined): JsonObject | undefined =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v) ? v : undefined;
const arr = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const show = (v: Json | undefined): string =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** "c5" -> [3, 5], or null. */
export function coords(square: string): [number, number] | null {
  const m = /^([a-h])([1-8])$/.exec(square.trim().toLowerCase());
  return m ? [FILES.indexOf(m[1] ?? '') + 1, Number(m[2])] : null;
}

const CARD: Record<string, string> = { O: 'circle', T: 'triangle', Q: 'square', S: 'star', X: 'X' };

function CardFace({ card }: { card: string }) {
  const c = 18;
  const shape =
    card === 'O' ? (
      <circle cx={c} cy={c} r={10} />
    ) : card === 'T' ? (
      <polygon points={`${c},${c - 11} ${c + 11},${c + 9} ${c - 11},${c + 9}`} />
    ) : card === 'Q' ? (
      <rect x={c - 9} y={c - 9} width={18} height={18} />
    ) : card === 'S' ? (
      <polygon points="18,5 21.5,14 31,14 23.5,20 26,29 18,23.5 10,29 12.5,20 5,14 14.5,14" />
    ) : card === 'X' ? (
      <path d={`M ${c - 9} ${c - 9} L ${c + 9} ${c + 9} M ${c + 9} ${c - 9} L ${c - 9} ${c + 9}`} />
    ) : (
      <text x={c} y={c + 5} text-anchor="middle">
        {card}
      </text>
    );
  return (
    <svg
      class="card"
      viewBox="0 0 36 48"
      width="36"
      height="48"
      role="img"
      aria-label={`${CARD[card] ?? card} card`}
    >
      <title>{`${CARD[card] ?? card} (${card})`}</title>
      <rect class="card-edge" x={1} y={1} width={34} height={46} rx={4} />
      <g transform="translate(0 6)">{shape}</g>
    </svg>
  );
}

interface MoleShown {
  player: string;
  at: string;
  health?: number;
  stats: [string, Json][];
}

const STATS = ['attack', 'defence', 'movement'];

const moleOf = (v: Json | undefined, player?: string): MoleShown | undefined => {
  const m = obj(v);
  const at = str(m?.at);
  if (!m || !at) return undefined;
  return {
    player: str(m.player) ?? player ?? '?',
    at,
    ...(typeof m.health === 'number' ? { health: m.health } : {}),
    stats: STATS.filter((k) => k in m).map((k) => [k, m[k] ?? null]),
  };
};

export function TunnelersView({ payload, onPick, picksFor }: ViewProps) {
  const v: JsonObject = payload.view;
  const me = obj(v.you) ?? {};
  const name = payload.viewer.role === 'player' ? payload.viewer.name : undefined;
  const mine = moleOf(me.mole, name);
  const others = arr(v.moles)
    .map((m) => moleOf(m))
    .filter((m): m is MoleShown => m !== undefined && m.player !== name);
  const hand = arr(me.hand).map(show);
  const told = arr(me.told).map(show);
  const question = str(me.question);
  const orders = arr(me.orders).map(show);
  const attacked = obj(me.attacked);
  const movementLeft = typeof me.movementLeft === 'number' ? me.movementLeft : undefined;
  // Only a view that lists the tunnels knows the board; otherwise every other square is unknown.
  const boardKnown = Array.isArray(v.tunnels);
  const tunnels = arr(v.tunnels).map((t) => str(obj(t)?.square) ?? show(t));
  const players = arr(v.players)
    .map(obj)
    .filter((p): p is JsonObject => p !== undefined);
  const hands = Object.entries(obj(v.hands) ?? {});
  const deck = arr(v.deck).map(show);
  const announcements = arr(v.announcements).map(show);
  const turn = str(v.turn);
  const title = name ? `The board as ${name} knows it` : boardKnown ? 'The board' : 'The board (hidden)';
  // A click on a square fills the form being prepared: a square added to a path, or a target.
  const click = (e: MouseEvent) => {
    const svg = e.currentTarget as SVGSVGElement;
    const m = svg.getScreenCTM();
    if (!onPick || !m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const f = Math.floor((p.x - M) / CELL);
    const r = 8 - Math.floor(p.y / CELL);
    if (f >= 0 && f < 8 && r >= 1 && r <= 8) onPick({ square: `${FILES[f] ?? ''}${r}` });
  };

  const square = (sq: string, cls: string, label: string, key: string) => {
    const c = coords(sq);
    if (!c) return null;
    return (
      <rect
        key={key}
        class={cls}
        data-square={sq}
        x={M + (c[0] - 1) * CELL}
        y={(8 - c[1]) * CELL}
        width={CELL}
        height={CELL}
      >
        <title>{label}</title>
      </rect>
    );
  };
  const moleMark = (m: MoleShown, cls: string) => {
    const c = coords(m.at);
    if (!c) return null;
    const cx = M + (c[0] - 0.5) * CELL;
    const cy = (8.5 - c[1]) * CELL;
    return (
      <g key={`mole-${m.player}`} class={cls} data-kind="mole" data-player={m.player} data-square={m.at}>
        <title>{`${m.player === name ? 'your mole' : `${m.player}'s mole`} at ${m.at}${m.health !== undefined ? `, health ${m.health}` : ''}`}</title>
        <ellipse cx={cx} cy={cy + 2} rx={15} ry={12} />
        <circle cx={cx - 6} cy={cy - 8} r={3} />
        <circle cx={cx + 6} cy={cy - 8} r={3} />
        <text x={cx} y={cy + 6} text-anchor="middle">
          {m.player.slice(0, 2)}
        </text>
      </g>
    );
  };

  return (
    <div class="tunnelers-view">
      <svg
        class={`board chess${onPick ? ' pickable' : ''}`}
        viewBox={`0 0 ${M + 8 * CELL + 4} ${8 * CELL + 22}`}
        role="img"
        aria-label={title}
        data-testid="tunnelers-svg"
        onClick={click}
      >
        <title>{title}</title>
        <defs>
          <pattern id="tunnel-hatch" width="8" height="8" patternUnits="userSpaceOnUse">
            <path d="M 0 8 L 8 0" class="hatch" />
          </pattern>
        </defs>
        {Array.from({ length: 64 }, (_, i) => {
          const f = (i % 8) + 1;
          const r = Math.floor(i / 8) + 1;
          const sq = `${FILES[f - 1]}${r}`;
          const cls = `earth${boardKnown ? '' : ' unknown'}${(f + r) % 2 === 0 ? ' dark' : ''}`;
          return square(sq, cls, boardKnown ? `${sq}: rock` : `${sq}: unknown`, `e-${sq}`);
        })}
        {tunnels.map((t) => square(t, 'tunnel', `${t}: tunneled`, `t-${t}`))}
        {mine && square(mine.at, 'tunnel', `${mine.at}: tunneled (your mole is here)`, `t-mine`)}
        {[...tunnels, ...(mine ? [mine.at] : [])].map((t, i) => {
          // A tunnel is hatched as well as darker, so colour is not its only sign.
          const c = coords(t);
          if (!c) return null;
          return (
            <rect
              key={`h-${t}-${i}`}
              class="tunnel-hatch"
              x={M + (c[0] - 1) * CELL}
              y={(8 - c[1]) * CELL}
              width={CELL}
              height={CELL}
              fill="url(#tunnel-hatch)"
            />
          );
        })}
        {others.map((m) => moleMark(m, 'mole other'))}
        {mine && moleMark(mine, 'mole you')}
        {Array.from({ length: 8 }, (_, i) => (
          <g key={`lab-${i}`} class="tick">
            <text x={M + (i + 0.5) * CELL} y={8 * CELL + 16} text-anchor="middle">
              {FILES[i]}
            </text>
            <text x={M - 8} y={(7.5 - i) * CELL + 5} text-anchor="middle">
              {i + 1}
            </text>
          </g>
        ))}
      </svg>
      {onPick && (
        <p class="pick-hint">
          Click a square to fill <strong>{picksFor}</strong>.
        </p>
      )}
      <div class="legend">
        <ul class="plain inline key" data-testid="tunnelers-key">
          <li>
            <span class="swatch earth-swatch" /> rock{boardKnown ? '' : ' or unknown'}
          </li>
          <li>
            <span class="swatch tunnel-swatch" /> tunnel (hatched)
          </li>
          {name && (
            <li>
              <span class="swatch mole-you-swatch">{name.slice(0, 2)}</span> your mole
            </li>
          )}
          {others.length > 0 && (
            <li>
              <span class="swatch mole-swatch">ab</span> another's mole, by the first letters of eir name
            </li>
          )}
        </ul>
        {mine ? (
          <p class="you">
            {`Your mole is at ${mine.at}`}
            {mine.health !== undefined ? `, health ${mine.health}` : ''}
            {mine.stats.length > 0 ? `; ${mine.stats.map(([k, x]) => `${k} ${show(x)}`).join(', ')}` : ''}.
            {movementLeft !== undefined ? ` It is your turn: ${movementLeft} movement points left.` : ''}
          </p>
        ) : (
          name && <p class="you">You have no mole on the board.</p>
        )}
        {attacked && (
          <p class="question" role="note">
            <strong>You are attacked</strong> from {show(attacked.from)}: answer with a defence card.
          </p>
        )}
        {question && (
          <p class="question" role="note">
            <strong>The Moderator asks you:</strong> {question}
          </p>
        )}
        {name && (
          <>
            <h3>Your hand</h3>
            <div class="hand" aria-label="your hand of cards">
              {hand.length === 0 ? 'no cards' : hand.map((c, i) => <CardFace key={`${c}-${i}`} card={c} />)}
            </div>
          </>
        )}
        {orders.length > 0 && (
          <>
            <h3>Your standing orders</h3>
            <ol>
              {orders.map((o, i) => (
                <li key={i}>{o}</li>
              ))}
            </ol>
          </>
        )}
        {told.length > 0 && (
          <>
            <h3>What the Moderator has told you</h3>
            <ul class="messages">
              {told.map((t, i) => (
                <li key={i}>{t}</li>
              ))}
            </ul>
          </>
        )}
        {hands.length > 0 && (
          <>
            <h3>Every hand (the Moderator only)</h3>
            <ul class="plain">
              {hands.map(([p, h]) => (
                <li key={p}>{`${p}: ${arr(h).map(show).join(' ') || 'empty'}`}</li>
              ))}
            </ul>
            <p class="deck">{`Deck, top first: ${deck.join(' ') || 'empty'}`}</p>
          </>
        )}
        {players.length > 0 && (
          <>
            <h3>Players, in turn order</h3>
            <ol>
              {players.map((p) => (
                <li key={show(p.name)} class={p.name === name ? 'you' : undefined}>
                  {show(p.name)}
                  {p.alive === false ? ' (mole dead)' : ''}: {show(p.points)} points
                  {turn === p.name ? ' · on turn' : ''}
                </li>
              ))}
            </ol>
          </>
        )}
        {v.started === false && <p>The game has not started yet.</p>}
        {announcements.length > 0 && (
          <>
            <h3>Announcements</h3>
            <ul class="messages">
              {announcements.map((a, i) => (
                <li key={i}>{a}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
