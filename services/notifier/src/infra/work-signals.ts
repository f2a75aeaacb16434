import { Client } from 'pg';
import { poolConfig, quoteIdent, type DatabaseTarget } from '@waymark/db';
import type { Logger } from '@waymark/logging';

export interface WorkSignalHandlers {
  /** Deliveries were inserted (by any instance). */
  onWork: () => void;
  /** A channel was paused or deleted (by any instance). */
  onChannelStopped: (channelId: string) => void;
}

/** The NOTIFY channels the notifier's migration triggers signal for a schema. */
export function workChannels(schema: string): { work: string; channelStopped: string } {
  return { work: `${schema}_delivery_work`, channelStopped: `${schema}_channel_stopped` };
}

/**
 * One connection LISTENing for the notifier's triggers, so every instance's delivery worker wakes when any instance
 * schedules deliveries, and drops queued attempts of a channel paused elsewhere. A lost connection is re-opened
 * after `retryMs`; meanwhile workers keep polling, so a missed signal costs latency, never a delivery.
 */
export class WorkSignals {
  private client: Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly channels: { work: string; channelStopped: string };

  constructor(
    private readonly target: DatabaseTarget,
    private readonly handlers: WorkSignalHandlers,
    private readonly logger: Logger,
    private readonly retryMs = 1_000,
  ) {
    this.channels = workChannels(target.schema);
  }

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
    client.on('notification', (message) => {
      if (message.channel === this.channels.work) this.handlers.onWork();
      else if (message.channel === this.channels.channelStopped && message.payload) this.handlers.onChannelStopped(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(this.channels.work)}; LISTEN ${quoteIdent(this.channels.channelStopped)}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.handlers.onWork(); // rows committed while nobody listened are only found by looking
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: Client, error: Error): void {
    if (this.stopped || (this.client !== undefined && this.client !== client)) return;
    this.client = undefined;
    client.end().catch(() => undefined);
    if (this.retryTimer !== undefined) return;
    this.logger.warn({ err: error }, 'notifier LISTEN connection lost; polling until it is back');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped) void this.connect();
    }, this.retryMs);
  }
}
