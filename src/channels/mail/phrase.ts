// A player's secret phrase (issue 15): the defence against forged senders, as the Diplomacy judges'
// passwords. Mail's From can be written by anyone, so a player who registers a phrase has eir private mail
// acted on only when it carries the phrase on a line of its own (`phrase: …`). A phrase is chosen by a
// person and may be guessable, so it is stored as scrypt (node:crypto) with a salt of its own, never as
// itself; it is compared in constant time. The line is taken out of the text before anything reads it, and
// never shown back. scrypt runs on libuv's thread pool (tens of milliseconds by design), never on the event
// loop, so a server taking mail keeps serving meanwhile.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const derive = (phrase: string, salt: Buffer, bytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => scrypt(phrase, salt, bytes, (e, key) => (e ? reject(e) : resolve(key))));

const KEY_BYTES = 32;

/** A phrase as compared: white space collapsed, trimmed (a mail client may fold or pad the line). */
const normal = (phrase: string): string => phrase.replace(/\s+/g, ' ').trim();

/** Why a phrase cannot be registered, or undefined if it can. */
export function badPhrase(phrase: string): string | undefined {
  const p = normal(phrase);
  if (p.length < 8) return 'a secret phrase has at least 8 characters';
  if (p.length > 200) return 'a secret phrase has at most 200 characters';
  return undefined;
}

/** `scrypt$SALT$KEY` (base64url): what the store keeps. */
export async function hashPhrase(phrase: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(normal(phrase), salt, KEY_BYTES);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Whether `phrase` is the one whose hash is `stored`. */
export async function phraseMatches(phrase: string, stored: string): Promise<boolean> {
  const [kind, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await derive(normal(phrase), Buffer.from(salt, 'base64url'), expected.length || KEY_BYTES);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A line `phrase: …` (any case, white space around). */
const PHRASE_LINE = /^[ \t]*phrase[ \t]*:[ \t]*(.*?)[ \t]*$/gim;

/** The phrases a text gives on lines of their own, and the text without those lines. */
export function takePhrases(text: string): { readonly phrases: string[]; readonly text: string } {
  const phrases: string[] = [];
  const rest = text.replace(PHRASE_LINE, (_line, phrase: string) => {
    if (phrase !== '') phrases.push(phrase);
    return '';
  });
  return { phrases, text: rest };
}
