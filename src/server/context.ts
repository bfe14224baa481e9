// What every route needs: the referee's door (src/engine/ports/use-cases.ts: each route's file names the
// use-cases it calls), and who is asking.
import type { FastifyRequest } from 'fastify';
import type { Actor, CommandConfirm, CommandRule, GameState, JsonObject, Viewer } from '../core/index.js';
import { PUBLIC } from '../core/index.js';
import { StoreError } from '../engine/ports/index.js';
import type { ServerDoor } from '../engine/ports/index.js';
import { HttpError, unauthorized } from './errors.js';
import { actorOf, bearer, tokenHash } from './tokens.js';
import type { Verifier } from './verify.js';

/** What telling who asks reads of the referee: the directory of tokens. */
export type Asking = Pick<ServerDoor, 'directory'>;

/** A route's context, with the use-cases `D` it calls (the server's whole door by default). */
export interface ServerContext<D = ServerDoor> {
  readonly referee: D;
  /** Told when a holder's token is replaced here, so streams opened with the old one end at once. */
  readonly tokens: TokenEvents;
  /**
   * Called when a request presents a token that opens nothing: counts the failure (rate limiting failed
   * authentication) and answers the refusal to throw (401, or 429 once the address failed too often).
   */
  readonly onAuthFailure?: (request: FastifyRequest) => HttpError;
  /** Throws unless the request may create a game (the server's creation policy, policy.ts). */
  readonly mayCreate?: (request: FastifyRequest) => void;
  /**
   * K16: the fastest rhythm a game created here may be given, in seconds (the operator's setting; the
   * kernel's default, a minute, unless set). A client cannot choose it.
   */
  readonly rhythmFloor?: number;
  /** When a request arrived (AppOptions.now): the instant a creation or a clock command lacks. */
  readonly now: () => number;
  /** Verifications of logs, bounded and off the event loop (verify.ts). */
  readonly verifier: Verifier;
}

/**
 * Who is asking about a game: the holder of the bearer token, or the public when there is none. A token that
 * is not a live token of THIS game is refused (401) whether or not the game exists.
 */
export async function caller(
  ctx: ServerContext<Asking>,
  request: FastifyRequest,
  game: string,
): Promise<Actor | undefined> {
  const token = bearer(request.headers.authorization);
  if (token === undefined) return undefined;
  const holder = token === '' ? undefined : await ctx.referee.directory.tokenHolder(game, tokenHash(token));
  const actor = holder === undefined ? undefined : actorOf(holder);
  if (!actor) throw ctx.onAuthFailure?.(request) ?? unauthorized();
  return actor;
}

/** As `caller`, but a token is required. */
export async function requireCaller(
  ctx: ServerContext<Asking>,
  request: FastifyRequest,
  game: string,
): Promise<Actor> {
  const actor = await caller(ctx, request, game);
  if (!actor) throw unauthorized();
  return actor;
}

export const viewerOf = (actor: Actor | undefined): Viewer => actor ?? PUBLIC;

/**
 * The game's state, or 404: the store's latest, or with `known` the state this process last knew (see
 * Referee.knownState), for checks that may lag a command behind.
 */
export async function gameState(
  ctx: ServerContext<Pick<ServerDoor, 'state' | 'knownState'>>,
  game: string,
  which: 'latest' | 'known' = 'latest',
): Promise<GameState> {
  try {
    return await (which === 'known' ? ctx.referee.knownState(game) : ctx.referee.state(game));
  } catch (e) {
    if (e instanceof StoreError && e.code === 'unknown-game')
      throw new HttpError(404, 'unknown-game', `there is no game ${game}`);
    throw e;
  }
}

/** A command as the API describes it. */
export interface CommandInfo {
  readonly name: string;
  readonly actor: 'player' | 'admin';
  readonly summary: string;
  readonly words: readonly string[];
  readonly schema: JsonObject;
  /** An irreversible command: what the page asks before doing it, and the argument that makes it so. */
  readonly confirm?: CommandConfirm;
}

export const commandInfo = (name: string, rule: CommandRule<unknown>): CommandInfo => ({
  name,
  actor: rule.actor,
  summary: rule.summary,
  words: rule.words,
  schema: rule.argsSchema(),
  ...(rule.confirm ? { confirm: rule.confirm } : {}),
});

/** The commands a viewer may give in a game now: a player's announcements, or the Administrator's orders. */
export function commandsFor(
  ctx: ServerContext<Pick<ServerDoor, 'rules'>>,
  state: GameState,
  viewer: Viewer,
): CommandInfo[] {
  if (viewer.role === 'public' || state.ended) return [];
  const out: CommandInfo[] = [];
  for (const [name, rule] of ctx.referee.rules.commands(state)) {
    // A player joins through POST …/join, which also issues the token.
    if (name === 'join') continue;
    if (rule.actor !== viewer.role) continue;
    const info = withChoices(ctx, state, commandInfo(name, rule));
    if (info) out.push(info);
  }
  return out;
}

/**
 * The Administrator's module and ruleset commands with the game's own choices (issue 16: "modules that can be
 * enacted"): enact any module of the ruleset not in force, repeal one in force, amend into a ruleset that
 * amends this one. Which modules are in force and which ruleset a game follows are public (every enactment,
 * repeal and amendment is a public entry). Left out when there is nothing to choose.
 */
function withChoices(
  ctx: ServerContext<Pick<ServerDoor, 'rules'>>,
  state: GameState,
  info: CommandInfo,
): CommandInfo | undefined {
  const registry = ctx.referee.rules.registry;
  const ruleset = registry.get(state.ruleset);
  let field: string;
  let choices: string[];
  if (info.name === 'enact' && ruleset) {
    field = 'module';
    choices = registry
      .available(ruleset)
      .map((m) => m.id)
      .filter((id) => !state.modules.includes(id));
  } else if (info.name === 'repeal') {
    field = 'module';
    choices = [...state.modules];
  } else if (info.name === 'amend') {
    field = 'ruleset';
    choices = registry.ids().filter((id) => registry.get(id)?.migrateFrom?.[state.ruleset] !== undefined);
  } else return info;
  if (choices.length === 0) return undefined;
  const properties = (info.schema.properties ?? {}) as JsonObject;
  const prop = (properties[field] ?? {}) as JsonObject;
  return {
    ...info,
    schema: { ...info.schema, properties: { ...properties, [field]: { ...prop, enum: choices } } },
  };
}

/** A token replaced (rotated or issued again) in this process: who listens ends what the old one opened. */
export class TokenEvents {
  private readonly listeners = new Set<(game: string, holder: string) => void>();

  on(listener: (game: string, holder: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  replaced(game: string, holder: string): void {
    for (const l of this.listeners) l(game, holder);
  }
}
