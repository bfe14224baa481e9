// A message cut into parts a chat accepts: Discord refuses content over 2,000 characters. Used by the chat
// channel (src/channels/chat.ts) for notices, and by the web page for an nweek's report ("a Discord-sized
// split", issue 16), so what the page offers to paste is what the channel would send. Pure, with no imports:
// the page's bundle takes it as it is.

/** Discord's limit on a message's content. */
export const DISCORD_LIMIT = 2000;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts one line longer than `limit` into pieces of at most `limit` UTF-16 units, between characters as a
 * reader sees them (graphemes: an emoji with its modifiers stays whole), and between code points only for a
 * single grapheme longer than the limit (never half a surrogate pair).
 */
function cutLine(line: string, limit: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(line)) {
    const units = segment.length <= limit ? [segment] : Array.from(segment);
    for (const unit of units) {
      if (piece.length + unit.length > limit) {
        pieces.push(piece);
        piece = '';
      }
      piece += unit;
    }
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

/**
 * A message as parts of at most `limit` UTF-16 code units each (Discord counts characters; a code unit is
 * never fewer, so a part that fits here fits there), in order. Parts break between lines, never mid-line
 * unless a line alone is too long; the line break a part ends on is dropped (each part is its own message).
 * Parts that would hold only white space are left out (Discord refuses an empty message).
 */
export function splitMessage(text: string, limit = DISCORD_LIMIT): string[] {
  if (!(limit >= 2)) throw new Error('a message limit is at least 2');
  const parts: string[] = [];
  let part: string | undefined;
  const flush = (): void => {
    if (part !== undefined && part.trim().length > 0) parts.push(part);
    part = undefined;
  };
  for (const line of text.split('\n')) {
    if (part !== undefined && part.length + 1 + line.length <= limit) {
      part += `\n${line}`;
      continue;
    }
    flush();
    if (line.length <= limit) part = line;
    else {
      const pieces = cutLine(line, limit);
      part = pieces.pop();
      for (const p of pieces) parts.push(p);
    }
  }
  flush();
  return parts;
}
