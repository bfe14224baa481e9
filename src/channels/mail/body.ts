// The part of a mail the player wrote now: quoted text and signatures are someone's earlier words, never
// new commands, so they are taken out before the grammar reads anything (issue 15).

/** An attribution line: "On Tue, 24 Nov 2026, Alice <a@x> wrote:" (perhaps wrapped onto a second line). */
const ATTRIBUTION = /^[ \t]*On\b[^\n]*\bwrote:[ \t]*$/i;
const ATTRIBUTION_START = /^[ \t]*On\b/i;
const ATTRIBUTION_END = /\bwrote:[ \t]*$/i;
/** Outlook's separator: everything after it is the message answered. */
const ORIGINAL = /^[ \t]*-{2,}[ \t]*(Original Message|Forwarded message)[ \t]*-{2,}[ \t]*$/i;
/** The signature separator "-- " (RFC 3676), also without its space. */
const SIGNATURE = /^--[ \t]?$/;
const QUOTED = /^[ \t]*>/;

/**
 * The text without quoted lines (starting with ">"), without "On … wrote:" lines before a quote, and
 * without what follows a signature separator or an "Original Message" line. Line breaks are kept as "\n".
 */
export function ownWords(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  const quotedAt = (i: number): boolean => {
    for (let j = i; j < lines.length; j++) {
      const l = lines[j] as string;
      if (l.trim() === '') continue;
      return QUOTED.test(l);
    }
    return true; // an attribution at the end introduces nothing the player wrote
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (SIGNATURE.test(line) || ORIGINAL.test(line)) break;
    if (QUOTED.test(line)) continue;
    if (ATTRIBUTION.test(line) && quotedAt(i + 1)) continue;
    const next = lines[i + 1];
    if (
      next !== undefined &&
      ATTRIBUTION_START.test(line) &&
      !ATTRIBUTION_END.test(line) &&
      ATTRIBUTION_END.test(next) &&
      quotedAt(i + 2)
    ) {
      i++;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').trim();
}
