// Beside the Grid's drawing, the same in words: the players (mark, place, points, what each holds), the
// announced moves, the objects and where they are, the Things (the Administrator only), what Radar revealed
// and the temperature. A screen reader, or a reader who cannot tell the colours apart, has all of it here.
import type { Json } from '../api';
import type { ObjectRow, PlayerRow, ThingRow, XY } from './grid-rows';
import { placeText, unit } from './grid-rows';
import { kindOf } from './grid-marks';

export function GridLists(props: {
  players: PlayerRow[];
  /** Each player's mark on the drawing. */
  letters: Map<string, string>;
  /** The viewer, if a player. */
  you: string | undefined;
  toads: Set<string>;
  dizzy: Set<string>;
  objects: ObjectRow[];
  announced: { player: string; to: XY }[];
  things: ThingRow[];
  reveals: { at: XY; who?: string }[];
  temperature: Json | undefined;
}) {
  const { players, letters, you, toads, dizzy, objects, announced, things, reveals } = props;
  return (
    <>
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
      {typeof props.temperature === 'number' && <p>{`Temperature ${props.temperature} °C.`}</p>}
    </>
  );
}
