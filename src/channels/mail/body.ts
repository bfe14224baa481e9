// The part of a mail the player wrote now: quoted text and signatures are someone's earlier words, never
// new commands, and the footer a mailing list appends to every post is the list's, so they are taken out
// before the grammar reads anything (issue 15).

/** An attribution line: "On Tue, 24 Nov 2026, Alice <a@x> wrote:" (perhaps wrapped onto a second line). */
const ATTRIBUTION = /^[ \t]*On\b[^\n]*\bwrote:[ \t]*$/i;
const ATTRIBUTION_START = /^[ \t]*On\b/i;
const ATTRIBUTION_END = /\bwrote:[ \t]*$/i;
/** Outlook's separator: everything after it is the message answered. */
const ORIGINAL = /^[ \t]*-{2,}[ \t]*(Original Message|Forwarded message)[ \t]*-{2,}[ \t]*$/i;
/** The signature separator "-- " (RFC 3676), also without its space. */
const SIGNATURE = /^--[ \t]?$/;
const QUOTED = /^[ \t]*>/;
/** Mailman's footer separator: a line of underscores (Mailman writes 47). */
const LIST_SEPARATOR = /^[ \t]*_{20,}[ \t]*$/;
/** What a list's footer says: "grid mailing list", a listinfo URL, how to unsubscribe. */
const LIST_FOOTER = /mailing list|\/listinfo\b|unsubscribe|-(leave|request)@/i;
/** A list footer is short: more after a separator than this is the player's. */
const FOOTER_LINES = 10;
/** Google Groups' footer (after a "-- " line, but found without it too). */
const GOOGLE_GROUPS = /^[ \t]*You received this message because you are subscribed to the Google Groups\b/i;

/**
 * Where a mailing list's footer begins, if the text ends with one: the last line of underscores followed by
 * a few lines, one of which says what a list footer says (Mailman 2's "grid mailing list" and listinfo URL,
 * Mailman 3's "To unsubscribe send an email to grid-leave@…"). A line of underscores with anything else
 * after it is the player's own.
 */
function footerAt(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) {
    if (!LIST_SEPARATOR.test(lines[i] as string)) continue;
    const rest = lines.slice(i + 1).filter((l) => l.trim() !== '');
    return rest.length <= FOOTER_LINES && rest.some((l) => LIST_FOOTER.test(l)) ? i : lines.length;
  }
  return lines.length;
}

/**
 * The text without quoted lines (starting with ">"), without "On … wrote:" lines before a quote, without
 * what follows a signature separator or an "Original Message" line, and without a mailing list's footer
 * (Mailman's, Google Groups'). Line breaks are kept as "\n".
 */
export function ownWords(text: string): string {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const lines = all.slice(0, footerAt(all));
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
    if (SIGNATURE.test(line) || ORIGINAL.test(line) || GOOGLE_GROUPS.test(line)) break;
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
