// Instants as commands carry them (issue 14): ISO 8601 with a date, a time to the minute at least, and an
// explicit offset ("2026-11-29T23:59Z", "2026-11-29T23:59:00.000+01:00"). Strict, because an instant in the
// log decides when a game's time moves: no local times without an offset (whose zone would be the reader's),
// no dates that roll over ("February 30" is refused, not read as March 2).
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** The instant in ms since the epoch, or undefined if `text` is not a strict ISO instant. */
export function parseInstant(text: string): number | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return undefined;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) && ms >= 0 && ms <= 253_402_300_799_999 ? ms : undefined;
}

/** The instant as the log records it: UTC, to the millisecond ("2026-11-29T23:59:00.000Z"). */
export const isoOf = (ms: number): string => new Date(ms).toISOString();
