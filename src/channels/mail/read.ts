// A raw message as the mail edge reads it (issue 15): parsed by postal-mime, within bounds. A message over
// MAX_MESSAGE_BYTES is not read past its header (enough to answer its sender); a text in a character set
// the parser does not know, or not valid in the one it names, is not read at all (its sentences could say
// something the sender did not write). Nothing here throws on a bad message.
import PostalMime from 'postal-mime';
import type { Email } from 'postal-mime';

/** A message is read whole up to this size (a forum post is a few KB; 256 KB leaves room for HTML). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
/** A header longer than this is no message the referee answers. */
export const MAX_HEADER_BYTES = 64 * 1024;

export type Read =
  | { readonly email: Email; readonly problem?: 'too-big' | 'bad-charset'; readonly detail?: string }
  | { readonly unreadable: string };

/** Where the header ends (the blank line), or -1 if not within MAX_HEADER_BYTES. */
function headerEnd(raw: Uint8Array): number {
  const end = Math.min(raw.length, MAX_HEADER_BYTES);
  for (let i = 0; i + 1 < end; i++) {
    if (raw[i] === 10 && raw[i + 1] === 10) return i + 1;
    if (raw[i] === 10 && raw[i + 1] === 13 && raw[i + 2] === 10) return i + 2;
  }
  return -1;
}

/** A charset label no decoder of this runtime knows (postal-mime would read it as windows-1252). */
function unknownCharset(raw: Uint8Array): string | undefined {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  for (const m of text.matchAll(/charset\s*=\s*"?([^"\s;]+)"?/gi)) {
    const label = m[1] as string;
    try {
      new TextDecoder(label);
    } catch {
      return label;
    }
  }
  return undefined;
}

export async function readMessage(raw: Uint8Array): Promise<Read> {
  try {
    if (raw.length > MAX_MESSAGE_BYTES) {
      const end = headerEnd(raw);
      if (end < 0)
        return {
          unreadable: `over ${MAX_MESSAGE_BYTES} bytes with no header end in the first ${MAX_HEADER_BYTES}`,
        };
      const email = await PostalMime.parse(raw.subarray(0, end + 1));
      return {
        email,
        problem: 'too-big',
        detail: `your message has ${Math.ceil(raw.length / 1024)} KB; the referee reads messages of at most ${MAX_MESSAGE_BYTES / 1024} KB (send the text alone, without attachments)`,
      };
    }
    const email = await PostalMime.parse(raw);
    const label = unknownCharset(raw);
    if (label !== undefined)
      return {
        email,
        problem: 'bad-charset',
        detail: `its text names the character set "${label.slice(0, 40)}", which the referee cannot read; send it as UTF-8`,
      };
    if ((email.text ?? '').includes('\uFFFD'))
      return {
        email,
        problem: 'bad-charset',
        detail:
          'its text is not valid in the character set it names (some bytes could not be read); send it as UTF-8',
      };
    return { email };
  } catch (e) {
    return { unreadable: `the message could not be parsed: ${(e as Error).message}`.slice(0, 300) };
  }
}
