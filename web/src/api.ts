// The HTTP API as the page uses it (docs/api.md): typed fetches, tokens kept per game in localStorage, and
// the live-update stream read with fetch so the token travels in the Authorization header, never in a URL.
import { heartbeatOf, Liveness } from './liveness';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON value as words: scalars as themselves, anything else as JSON. */
export const text = (v: Json | undefined): string =>
  v === undefined ? '' : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);

/** The JSON Schema of a command's arguments, as much of it as the forms read. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
}

export interface CommandInfo {
  name: string;
  actor: 'player' | 'admin';
  summary: string;
  words: string[];
  schema: Schema;
  /** An irreversible order: what the page asks before doing it; `when` names the yes/no argument that makes it so. */
  confirm?: { message: string; when?: string };
}

export type Viewer = { role: 'public' } | { role: 'admin' } | { role: 'player'; name: string };

export interface GamePayload {
  game: string;
  ruleset: string;
  /** The viewer's position: how many entries of the log e may see (eir own numbering, as the lines'). */
  seq: number;
  viewer: Viewer;
  view: JsonObject;
  text: string;
  commands: CommandInfo[];
  /** A sentence this game's forum text takes (null for a ruleset that takes none). */
  forumExample?: string | null;
}

/** A game in the list: no count of its entries, which would count hidden ones (issue 13). */
export interface GameSummary {
  id: string;
  ruleset: string;
}

export interface RulesetInfo {
  id: string;
  title: string;
  commands: CommandInfo[];
}

export interface LogLine {
  seq: number;
  nweek: number;
  nday: number;
  type: string;
  text: string;
  event?: Json;
}

export interface CommandResult {
  duplicate: boolean;
  seq: number;
  lines: LogLine[];
  /** Waits the command ended with players still awaited: what the rules did for them (issue 16). */
  absent?: Absence[];
}

/** A wait that ended with players who had not acted (src/engine/absent.ts). */
export interface Absence {
  what: string;
  until: { nweek: number; nday: number };
  players: string[];
  late?: string;
}

/** What an order would do (POST …/commands/preview; src/engine/preview.ts). */
export interface PreviewResult {
  duplicate: boolean;
  lines: { seq: number; nweek: number; nday: number; type: string; text: string; standIn?: true }[];
  rolls: { purpose: string; expr: string; source: 'fair' | 'manual'; secret: boolean; result?: Json }[];
  /** Fair dice were drawn from a stand-in: lines marked standIn are one possible outcome. */
  standIn: boolean;
  absent: Absence[];
  /** Issue 24: the parameters an amendment or a repeal would change now, before → after, in words. */
  rules?: { name: string; before: string; after: string }[];
}

/** GET …/rules (issue 24): the rules in force, each parameter's text value, value now and amendment. */
export interface RulesInForce {
  game: string;
  ruleset: string;
  title: string;
  sections: {
    section: string;
    parameters: {
      name: string;
      sentence: string;
      values: string;
      textWords: string;
      nowWords: string;
      amended: boolean;
      amendment: number | null;
    }[];
  }[];
  amendments: {
    n: number;
    by: string;
    changesText: string;
    why: string;
    start: string;
    made: { nweek: number; nday: number };
    since: { nweek: number; nday: number } | null;
    status: 'pending' | 'in-force' | 'repealed' | 'lapsed';
  }[];
}

/** GET …/verify: counts of what the viewer may check, and whether the whole log verifies. */
export interface VerifyResult {
  ok: boolean;
  entries: number;
  commands: number;
  fairRolls: number;
  manualRolls: number;
  problems: string[];
}

/** One sentence of a forum post and what became of it (src/forum/post.ts). */
export interface SentenceResult {
  sentence: string;
  status: 'accepted' | 'rejected' | 'not-understood' | 'ignored';
  command?: { type: string; args?: JsonObject };
  error?: { code: string; message: string };
  nearest?: string;
  duplicate?: boolean;
}

/** An error answered by the API: `{error: {code, message}}`, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// ---- tokens ----

/** Who holds which token for one game, in this browser. */
export interface Identities {
  admin?: string;
  players: Record<string, string>;
  /** The identity the page shows the game as: 'admin', 'player:NAME' or 'public'. */
  current: string;
}

const key = (game: string): string => `nomic-referee:game:${game}`;

export function loadIdentities(game: string): Identities {
  const empty: Identities = { players: {}, current: 'public' };
  try {
    const raw = localStorage.getItem(key(game));
    if (!raw) return empty;
    const parsed = JSON.parse(raw) as Partial<Identities>;
    return {
      ...(typeof parsed.admin === 'string' ? { admin: parsed.admin } : {}),
      players: parsed.players && typeof parsed.players === 'object' ? parsed.players : {},
      current: typeof parsed.current === 'string' ? parsed.current : 'public',
    };
  } catch {
    return empty;
  }
}

export function saveIdentities(game: string, ids: Identities): void {
  localStorage.setItem(key(game), JSON.stringify(ids));
}

/** The token of the identity chosen, or undefined for the public. */
export function tokenOf(ids: Identities, current = ids.current): string | undefined {
  if (current === 'admin') return ids.admin;
  if (current.startsWith('player:')) return ids.players[current.slice('player:'.length)];
  return undefined;
}

// ---- requests ----

async function request<T>(path: string, init: RequestInit & { token?: string | undefined } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(path, { ...init, headers });
  } catch (e) {
    throw new ApiError(0, 'network', `the server could not be reached (${String(e)})`);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? `http-${res.status}`, err?.message ?? res.statusText);
  }
  return body as T;
}

const enc = encodeURIComponent;

/** A fresh Idempotency-Key for one submission. */
export const newKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const api = {
  rulesets: () => request<RulesetInfo[]>('/api/rulesets'),
  games: () => request<GameSummary[]>('/api/games'),
  create: (body: {
    ruleset: string;
    game?: string;
    dice?: 'fair' | 'manual';
    ndays?: number;
    config?: Json;
  }) =>
    request<{ game: string; adminToken: string }>('/api/games', {
      method: 'POST',
      body: JSON.stringify(body),
    }),
  join: (game: string, player: string) =>
    request<{ player: string; token: string; pending?: boolean }>(`/api/games/${enc(game)}/join`, {
      method: 'POST',
      body: JSON.stringify({ player }),
    }),
  view: (game: string, token: string | undefined) =>
    token === undefined
      ? request<GamePayload>(`/api/games/${enc(game)}`)
      : request<GamePayload>(`/api/games/${enc(game)}/me`, { token }),
  notices: (game: string, token: string | undefined, after = 0) =>
    request<{ count: number; notices: ShownNotice[] }>(`/api/games/${enc(game)}/notices?after=${after}`, {
      token,
    }),
  log: (game: string, token: string | undefined, from = 1) =>
    request<{ lines: LogLine[] }>(`/api/games/${enc(game)}/log?from=${from}`, { token }),
  command: (
    game: string,
    token: string,
    body: { type: string; args: JsonObject; rolls?: number[] },
    idempotencyKey: string,
  ) =>
    request<CommandResult>(`/api/games/${enc(game)}/commands`, {
      method: 'POST',
      token,
      headers: { 'idempotency-key': idempotencyKey },
      body: JSON.stringify(body),
    }),
  preview: (game: string, token: string, body: { type: string; args: JsonObject; rolls?: number[] }) =>
    request<PreviewResult>(`/api/games/${enc(game)}/commands/preview`, {
      method: 'POST',
      token,
      body: JSON.stringify(body),
    }),
  verify: (game: string, token: string | undefined) =>
    request<VerifyResult>(`/api/games/${enc(game)}/verify`, { token }),
  /** The rules in force (issue 24; the same for every viewer). */
  rules: (game: string) => request<RulesInForce>(`/api/games/${enc(game)}/rules`),
  /** The public report of an nweek, as text or Markdown (the same for every viewer). */
  report: async (game: string, nweek: number, format: 'text' | 'markdown'): Promise<string> => {
    const text = await request<unknown>(`/api/games/${enc(game)}/report?nweek=${nweek}&format=${format}`);
    return typeof text === 'string' ? text : JSON.stringify(text);
  },
  post: (game: string, token: string, text: string, idempotencyKey: string) =>
    request<{ sentences: SentenceResult[] }>(`/api/games/${enc(game)}/posts`, {
      method: 'POST',
      token,
      headers: { 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ text }),
    }),
  rotateAdmin: (game: string, token: string) =>
    request<{ adminToken: string }>(`/api/games/${enc(game)}/admin-token`, { method: 'POST', token }),
  playerToken: (game: string, token: string, player: string) =>
    request<{ player: string; token: string }>(`/api/games/${enc(game)}/players/${enc(player)}/token`, {
      method: 'POST',
      token,
    }),
};

// ---- live updates ----

/** A notice to the viewer (issue 14), numbered among the viewer's own (GET …/notices, `notice` messages). */
export interface ShownNotice {
  n: number;
  to: string;
  topic: string;
  subject: string;
  text: string;
  at: string;
}

/**
 * Where the page's stream stands: connecting, live, stale (it heard nothing for two heartbeats, so it may be
 * behind: it connects again), or waiting to retry after a failure.
 */
export type LiveState = 'connecting' | 'live' | 'stale' | 'retrying';

export interface LiveHandlers {
  onUpdate: (data: { seq: number; lines: LogLine[] }) => void;
  /** A notice written for the viewer (or the public) while the stream is open. */
  onNotice?: (notice: ShownNotice) => void;
  onState: (state: LiveState) => void;
}

/**
 * Reads the game's server-sent events until `signal` aborts, reconnecting after a failure (1 s, doubling to
 * 30 s) or a stall (see liveness.ts: `stale` until it is connected again). After every (re)connection the
 * caller is told `live`, and should refetch, since updates may have been missed while disconnected.
 */
export async function follow(
  game: string,
  token: string | undefined,
  handlers: LiveHandlers,
  signal: AbortSignal,
): Promise<void> {
  let delay = 1000;
  while (!signal.aborted) {
    handlers.onState('connecting');
    // This connection alone is dropped when it stalls; `signal` ends them all.
    const connection = new AbortController();
    const forward = () => connection.abort();
    signal.addEventListener('abort', forward);
    let stalled = false;
    const liveness = new Liveness(() => {
      stalled = true;
      handlers.onState('stale');
      connection.abort();
    });
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`/api/games/${enc(game)}/events`, {
        headers,
        signal: connection.signal,
        cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
      handlers.onState('live');
      delay = 1000;
      liveness.heard();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        // Anything at all (the heartbeat is a comment line) says the stream lives.
        liveness.heard();
        buffer += value.replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          dispatch(message, handlers, liveness);
        }
      }
    } catch (e) {
      if (signal.aborted) return;
      if (!stalled) console.warn('live updates interrupted', e);
    } finally {
      liveness.stop();
      signal.removeEventListener('abort', forward);
    }
    if (signal.aborted) return;
    // A stalled stream stays marked stale until it is connected again.
    if (!stalled) handlers.onState('retrying');
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, delay);
      signal.addEventListener('abort', () => {
        clearTimeout(t);
        resolve();
      });
    });
    delay = Math.min(delay * 2, 30_000);
  }
}

function dispatch(message: string, handlers: LiveHandlers, liveness: Liveness): void {
  let event = 'message';
  const data: string[] = [];
  for (const line of message.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (event === 'hello' && data.length > 0) {
    try {
      const ms = heartbeatOf(JSON.parse(data.join('\n')));
      if (ms !== undefined) liveness.heartbeat(ms);
    } catch (e) {
      console.warn('a greeting that is not JSON', e);
    }
    return;
  }
  if (event === 'notice' && data.length > 0) {
    try {
      handlers.onNotice?.(JSON.parse(data.join('\n')) as ShownNotice);
    } catch (e) {
      console.warn('a notice that is not JSON', e);
    }
    return;
  }
  if (event !== 'update' || data.length === 0) return;
  try {
    const parsed = JSON.parse(data.join('\n')) as { seq: number; lines?: LogLine[] };
    handlers.onUpdate({ seq: parsed.seq, lines: parsed.lines ?? [] });
  } catch (e) {
    console.warn('an update that is not JSON', e);
  }
}
