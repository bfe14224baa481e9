// Rooms and Quests: everything here is public (ruling H9), and the player's view says whether it is eir turn,
// how many actions are left, where e is, the passages out, what lies here and what e carries; the Quest in
// creation says its next step (rule 142: "in strict order").
import type { GamePayload } from '../api';
import type { Offers } from './types';
import { choice, isObject, names, num, objects, str } from './types';

/** A token as the commands take it: by number, which is never ambiguous. */
const tokenChoices = (tokens: ReturnType<typeof objects>) =>
  tokens.map((t) => choice(`#${num(t.id) ?? ''}`, `${str(t.name) ?? 'token'} (#${num(t.id) ?? ''})`));

/** Rule 139: "fewer than three Quests on the roster". */
const ROSTER_LIMIT = 3;

export function roomsOffers(payload: GamePayload): Offers {
  if (payload.viewer.role === 'admin') {
    const v = payload.view;
    const players = names(v.players).map((p) => choice(p));
    const rooms = objects(isObject(v.map) ? v.map.rooms : undefined).map((r) => choice(str(r.name) ?? ''));
    return {
      skip: v.turn ? {} : false,
      'place-token': { fields: { room: { choices: rooms } } },
      tally: { fields: { player: { choices: players } } },
    };
  }
  if (payload.viewer.role !== 'player') return {};
  const v = payload.view;
  const you = isObject(v.you) ? v.you : undefined;
  const active = you?.active === true;
  const left = num(you?.actionsLeft) ?? 0;
  const roomName = str(you?.room);
  const room = objects(isObject(v.map) ? v.map.rooms : undefined).find((r) => r.name === roomName);
  const lying = tokenChoices(objects(room?.tokens));
  const carrying = tokenChoices(objects(you?.carrying));
  const exits = names(you?.exits).map((e) => choice(e));
  const creating = isObject(v.creating) ? v.creating : null;
  const mine = creating !== null && creating.player === payload.viewer.name;
  const roster = Array.isArray(v.roster) ? v.roster.length : undefined;
  // While e creates a Quest, the creator may do nothing else but its next step or end the turn (rule 142).
  const free = active && left > 0 && !mine;
  const step = (done: boolean, ready: boolean) => (active && mine && !done && ready ? {} : false);
  const offers: Record<string, Offers[string]> = {
    'end-turn': active ? {} : false,
    move: free && exits.length > 0 ? { fields: { to: { choices: exits } } } : false,
    'pick-up': free && lying.length > 0 ? { fields: { token: { choices: lying } } } : false,
    drop: free && carrying.length > 0 ? { fields: { token: { choices: carrying } } } : false,
  };
  if (roster !== undefined) {
    offers['create-quest'] = free && creating === null && roster < ROSTER_LIMIT ? {} : false;
    if (creating === null || !mine) {
      for (const c of [
        'quest-name',
        'quest-colour',
        'quest-home',
        'quest-locate',
        'quest-goal',
        'quest-roll',
      ])
        offers[c] = false;
    } else {
      const has = (k: string) => creating[k] !== null && creating[k] !== undefined;
      offers['quest-name'] = step(has('name'), !has('colour'));
      offers['quest-colour'] = step(has('colour'), true);
      offers['quest-home'] = step(has('home'), has('colour'));
      offers['quest-locate'] = step(has('locate'), has('home'));
      offers['quest-goal'] = step(has('goal'), has('locate'));
      offers['quest-roll'] = step(false, has('goal'));
    }
  }
  return offers;
}
