import { Client } from 'pg';
import type { Logger } from '@waymark/logging';
import { poolConfig, type DatabaseTarget } from './pool-config';
import { quoteIdent } from './schema-name';

export interface PgListenerOptions {
  /** NOTIFY channels to LISTEN on. */
  channels: readonly string[];
  onNotify: (channel: string, payload: string | undefined) => void;
  /**
   * Called each time the connection is (re-)established: rows committed while nobody listened are only found by
   * looking, so callers wake their worker here.
   */
  onListening: () => void;
  logger: Pick<Logger, 'warn'>;
  /** What the connection is for, in the warning logged when it is lost. */
  purpose: string;
  retryMs: number;
}

/**
 * Holds one connection LISTENing on some channels. A lost connection is re-opened after `retryMs`; the callers poll
 * meanwhile, so a missed notification costs latency, never work.
 */
export class PgListener {
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly target: DatabaseTarget,
    private readonly options: PgListenerOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(poolConfig(this.target));
    client.on('notification', (message) => this.options.onNotify(message.channel, message.payload));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(this.options.channels.map((channel) => `LISTEN ${quoteIdent(channel)}`).join('; '));
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.options.onListening();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: Client, error: Error): void {
    if (this.stopped || (this.client !== undefined && this.client !== client)) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.retryTimer !== undefined) return;
    this.options.logger.warn(
      { err: error },
      `${this.options.purpose} LISTEN connection lost; polling until it is back`,
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, this.options.retryMs);
  }
}
