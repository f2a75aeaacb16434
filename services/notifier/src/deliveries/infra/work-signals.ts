import { PgListener, type DatabaseTarget } from '@waymark/db';
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
 * schedules deliveries, and drops queued attempts of a channel paused elsewhere. While the connection is lost the
 * workers keep polling, so a missed signal costs latency, never a delivery.
 */
export class WorkSignals {
  private readonly listener: PgListener;

  constructor(target: DatabaseTarget, handlers: WorkSignalHandlers, logger: Logger, retryMs = 1_000) {
    const channels = workChannels(target.schema);
    this.listener = new PgListener(target, {
      channels: [channels.work, channels.channelStopped],
      onNotify: (channel, payload) => {
        if (channel === channels.work) handlers.onWork();
        else if (channel === channels.channelStopped && payload) handlers.onChannelStopped(payload);
      },
      onListening: () => handlers.onWork(),
      logger,
      purpose: 'notifier',
      retryMs,
    });
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
