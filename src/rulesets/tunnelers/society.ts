// The Underground Society (the charter's preamble): "The member of longest duration in this society is known as
// the Moderator. ... Players of the game that contains this society ("The Main Game") can request to join this
// society, and will become members upon the approval of the Moderator. This society operates a game called
// Tunnelers. Members of this society are permitted to play in Tunnelers, subject to its rules. The Moderator
// will maintain a publicly viewable list of playing members."
// From edition 2 (ruling K4) joining the game is a request to join the society (T-22); the Moderator, whose
// orders the game's Administrator gives (T-23), approves or refuses it in public; a member pays to play (5).
import { z } from 'zod';
import { refuse } from '../../core/index.js';
import type { Folds, Refusal, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { MembershipApproved, MembershipRefused, MembershipRequested, SocietyEvent } from './events.js';
import { tunnelersCommand, tunnelersPlayerCommand } from './ctx.js';
import type { Ctx, TunnelersModule } from './ctx.js';
import type { TunnelersErrorCode } from './errors.js';

/** The first edition with the society as written (before it, joining made a member and a player at once). */
export const SOCIETY_EDITION = 2;

/** Whether the game reads joining as a request to join the society (edition 2 on, T-22). */
export const societyAsWritten = (ctx: Ctx): boolean => ctx.state.edition >= SOCIETY_EDITION;

/** T-22: the members of the society this game knows; in an edition-1 game, everyone who joined. */
export const members = (ctx: Ctx): readonly string[] =>
  societyAsWritten(ctx) ? ctx.rules.members : ctx.state.players;

export const isMember = (ctx: Ctx, player: string): boolean => members(ctx).includes(player);

function request(ctx: Ctx, player: string): void {
  const e: MembershipRequested = { type: 'membership-requested', vis: 'public', player };
  ctx.emit(e);
}

const one = z.object({ player: z.string().min(1).max(32) }).strict();

/**
 * The Moderator's answer to a pending request: 'approved' makes a member, 'refused' ends the request. Without
 * a request waiting, the refusal the command returns.
 */
function answer(
  ctx: Ctx,
  player: string,
  verdict: 'approved' | 'refused',
): Refusal<TunnelersErrorCode> | undefined {
  if (!ctx.rules.requests.includes(player))
    return refuse('no-request', `${player} has no request to join the Underground Society waiting`);
  const e: MembershipApproved | MembershipRefused = { type: `membership-${verdict}`, vis: 'public', player };
  ctx.emit(e);
  return undefined;
}

const without = (list: readonly string[], player: string): string[] => list.filter((p) => p !== player);

export const societyModule: TunnelersModule = {
  id: 'society',
  section: 'The Underground Society (membership)',
  text: 'The member of longest duration in this society is known as the Moderator. ... Players of the game that contains this society ("The Main Game") can request to join this society, and will become members upon the approval of the Moderator. ... Members of this society are permitted to play in Tunnelers, subject to its rules. The Moderator will maintain a publicly viewable list of playing members.',
  onJoin(ctx, player) {
    // T-22: joining the game over any edge is asking to join the society; it makes no player of Tunnelers.
    if (societyAsWritten(ctx)) request(ctx, player);
  },
  commands: {
    'request-membership': tunnelersPlayerCommand<z.ZodType<Record<string, never>>>({
      visibility: 'public',
      summary: 'ask again to join the Underground Society (after the Moderator refused you)',
      args: z.object({}).strict(),
      run(ctx, by) {
        if (!societyAsWritten(ctx))
          return refuse('not-allowed', 'in this game everyone who joined is a member (edition 1)');
        if (ctx.rules.members.includes(by.name))
          return refuse('already-member', `${by.name} is already a member of the Underground Society`);
        if (ctx.rules.requests.includes(by.name))
          return refuse('already-requested', `${by.name}'s request is already waiting for the Moderator`);
        request(ctx, by.name);
      },
    }),
    approve: tunnelersCommand<typeof one>({
      actor: 'admin',
      visibility: 'public',
      summary: "the Moderator approves a player's request to join the Underground Society",
      words: ['player'],
      players: ['player'],
      args: one,
      run: (ctx, _by, { player }) => answer(ctx, player, 'approved'),
    }),
    refuse: tunnelersCommand<typeof one>({
      actor: 'admin',
      visibility: 'public',
      summary: "the Moderator refuses a player's request to join the Underground Society",
      words: ['player'],
      players: ['player'],
      args: one,
      run: (ctx, _by, { player }) => answer(ctx, player, 'refused'),
    }),
  },
  evolve: {
    'membership-requested': (s, e) => ({
      ...s,
      requests: [...s.requests, e.player],
    }),
    'membership-approved': (s, e) => ({
      ...s,
      requests: without(s.requests, e.player),
      members: [...s.members, e.player],
    }),
    'membership-refused': (s, e) => ({
      ...s,
      requests: without(s.requests, e.player),
    }),
  } satisfies Folds<TunnelersState, SocietyEvent>,
  describe: {
    'membership-requested': (e) => `${e.player} asks to join the Underground Society.`,
    'membership-approved': (e) =>
      `The Moderator approves: ${e.player} is a member of the Underground Society.`,
    'membership-refused': (e) =>
      `The Moderator refuses ${e.player}'s request to join the Underground Society.`,
  } satisfies Texts<SocietyEvent>,
};
