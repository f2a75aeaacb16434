import type { Consumer } from 'kafkajs';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';

export interface ConsumerRestartPolicy {
  /** Wait before the first restart after a crash; doubled on every further crash before the group is joined again. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A consumer down this long (crashed, not yet back in its group) makes stalled() report its crash. */
  stalledAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: ConsumerRestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  stalledAfterMs: 60_000,
};

/**
 * kafkajs restarts a consumer after a retriable crash by itself. After any other crash it disconnects the consumer
 * and leaves it stopped, and nothing else says so: the process would look healthy while it consumes nothing. A
 * non-retriable error need not be permanent: the librdkafka mock broker answers a SyncGroup after a storm of
 * rebalances with INVALID_REQUEST, and a real broker briefly refuses a group being migrated or a member fenced off.
 * So this restarts such a consumer itself (`start`: connect, subscribe, run, as the first time), with a doubling
 * delay, for as long as the subscription lives. Joining the group again is what counts as recovered. If the
 * consumer stays down longer than `stalledAfterMs`, stalled() says so, and the bus reports itself unhealthy
 * (readiness fails) until it is back.
 */
export class ConsumerRestarter {
  private failures = 0;
  private downSince: number | undefined;
  private lastCrash: Error | undefined;
  private timer: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private stopped = false;
  private readonly removers: (() => void)[];

  constructor(
    private readonly consumer: Pick<Consumer, 'on' | 'events' | 'disconnect'>,
    private readonly where: { topic: string; groupId: string },
    private readonly logger: BusLogger,
    private readonly start: () => Promise<void>,
    private readonly policy: ConsumerRestartPolicy = DEFAULT_RESTART_POLICY,
    private readonly now: () => number = Date.now,
  ) {
    this.removers = [
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        if (payload.restart) {
          logger.warn({ ...where, err: errorText(payload.error) }, 'consumer crashed; kafkajs restarts it');
          return;
        }
        this.crashed(payload.error);
      }),
      consumer.on(consumer.events.GROUP_JOIN, () => this.recovered()),
    ];
  }

  /** The crash that stopped the consumer, once it has been down longer than the policy's `stalledAfterMs`. */
  stalled(): Error | undefined {
    if (this.downSince === undefined || this.now() - this.downSince < this.policy.stalledAfterMs) return undefined;
    return this.lastCrash;
  }

  /** No restart after this; waits for one in progress, so that the caller's disconnect comes after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const remove of this.removers) remove();
    await this.restarting;
  }

  private crashed(error: Error): void {
    if (this.stopped) return;
    this.downSince ??= this.now();
    this.lastCrash = error;
    const delayMs = Math.min(this.policy.maxDelayMs, this.policy.initialDelayMs * 2 ** this.failures);
    this.failures += 1;
    this.logger.error(
      { ...this.where, err: errorText(error), restartInMs: delayMs, crashesInARow: this.failures },
      'consumer crashed and kafkajs will not restart it; restarting it ourselves',
    );
    clearTimeout(this.timer);
    // Never from inside the CRASH listener: kafkajs emits it from within its own run() call chain.
    // Restarts run one after another: a crash reported from within a restart still in progress schedules the next.
    this.timer = setTimeout(() => {
      const next = (this.restarting ?? Promise.resolve()).then(() => this.restart());
      this.restarting = next;
      void next.finally(() => {
        if (this.restarting === next) this.restarting = undefined;
      });
    }, delayMs);
  }

  private async restart(): Promise<void> {
    if (this.stopped) return;
    try {
      // kafkajs disconnected it before reporting the crash; this also clears what a failed restart left half open.
      await this.consumer.disconnect();
      if (this.stopped) return;
      await this.start();
    } catch (error) {
      // A broker still unreachable throws here instead of crashing the consumer; that is a crash all the same.
      this.crashed(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private recovered(): void {
    if (this.downSince !== undefined) {
      this.logger.info(
        { ...this.where, downForMs: this.now() - this.downSince },
        'consumer restarted and joined its group again',
      );
    }
    this.failures = 0;
    this.downSince = undefined;
    this.lastCrash = undefined;
  }
}
