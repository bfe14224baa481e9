// A plain, obviously correct Evolve step 1, written straight from the text with nested arrays of colour
// names, for the property test to hold the fast one against. No typed arrays, no neighbour-count pass.
export type Colour = 'Red' | 'Green' | 'Blue' | null;
/** field[y][x], both from 0; field[0] is the bottom row. undefined: no Cell on that square. */
export type RefField = (Colour | undefined)[][];

export function referenceStep(field: RefField, diagonal: boolean, advantage: Colour): RefField {
  const height = field.length;
  const width = field[0]?.length ?? 0;
  const cell = (x: number, y: number): Colour | undefined =>
    x >= 0 && x < width && y >= 0 && y < height ? field[y]?.[x] : undefined;
  const next: RefField = [];
  for (let y = 0; y < height; y++) {
    const row: (Colour | undefined)[] = [];
    for (let x = 0; x < width; x++) {
      const me = cell(x, y);
      if (me === undefined) {
        row.push(undefined);
        continue;
      }
      // The coloured Cells adjacent to this one.
      const around: Colour[] = [];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (dx === 0 && dy === 0) continue;
          if (!diagonal && dx !== 0 && dy !== 0) continue;
          const c = cell(x + dx, y + dy);
          if (c !== undefined && c !== null) around.push(c);
        }
      }
      if (me === null) {
        // a) exactly three: the most common; a tie goes to the Advantage, if it is among the tied.
        if (around.length !== 3) {
          row.push(null);
          continue;
        }
        const counts = new Map<Colour, number>();
        for (const c of around) counts.set(c, (counts.get(c) ?? 0) + 1);
        const top = Math.max(...counts.values());
        const best = [...counts].filter(([, k]) => k === top).map(([c]) => c);
        if (best.length === 1) row.push(best[0] ?? null);
        else row.push(advantage !== null && best.includes(advantage) ? advantage : null);
      } else {
        // b) fewer than two or more than three: null.
        row.push(around.length < 2 || around.length > 3 ? null : me);
      }
    }
    next.push(row);
  }
  return next;
}
