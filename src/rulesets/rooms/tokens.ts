// Host rule "Tokens": tokens lie in rooms or are carried by players. As an action the active player may pick
// up a token lying in eir room, or drop one e carries into eir room. A token is named by its name (any case)
// or by its number ("#3"); of several lying there with one name, the lowest-numbered is meant. The
// Administrator may put a new token in a room. Rulings H8, H9.
import { z } from 'zod';
import { command, isRefusal, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Refusal, RuleModule, Texts } from '../../core/index.js';
import type { Dropped, PickedUp, RoomsEvent, RoomsState, Token, TokenPlace, TokenPlaced } from './types.js';
import { findRoom, tokenName } from './map.js';
import { roomOf } from './places-state.js';
import { requireAction, spending } from './turns.js';
import { text } from './words.js';
import type { RoomsErrorCode } from './errors.js';

export const inRoom = (t: Token, room: string): boolean => 'room' in t.at && t.at.room === room;
export const carriedBy = (t: Token, player: string): boolean => 'carrier' in t.at && t.at.carrier === player;
export const samePlace = (a: TokenPlace, b: TokenPlace): boolean =>
  'room' in a ? 'room' in b && a.room === b.room : 'carrier' in b && a.carrier === b.carrier;

/** The tokens lying in a room, by number. */
export const lyingIn = (s: RoomsState, room: string): Token[] => s.tokens.filter((t) => inRoom(t, room));
/** The tokens a player carries, by number. */
export const carried = (s: RoomsState, player: string): Token[] =>
  s.tokens.filter((t) => carriedBy(t, player));

export const placeText = (at: TokenPlace): string =>
  'room' in at ? `in ${at.room}` : `carried by ${at.carrier}`;
export const tokenText = (t: { readonly id: number; readonly name: string }): string =>
  `${t.name} (#${t.id})`;

/** The tokens with one token added (its id must be new). */
export const adding = (tokens: readonly Token[], token: Token): readonly Token[] => [...tokens, token];

/** The tokens with one token put somewhere else. */
export const moving = (tokens: readonly Token[], id: number, at: TokenPlace): readonly Token[] =>
  tokens.map((t) => (t.id === id ? { ...t, at } : t));

/** The tokens without those numbered in `ids`. */
export const removing = (tokens: readonly Token[], ids: readonly number[]): readonly Token[] =>
  tokens.filter((t) => !ids.includes(t.id));

/** The next token number after `id` is used. */
export const after = (next: number, id: number): number => Math.max(next, id + 1);

const tokenRef = z
  .union([z.string(), z.number().int()])
  .transform((v) => (typeof v === 'number' ? `#${v}` : v.trim()));

/**
 * The token a player means among `candidates`: "#n" is its number, anything else its name in any case; or the
 * refusal saying what is there instead.
 */
function pick(candidates: readonly Token[], ref: string, where: string): Token | Refusal<RoomsErrorCode> {
  const byNumber = /^#(\d+)$/.exec(ref);
  const key = ref.toLowerCase().replace(/\s+/g, ' ');
  const found = byNumber
    ? candidates.find((t) => t.id === Number(byNumber[1]))
    : candidates.find((t) => t.name.toLowerCase() === key);
  if (found) return found;
  const here = candidates.map(tokenText).join(', ');
  return refuse('no-such-token', `there is no token ${ref} ${where}${here ? `; there: ${here}` : ''}`);
}

const refArgs = z.object({ token: tokenRef }).strict();
const placeArgs = z.object({ room: text, name: text.pipe(tokenName) }).strict();

export function tokensModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'tokens',
    section: 'Tokens (host)',
    text: 'A token lies in a room or is carried by a player. As an action the active player may pick up a token lying in the room e is in, or drop a token e carries into that room. The Administrator may put a new token in any room.',
    commands: {
      'pick-up': playerCommand<S, typeof refArgs, RoomsErrorCode, RoomsEvent>({
        summary: 'pick up a token lying in your room, by name or #number (one action)',
        words: ['token'],
        args: refArgs,
        run(ctx, by, { token }) {
          const no = requireAction(ctx, by.name, `pick up ${token}`);
          if (no) return no;
          const room = roomOf(ctx.rules, by.name);
          const t = pick(lyingIn(ctx.rules, room), token, `lying in ${room}`);
          if (isRefusal(t)) return t;
          const e: PickedUp = {
            type: 'picked-up',
            vis: 'public',
            player: by.name,
            token: t.id,
            name: t.name,
            room,
          };
          ctx.emit(e);
        },
      }),
      drop: playerCommand<S, typeof refArgs, RoomsErrorCode, RoomsEvent>({
        summary: 'drop a token you carry into your room, by name or #number (one action)',
        words: ['token'],
        args: refArgs,
        run(ctx, by, { token }) {
          const no = requireAction(ctx, by.name, `drop ${token}`);
          if (no) return no;
          const room = roomOf(ctx.rules, by.name);
          const t = pick(carried(ctx.rules, by.name), token, `carried by ${by.name}`);
          if (isRefusal(t)) return t;
          const e: Dropped = {
            type: 'dropped',
            vis: 'public',
            player: by.name,
            token: t.id,
            name: t.name,
            room,
          };
          ctx.emit(e);
        },
      }),
      'place-token': command<S, typeof placeArgs, RoomsErrorCode, RoomsEvent>({
        actor: 'admin',
        summary: 'put a new token in a room: place-token ROOM NAME',
        words: ['room', 'name'],
        args: placeArgs,
        run(ctx, _by, { room, name }) {
          const r = findRoom(ctx.rules.map, room);
          if (!r) return refuse('unknown-room', `there is no room "${room}"`);
          const e: TokenPlaced = {
            type: 'token-placed',
            vis: 'public',
            token: ctx.rules.nextToken,
            name,
            room: r.name,
          };
          ctx.emit(e);
        },
      }),
    },
    evolve: {
      'token-placed': (s, e) => ({
        ...s,
        tokens: adding(s.tokens, { id: e.token, name: e.name, at: { room: e.room } }),
        nextToken: after(s.nextToken, e.token),
      }),
      'picked-up': (s, e) => ({
        ...s,
        tokens: moving(s.tokens, e.token, { carrier: e.player }),
        turn: spending(s.turn, e.player),
      }),
      dropped: (s, e) => ({
        ...s,
        tokens: moving(s.tokens, e.token, { room: e.room }),
        turn: spending(s.turn, e.player),
      }),
    } satisfies Folds<S, TokenPlaced | PickedUp | Dropped>,
    describe: {
      'token-placed': (e) =>
        `The Administrator puts a token, ${tokenText({ id: e.token, name: e.name })}, in ${e.room}.`,
      'picked-up': (e) => `${e.player} picks up ${tokenText({ id: e.token, name: e.name })} in ${e.room}.`,
      dropped: (e) => `${e.player} drops ${tokenText({ id: e.token, name: e.name })} in ${e.room}.`,
    } satisfies Texts<TokenPlaced | PickedUp | Dropped>,
  };
}
