// The key to the Grid's drawing: the square colours with their glyphs, and the marks of players and objects,
// each shown only when the drawing has it.
import { kindOf, SQUARE_KEY, squareFill, squareGlyph } from './grid-marks';

/** The key to the drawing: square colours with their glyphs, and the marks of players and objects. */
export function GridKey(props: {
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
