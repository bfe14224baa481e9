// Who may join a game, for every ruleset (issue 16): Tunnelers' society admits members "upon the approval of
// the Moderator" (T-22), and any game may be run so. A game's setting, chosen at its creation and changed by
// the Administrator's logged `joins`, says whether a join makes a player at once or asks the Administrator,
// who approves or refuses the request in public (ruling K14). The Administrator may remove a player, with a
// reason (K15): the rules then do with eir things what their text says of a player who leaves (onRemove).
// Names are compared whatever their case (K13, players.ts): "alice" cannot join where "Alice" plays.
import { z } from 'zod';
import { command } from './ruleset.js';
import type { CommandRule } from './ruleset.js';
import type { Decision } from './decision.js';
import { Rejection } from './errors.js';
import { nameHolder } from './players.js';

const one = z.object({ player: z.string().min(1).max(64) }).strict();
const reason = z.string().min(1).max(500);

/** The player a name names, or the refusal saying who the game knows by it instead. */
function playerOf(ctx: Decision, name: string): string {
  const held = nameHolder(ctx.state, name);
  if (held?.as === 'player') return held.name;
  if (held?.as === 'removed') return ctx.reject('unknown-player', `${held.name} was removed from this game`);
  if (held?.as === 'request')
    return ctx.reject('unknown-player', `${held.name} has asked to join and is not a player yet`);
  return ctx.reject('unknown-player', `${name} has not joined this game`);
}

/** The request a name names, or the refusal. */
function requestOf(ctx: Decision, name: string): string {
  const held = nameHolder(ctx.state, name);
  if (held?.as === 'request') return held.name;
  if (held?.as === 'player')
    return ctx.reject('no-request', `${held.name} has already joined: there is no request to answer`);
  return ctx.reject('no-request', `${name} has no request to join waiting`);
}

/**
 * Makes a player: the kernel's entry, then every module's onJoin (a ruleset's own joining, e.g. T-22). A
 * module's returned refusal (a full game) stops there and refuses the command: the kernel, not rule code, throws
 * it as a Rejection (its code is the ruleset's, which the kernel's own commands are not typed to return), and the
 * kernel's boundary drops the whole decision, as it does any refusal.
 */
function admit(ctx: Decision, player: string): void {
  ctx.emit({ type: 'player-joined', vis: 'public', player });
  for (const m of ctx.modules) {
    const no = m.onJoin?.(ctx, player);
    if (no) throw new Rejection(no.error);
  }
}

export const ADMISSION_COMMANDS: Readonly<Record<string, CommandRule<unknown>>> = {
  join: command({
    actor: 'player',
    summary:
      "join the game as a new player (where joins need the Administrator's approval: ask to join, or ask again)",
    args: z.object({}).strict(),
    run(ctx, by) {
      if (by.role !== 'player') return ctx.reject('not-allowed', 'only a player can join');
      // K13: a name taken in another case is found here, and refused in the words it was asked in.
      const held = nameHolder(ctx.state, by.name);
      if (held?.as === 'player')
        ctx.reject(
          'already-joined',
          held.name === by.name
            ? `${by.name} has already joined`
            : `the name is taken: ${held.name} has already joined (names are the same whatever their case)`,
        );
      if (held?.as === 'removed')
        ctx.reject(
          'removed',
          `${held.name} was removed from this game by the Administrator and cannot join it again`,
        );
      const { approval } = ctx.state.admission;
      // K14: with approval, a join is a request; a request already waiting is not made twice. Where joins are
      // open (again), a request still waiting is answered by joining.
      if (!approval) return admit(ctx, held?.name ?? by.name);
      if (held?.as === 'request')
        ctx.reject(
          'already-requested',
          `${held.name}'s request to join is already waiting for the Administrator`,
        );
      ctx.emit({ type: 'join-requested', vis: 'public', player: by.name });
    },
  }),
  'approve-join': command({
    actor: 'admin',
    visibility: 'public',
    summary: 'approve a request to join: the one who asked becomes a player (joins needing approval)',
    words: ['player'],
    players: ['player'],
    args: one,
    run(ctx, _by, { player }) {
      const name = requestOf(ctx, player);
      ctx.emit({ type: 'join-approved', vis: 'public', player: name });
      admit(ctx, name);
    },
  }),
  'refuse-join': command({
    actor: 'admin',
    visibility: 'public',
    summary: 'refuse a request to join, with a reason if you wish (the one refused may ask again)',
    words: ['player', 'reason'],
    players: ['player'],
    args: z.object({ player: one.shape.player, reason: reason.optional() }).strict(),
    run(ctx, _by, { player, reason: why }) {
      const name = requestOf(ctx, player);
      ctx.emit({ type: 'join-refused', vis: 'public', player: name, ...(why ? { reason: why } : {}) });
    },
  }),
  'remove-player': command({
    actor: 'admin',
    visibility: 'public',
    summary:
      'remove a player from the game, with the reason: the rules do with eir things what they say of a player who leaves; eir name stays taken',
    words: ['player', 'reason'],
    players: ['player'],
    args: z.object({ player: one.shape.player, reason }).strict(),
    confirm: {
      message:
        'Remove this player from the game? The rules do with eir things what they say of a player who leaves, and e cannot join again.',
    },
    run(ctx, _by, { player, reason: why }) {
      const name = playerOf(ctx, player);
      ctx.emit({ type: 'player-removed', vis: 'public', player: name, reason: why });
      for (const m of ctx.modules) m.onRemove?.(ctx, name);
    },
  }),
  joins: command({
    actor: 'admin',
    visibility: 'public',
    summary:
      'who may join from now on: open (anyone) or approval (a join asks the Administrator); requests waiting stay waiting',
    words: ['joins'],
    args: z.object({ joins: z.enum(['open', 'approval']) }).strict(),
    run(ctx, _by, { joins }) {
      if (ctx.state.admission.approval === (joins === 'approval'))
        ctx.reject(
          'not-allowed',
          joins === 'approval' ? "joins already need the Administrator's approval" : 'joins are already open',
        );
      ctx.emit({ type: 'joins-set', vis: 'public', joins });
    },
  }),
};
