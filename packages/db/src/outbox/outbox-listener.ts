import { Client } from 'pg';
import type { Logger } from '@waymark/logging';
import { poolConfig, type DatabaseTarget } from '../pg/pool-config';
import { quoteIdent } from '../pg/schema-name';
import { outboxChannel } from './outbox-sql';

/**
 * Holds one connection LISTENing on the schema's outbox channel and calls `onNotify` per notification. A lost
 * connection is re-opened after `retryMs`; meanwhile the relay's polling keeps events moving.
 */
export class OutboxListener {
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly target: DatabaseTarget,
    private readonly onNotify: () => void,
    private readonly logger: Logger,
    private readonly retryMs: number,
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
    client.on('notification', () => this.onNotify());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(outboxChannel(this.target.schema))}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      // Rows committed while we were not listening are only found by looking.
      this.onNotify();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: Client, error: Error): void {
    if (this.stopped || (this.client !== undefined && this.client !== client)) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.retryTimer !== undefined) return;
    this.logger.warn({ err: error }, 'outbox LISTEN connection lost; polling until it is back');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, this.retryMs);
  }
}
