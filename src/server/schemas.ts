// The request shapes, as zod schemas: the routes validate with them and the OpenAPI document is generated
// from them, so the documentation cannot drift from what the server accepts.
import { z } from 'zod';
import { GAME_ID, isJson, PLAYER_NAME } from '../core/index.js';
import { MAX_POST_CHARS } from '../forum/limits.js';

export const GameParams = z.object({ game: z.string().regex(GAME_ID, 'not a game id') });
export const PlayerParams = GameParams.extend({
  player: z.string().regex(PLAYER_NAME, 'not a player name'),
});

/**
 * Any JSON value, checked in one walk (isJson). Not z.json(): a recursive union that tries every branch at
 * every node, it held the event loop ~6 ms for a Quests map of 160 KB (issue 13, item 4). (The OpenAPI
 * document says "any" for it.)
 */
const JsonValue: z.ZodType<unknown> = z.unknown().refine(isJson, 'not JSON');

export const CreateBody = z
  .object({
    ruleset: z.string().min(1).max(64).describe('a ruleset id from GET /api/rulesets'),
    game: z
      .string()
      .regex(GAME_ID, 'not a game id')
      .optional()
      .describe('the new game id; made up if absent'),
    config: JsonValue.optional().describe(
      "the ruleset's configuration (a map for rooms, a field for Life, …)",
    ),
    dice: z.enum(['fair', 'manual', 'beacon']).default('fair'),
    beacon: JsonValue.optional().describe(
      'beacon dice (issue 26): quicknet (the default), mainnet, or a chain described whole (name, hash, scheme, publicKey, genesis, period)',
    ),
    ndays: z.number().int().min(1).max(100).default(7).describe('ndays in an nweek'),
    joins: z
      .enum(['open', 'approval'])
      .optional()
      .describe(
        'open (anyone may join; the default) or approval (a join asks the Administrator; ruling K14)',
      ),
    rolls: z
      .array(z.number().int().min(1))
      .max(10_000)
      .optional()
      .describe('manual dice: results for the rolls the setup makes (hidden placements), in order'),
  })
  .strict();

export const JoinBody = z
  .object({
    player: z.string().regex(PLAYER_NAME, 'a letter, then letters, digits, . _ -; at most 32'),
  })
  .strict();

export const CommandBody = z
  .object({
    type: z.string().min(1).max(64).describe('the command, e.g. move, tick (see commands in GET …/me)'),
    args: z.record(z.string(), JsonValue).default({}).describe("the command's arguments, per its schema"),
    rolls: z
      .array(z.number().int().min(1))
      .max(1000)
      .optional()
      .describe('manual dice results to queue first (the Administrator only, manual-dice games)'),
  })
  .strict();

/** The Administrator's refusal of a request to join (K14): a reason, if e gives one. */
export const RefuseBody = z.object({ reason: z.string().min(1).max(500).optional() }).strict();

/** The Administrator's removal of a player (K15): the reason, always. */
export const RemoveBody = z.object({ reason: z.string().min(1).max(500) }).strict();

export const PostBody = z.object({ text: z.string().min(1).max(MAX_POST_CHARS) }).strict();

export const LogQuery = z.object({ from: z.coerce.number().int().min(1).default(1) });

export const ReportQuery = z.object({
  nweek: z.coerce.number().int().min(1).optional(),
  format: z.enum(['text', 'markdown']).default('text'),
});

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'the same key again with the same request returns the first result and changes nothing; with another request → 422 idempotency-key-reused',
    ),
});

export const SecretIdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(22, 'a key a token is derived from is at least 22 characters of randomness (e.g. a UUID v4)')
    .max(200)
    .optional()
    .describe(
      'a secret of the client (at least 128 random bits, e.g. a UUID v4): the same key again with the same request answers the same token and changes nothing; with another request → 422 idempotency-key-reused',
    ),
});

/** A parameter's value (issue 24): a whole number, a dice expression or named value, or a list. */
const ParameterValueSchema = z.union([z.number(), z.string(), z.array(z.union([z.number(), z.string()]))]);
const When = z.object({ nweek: z.number().int(), nday: z.number().int() });

/** GET /api/games/:game/rules: the rules in force (src/engine/rules-in-force.ts, RulesInForceInfo). */
export const RulesInForceResponse = z.object({
  game: z.string(),
  ruleset: z.string(),
  title: z.string(),
  sections: z.array(
    z.object({
      section: z.string(),
      parameters: z.array(
        z.object({
          name: z.string().describe('in the rule’s own words'),
          sentence: z.string().describe('the sentence of the text that states it'),
          values: z.string().describe('the values it may take, in words'),
          text: ParameterValueSchema.describe('the text’s value'),
          textWords: z.string(),
          now: ParameterValueSchema.describe('the value in force'),
          nowWords: z.string(),
          amended: z.boolean().describe('whether the value in force is an amendment’s'),
          amendment: z.number().int().nullable().describe('the amendment in force that set it'),
        }),
      ),
    }),
  ),
  amendments: z.array(
    z.object({
      n: z.number().int(),
      by: z.literal('the Administrator'),
      changes: z.record(z.string(), ParameterValueSchema),
      changesText: z.string(),
      why: z.string().describe('the proposal that made it'),
      from: z.union([z.enum(['now', 'nday', 'nweek']), z.number().int()]),
      start: z.string().describe('from when, in words'),
      made: When,
      since: When.nullable().describe('when it took effect; null while it waits or if it never did'),
      status: z.enum(['pending', 'in-force', 'repealed', 'lapsed']),
    }),
  ),
});
