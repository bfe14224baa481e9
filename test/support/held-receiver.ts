// The receiving end of the crash campaigns (test/channels/*-crash.test.ts, courier-takeback.test.ts): a real
// HTTP server on 127.0.0.1 that can hold a POST unanswered, so that the sender dies waiting, and that lets a
// test wait until what it has received satisfies a test.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export abstract class HeldReceiver {
  private readonly held: ServerResponse[] = [];
  private waiters: { test: () => boolean; resolve: () => void }[] = [];
  private readonly server = createServer((req, res) => this.read(req, res));
  url = '';

  constructor(private readonly path: string) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.path}`;
  }

  /** Answers one POST, its body read whole, or holds it (`hold`). */
  protected abstract answer(req: IncomingMessage, body: string, res: ServerResponse): void;

  /** Received, and never answered: the sender dies waiting. */
  protected hold(res: ServerResponse): void {
    this.held.push(res);
  }

  private read(req: IncomingMessage, res: ServerResponse): void {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      this.answer(req, body, res);
      for (const w of [...this.waiters]) if (w.test()) w.resolve();
    });
  }

  until(test: () => boolean): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  async stop(): Promise<void> {
    for (const r of this.held) r.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A webhook's receiving end: every POST counted by its message id; the `holdAt`-th new id is held, unanswered. */
export class WebhookReceiver extends HeldReceiver {
  readonly sends = new Map<string, number>();
  /** The message ids in the order they first came. */
  readonly order: string[] = [];
  holdAt: number | undefined;

  constructor() {
    super('/hook');
  }

  protected answer(req: IncomingMessage, body: string, res: ServerResponse): void {
    const id = (JSON.parse(body) as { id: string }).id;
    expect(req.headers['idempotency-key']).toBe(id);
    const n = (this.sends.get(id) ?? 0) + 1;
    this.sends.set(id, n);
    if (n === 1) this.order.push(id);
    if (n === 1 && this.holdAt !== undefined && this.order.length === this.holdAt) this.hold(res);
    else res.writeHead(204).end();
  }
}
