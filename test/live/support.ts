// A real server on loopback over a temporary SQLite file, and clients for it: JSON requests and server-sent
// event streams read the way the web page reads them (fetch-like, with the token in a header).
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AppOptions } from '../../src/server/app.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

export interface Served {
  readonly app: FastifyInstance;
  readonly referee: Referee;
  readonly base: string;
  close(): Promise<void>;
}

export async function serve(options: Omit<AppOptions, 'referee'> = {}): Promise<Served> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-live-'));
  const store = new SqliteStore(join(dir, 'referee.db'), { sync: 'normal' });
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const app = await buildApp({ referee, webRoot: false, ...options });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    referee,
    base,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** One JSON request over loopback. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

export interface SseMessage {
  readonly event: string;
  readonly data: unknown;
}

/** An open event stream: every message received so far, and a way to wait for one. */
export class EventStream {
  readonly messages: SseMessage[] = [];
  private waiters: { test: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  private response: IncomingMessage | undefined;
  private closed: (() => void) | undefined;
  /** Settles when the server ends the stream (or it is closed here). */
  readonly ended: Promise<void> = new Promise((resolve) => (this.closed = resolve));

  private constructor() {}

  static open(base: string, game: string, token?: string): Promise<EventStream> {
    const stream = new EventStream();
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}/api/games/${game}/events`,
        { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
        (res) => {
          stream.response = res;
          if (res.statusCode !== 200) {
            reject(new Error(`events: HTTP ${res.statusCode ?? '?'}`));
            res.resume();
            return;
          }
          let buffer = '';
          res.on('close', () => stream.closed?.());
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              stream.receive(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
            }
          });
          // Resolved once the greeting has arrived, so no update can be missed after open() returns.
          void stream.next((m) => m.event === 'hello').then(() => resolve(stream));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  private receive(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length === 0) return; // a comment (ping)
    const message = { event, data: JSON.parse(data.join('\n')) as unknown };
    this.messages.push(message);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(message)) return true;
      w.resolve(message);
      return false;
    });
  }

  /** The first message (already received or still to come) that passes the test. */
  next(test: (m: SseMessage) => boolean): Promise<SseMessage> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  close(): void {
    this.response?.destroy();
  }
}
