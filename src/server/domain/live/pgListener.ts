/**
 * The one LISTEN connection of an instance (docs/decisions.md, "Live streams": why not pg-listen).
 * A dedicated pg.Client, never one of the pool's (a pooled connection would be handed to a query
 * and its LISTEN lost). When it drops (a PostgreSQL restart, a failover, a cut network) it is made
 * again with a growing pause, without end, and `onConnected` runs after each LISTEN so the bus
 * reads what was announced meanwhile. A query every `checkEveryMs`, with a time limit, finds a
 * connection that died without a word (a half-open socket would otherwise listen to nothing forever).
 */
import pg from 'pg';

export interface PgListenerOptions {
  checkEveryMs: number;
  checkTimeoutMs: number;
  retryMinMs: number;
  retryMaxMs: number;
}

export const DEFAULT_PG_LISTENER_OPTIONS: PgListenerOptions = {
  checkEveryMs: 10_000,
  checkTimeoutMs: 5_000,
  retryMinMs: 200,
  retryMaxMs: 5_000,
};

export interface PgListenerHandlers {
  onNotification: (payload: string) => void;
  /** After every LISTEN (the first and each reconnect). */
  onConnected: () => Promise<void>;
  /** A lost connection or a failed attempt, for the log (once per loss, not per retry). */
  onLost: (error: Error) => void;
}

export class PgListener {
  private client: pg.Client | null = null;
  private connected = false;
  private closed = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private checkTimer: NodeJS.Timeout | null = null;
  private attempt = 0;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly handlers: PgListenerHandlers,
    private readonly options: PgListenerOptions = DEFAULT_PG_LISTENER_OPTIONS,
  ) {}

  get isConnected(): boolean {
    return this.connected;
  }

  /** The first connection; when it fails the listener keeps trying in the background. */
  async start(): Promise<void> {
    await this.connect();
    this.checkTimer = setInterval(() => void this.check(), this.options.checkEveryMs);
    this.checkTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.checkTimer) clearInterval(this.checkTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true });
    this.client = client;
    // Without a listener an error of this connection would end the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the LISTEN connection ended')));
    client.on('notification', (message) => {
      if (client === this.client && message.payload !== undefined) this.handlers.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      if (client !== this.client) return;
      this.connected = true;
      this.attempt = 0;
      await this.handlers.onConnected();
    } catch (error) {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Drops a connection (once) and plans the next attempt. */
  private lost(client: pg.Client, error: Error): void {
    if (client !== this.client || this.closed) return;
    if (this.attempt === 0) this.handlers.onLost(error);
    this.client = null;
    this.connected = false;
    void client.end().catch(() => undefined);
    const delay = Math.min(this.options.retryMaxMs, this.options.retryMinMs * 2 ** this.attempt);
    this.attempt++;
    this.retryTimer = setTimeout(() => void this.connect(), delay);
    this.retryTimer.unref();
  }

  private async check(): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('the LISTEN connection did not answer')), this.options.checkTimeoutMs);
    });
    try {
      await Promise.race([client.query('SELECT 1'), timeout]);
    } catch (error) {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
    } finally {
      clearTimeout(timer);
    }
  }
}
