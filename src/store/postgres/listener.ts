// The PostgreSQL store's LISTEN connection: one dedicated client while anyone watches, telling each
// watcher of the appends and notices committed by any process (NOTIFY, delivered only on commit, in commit
// order). If the connection is lost it is opened again (every second until it works) and watchers are told
// to 'resync', since notifications sent meanwhile were missed.
import pg from 'pg';
import type { StoreChange, StoreWatcher } from '../store.js';

export class PgListener {
  private readonly watchers = new Set<StoreWatcher>();
  /** The connection that LISTENs, while anyone watches. */
  private listener: Promise<pg.Client> | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly connection: string,
    /** The NOTIFY channel (named after the store's schema). */
    private readonly channel: string,
    /** The connection's application_name, so an operator (or a test) can tell which one listens. */
    private readonly name: string,
  ) {}

  async watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    this.watchers.add(watcher);
    try {
      await this.listen();
    } catch (e) {
      this.watchers.delete(watcher);
      throw e;
    }
    return async () => {
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) await this.unlisten();
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watchers.clear();
    await this.unlisten();
  }

  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.connection, application_name: this.name });
      const lost = () => {
        if (this.listener === current) {
          this.listener = undefined;
          this.scheduleReconnect();
        }
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (msg) => {
        if (msg.channel !== this.channel || msg.payload === undefined) return;
        let change: StoreChange;
        try {
          const p = JSON.parse(msg.payload) as { kind?: string; game: string; first: number; last: number };
          change =
            p.kind === 'notice'
              ? { kind: 'notice', game: p.game }
              : { kind: 'append', game: p.game, first: p.first, last: p.last };
        } catch {
          return; // Not one of ours: someone else NOTIFYing on our channel.
        }
        this.tell(change);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
      } catch (e) {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw e;
      }
      return client;
    })();
    const current = this.listener;
    current.catch(() => {
      if (this.listener === current) this.listener = undefined;
    });
    return current;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.watchers.size === 0 || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (this.closed || this.watchers.size === 0) return;
      this.listen().then(
        () => this.tell({ kind: 'resync' }),
        () => this.scheduleReconnect(),
      );
    }, 1000);
    // A store waiting to listen again must not keep a process alive that has nothing else to do.
    this.reconnect.unref();
  }

  private async unlisten(): Promise<void> {
    if (this.reconnect) clearTimeout(this.reconnect);
    this.reconnect = undefined;
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    const client = await listener.catch(() => undefined);
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }

  /** Tells every watcher; a watcher that throws is its own bug and must not stop the others. */
  private tell(change: StoreChange): void {
    for (const watcher of this.watchers) {
      try {
        watcher(change);
      } catch {
        // Deliberately ignored, as the Referee's own listeners are.
      }
    }
  }
}
