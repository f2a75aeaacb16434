import type { TopicDef } from '@waymark/contracts';
import { tracedConsume } from '@waymark/tracing';
import type { IncomingMessage, SubscribeOptions } from '../event-bus';
import { runBatch, type RetryPolicy } from './batch-runner';
import type { BusLogger } from './bus-logger';
import { decodeIncoming } from './codec';
import { errorText } from './dead-letter';
import { isTransientFailure } from './transient-failure';

/** A readiness probe that does not answer within this long counts as "not ready". */
const PROBE_TIMEOUT_MS = 5_000;

/** A message as fetched from a log, before validation. */
export interface RawMessage {
  partition: number;
  offset: string;
  key: string;
  value: string | null;
  headers: Record<string, string>;
  timestamp: number;
}

export interface DispatchContext<V> {
  /** The `messaging.system` of the bus, for the consumer spans. */
  system: string;
  topic: TopicDef<V>;
  mode: SubscribeOptions<V>['mode'];
  /** The consumer group; in broadcast mode the subscriber's own id (for logs). */
  groupId: string;
  policy: RetryPolicy;
  signal: AbortSignal;
  logger: BusLogger;
  handleBatch(messages: IncomingMessage<V>[]): Promise<void>;
  /** The subscriber's filter on undecoded messages (SubscribeOptions.skipUndecoded). */
  skipUndecoded?: SubscribeOptions<V>['skipUndecoded'];
  /** The subscriber's dependency check (SubscribeOptions.dependenciesReady). */
  dependenciesReady?: () => Promise<boolean>;
  /** Called after every failed attempt, before the backoff (the Kafka subscription keeps heartbeating meanwhile). */
  onRetry?: () => void;
  /** Parks a message in the dead-letter topic; must have succeeded before the batch is committed. */
  park(message: RawMessage, error: string): Promise<void>;
}

/**
 * Validates a fetched batch against the topic schema, hands the valid messages to the handler (with retries),
 * and disposes of what fails: a group parks it in the dead-letter topic; a broadcast subscriber (which has no
 * group, re-reads from the start on every start, and would park the same message again each time) logs and
 * skips it. A poison message is not retried forever; an outage is (see runBatch). Resolves when the whole batch may
 * be committed. Messages the subscriber's skipUndecoded turns away are dropped first, undecoded, and committed
 * with the rest.
 */
export async function dispatchBatch<V>(ctx: DispatchContext<V>, raws: RawMessage[]): Promise<void> {
  const valid: IncomingMessage<V>[] = [];
  const rawOf = new Map<IncomingMessage<V>, RawMessage>();
  const skip = ctx.skipUndecoded;
  for (const raw of raws) {
    if (skip !== undefined && skip(raw)) continue;
    const decoded = decodeIncoming(ctx.topic, raw.value);
    if (!decoded.ok) {
      await dispose(ctx, raw, decoded.error, 'invalid');
      continue;
    }
    const message: IncomingMessage<V> = { topic: ctx.topic.name, ...raw, value: decoded.value };
    valid.push(message);
    rawOf.set(message, raw);
  }
  if (valid.length === 0) return;
  const failed = await runBatch({
    messages: valid,
    // Each attempt runs in consumer spans continuing the traces the messages carry (traceparent headers).
    handle: (messages) => {
      const target = { system: ctx.system, topic: ctx.topic.name, group: ctx.groupId };
      return tracedConsume(target, messages, () => ctx.handleBatch(messages));
    },
    policy: ctx.policy,
    signal: ctx.signal,
    isOutage: (error) => isOutage(ctx, error),
    onAttemptFailed: (error, attempt, size, outage) => {
      ctx.onRetry?.();
      const fields = {
        topic: ctx.topic.name,
        group: ctx.groupId,
        attempt,
        size,
        firstOffset: valid[0]?.offset,
        outage,
        err: errorText(error),
      };
      ctx.logger.warn(
        fields,
        outage
          ? 'event handler failed: a dependency is unavailable; retrying until it is back'
          : 'event handler failed; retrying',
      );
    },
  });
  for (const { message, error } of failed) await dispose(ctx, rawOf.get(message) as RawMessage, error, 'failing');
}

async function dispose<V>(ctx: DispatchContext<V>, raw: RawMessage, error: string, reason: 'invalid' | 'failing') {
  const where = {
    topic: ctx.topic.name,
    partition: raw.partition,
    offset: raw.offset,
    key: raw.key,
    group: ctx.groupId,
  };
  if (ctx.mode === 'broadcast') {
    ctx.logger.error({ ...where, reason, err: error }, 'skipping an event this broadcast subscriber cannot handle');
    return;
  }
  await ctx.park(raw, error);
  ctx.logger.error({ ...where, reason, err: error }, 'event parked in the dead-letter topic');
}

/** A failure is an outage when the error says so, or when the subscriber's own dependency check fails right now. */
async function isOutage<V>(ctx: DispatchContext<V>, error: unknown): Promise<boolean> {
  if (isTransientFailure(error)) return true;
  if (!ctx.dependenciesReady) return false;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  try {
    return !(await Promise.race([ctx.dependenciesReady(), timedOut]));
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}
