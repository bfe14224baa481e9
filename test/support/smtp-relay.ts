// A TCP relay in front of the loopback SMTP server of mail-servers.ts, which a test takes down and brings back
// (issue 23 item 9: a real outage, not a mock): down, the port refuses connections and every connection
// through it is cut, as when a mail server is stopped; up, it listens on the same port again and passes
// bytes both ways to the real server.
import { connect, createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export class SmtpRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  /** Connections taken while up (each probe or pooled connection is one). */
  connections = 0;

  constructor(private readonly target: { readonly host: string; readonly port: number }) {}

  /** Listens (on the port it had, after the first time). */
  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      this.connections++;
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening and cuts every connection through it. */
  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
