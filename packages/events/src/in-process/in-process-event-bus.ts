import { randomUUID } from 'node:crypto';
import { deadLetterTopicName, type TopicDef } from '@waymark/contracts';
import type { EventBus, OutgoingMessage, SubscribeOptions, Subscription } from '../event-bus';
import { DEFAULT_RETRY, type RetryPolicy } from '../shared/batch-runner';
import type { BusLogger } from '../shared/bus-logger';
import { CaughtUpTracker } from '../shared/caught-up';
import { HeadCatchUp } from '../shared/head-catch-up';
import { ProgressBoard } from '../shared/progress-board';
import { tracedPublish } from '@waymark/tracing';
import { encodeOutgoing, type EncodedMessage } from '../shared/codec';
import { IN_PROCESS_SYSTEM } from './in-process-system';
import { deadLetterHeaders } from '../shared/dead-letter';
import type { RawMessage } from '../shared/dispatch';
import { PublishCoalescer } from '../shared/publish-coalescer';
import { AppendNotifier } from './append-notifier';
import { CrossThreadAppendNotifier } from './cross-thread-append-notifier';
import type { AppendRecord, EventLogStore } from './event-log-store';
import { GroupCoordinator } from './group-coordinator';
import { InProcessMember } from './in-process-member';
import { LogMaintenance, type MaintenanceOptions } from './log-maintenance';
import { partitionOf } from './partition-of';

export interface InProcessEventBusOptions {
  store: EventLogStore;
  logger: BusLogger;
  /** How long publish calls are coalesced into one append. Default 2 ms. */
  lingerMs?: number;
  fetchLimit?: number;
  retry?: Partial<RetryPolicy>;
  maintenance?: Partial<MaintenanceOptions>;
  /**
   * Buses in other worker threads of this process that work on the same store name the same channel here, so an
   * append on any of them wakes the subscribers of all (the store's name makes a good channel name). Without it
   * only this bus's own appends wake its subscribers.
   */
  crossThreadChannel?: string;
  /**
   * Whether this bus compacts and retains the log (default true). False where another bus on the same store, such as
   * the one in the process's main thread, already does.
   */
  maintainLog?: boolean;
}

/**
 * The event bus of the embedded mode: Kafka's semantics (partitions by key, consumer groups with rebalancing,
 * commits after the handler, at-least-once redelivery, broadcast reads, dead letters, compaction) over an
 * EventLogStore, with subscribers woken on append. The bus owns the store: close() closes it.
 */
export class InProcessEventBus implements EventBus {
  private readonly notifier: AppendNotifier;
  private readonly groups = new Map<string, GroupCoordinator>();
  private readonly subscriptions = new Set<Subscription>();
  private closing: Promise<void> | undefined;
  private readonly coalescer: PublishCoalescer<PendingRecord>;
  private readonly declared = new Map<string, Promise<number>>();
  private readonly maintenance: LogMaintenance;
  private readonly retry: RetryPolicy;

  private constructor(private readonly options: InProcessEventBusOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.notifier = options.crossThreadChannel
      ? new CrossThreadAppendNotifier(options.crossThreadChannel)
      : new AppendNotifier();
    this.coalescer = new PublishCoalescer((pending) => this.appendPending(pending), {
      lingerMs: options.lingerMs ?? 2,
      maxItems: 1000,
    });
    this.maintenance = new LogMaintenance(options.store, options.logger, options.maintenance);
  }

  static async start(options: InProcessEventBusOptions): Promise<InProcessEventBus> {
    await options.store.start();
    const bus = new InProcessEventBus(options);
    if (options.maintainLog ?? true) bus.maintenance.start();
    return bus;
  }

  async publish<V>(topic: TopicDef<V>, messages: OutgoingMessage<V>[]): Promise<void> {
    const encoded = encodeOutgoing(topic, messages);
    const timestamp = Date.now();
    // Queued before any await (tracedPublish calls back at once), so calls keep their order; partitions are
    // resolved when the batch is appended.
    await tracedPublish({ system: IN_PROCESS_SYSTEM, topic: topic.name }, encoded, async () => {
      const queued = this.coalescer.add(encoded.map((message) => ({ topic, timestamp, ...message })));
      void this.declare(topic).catch(() => undefined);
      await queued;
    });
  }

  async subscribe<V>(options: SubscribeOptions<V>): Promise<Subscription> {
    const { store } = this.options;
    const topic = options.topic;
    const partitions = await this.declare(topic);
    const groupId = options.mode === 'group' ? requireGroup(options.groupId) : `broadcast-${randomUUID()}`;
    const coordinator =
      options.mode === 'group'
        ? this.coordinatorFor(groupId, topic.name, partitions, options.stopTimeoutMs ?? 30_000)
        : undefined;
    // One board per subscription: its own handled offsets (broadcast) or the whole group's commits (group).
    const board = new ProgressBoard();
    const committed = coordinator ? await store.committed(groupId, topic.name) : new Map<number, number>();
    for (const [partition, next] of committed) board.progress(partition, next);
    const tracker = new CaughtUpTracker(await store.endOffsets(topic.name));
    board.watch(tracker);
    const head = new HeadCatchUp(topic.name, () => store.endOffsets(topic.name), board);
    const member = new InProcessMember<V>({
      store,
      notifier: this.notifier,
      fetchLimit: this.options.fetchLimit ?? 500,
      logger: this.options.logger,
      dispatch: {
        system: IN_PROCESS_SYSTEM,
        topic,
        mode: options.mode,
        groupId,
        policy: { ...this.retry, maxAttempts: options.maxAttempts ?? this.retry.maxAttempts },
        logger: this.options.logger,
        handleBatch: (messages) => options.handleBatch(messages),
        skipUndecoded: options.skipUndecoded,
        dependenciesReady: options.dependenciesReady,
        park: (raw, error) => this.park(topic, groupId, raw, error),
      },
      startOffset: async (partition) =>
        coordinator ? ((await store.committed(groupId, topic.name)).get(partition) ?? 0) : 0,
      advanced: async (partition, next) => {
        if (!coordinator) return board.progress(partition, next);
        await store.commit(groupId, topic.name, new Map([[partition, next]]));
        coordinator.committed(partition, next);
      },
    });
    member.start();
    if (coordinator) {
      coordinator.watch(board);
      await coordinator.join(member as InProcessMember<unknown>);
    } else {
      await member.assign(Array.from({ length: partitions }, (_, partition) => partition));
    }
    const lag = async () => {
      const ends = await store.endOffsets(topic.name);
      const positions = coordinator ? await store.committed(groupId, topic.name) : undefined;
      return member.assigned().map((partition) => {
        const position = positions ? (positions.get(partition) ?? 0) : board.position(partition);
        return { partition, lag: Math.max(0, (ends.get(partition) ?? 0) - position) };
      });
    };
    const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    const subscription = this.subscription(member, coordinator, board, tracker.promise, head, lag, stopTimeoutMs);
    return subscription;
  }

  healthy(): Promise<boolean> {
    return this.options.store.healthy();
  }

  /** Runs compaction and retention now (they also run periodically). */
  runMaintenance(): Promise<void> {
    return this.maintenance.runOnce();
  }

  /** Stops every subscription (committing what was handled), flushes pending publishes; idempotent. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
      await this.coalescer.flush();
      await this.maintenance.stop();
      this.notifier.close();
      await this.options.store.close();
    })());
  }

  private subscription<V>(
    member: InProcessMember<V>,
    coordinator: GroupCoordinator | undefined,
    board: ProgressBoard,
    caughtUp: Promise<void>,
    head: HeadCatchUp,
    lag: Subscription['lag'],
    stopTimeoutMs: number,
  ): Subscription {
    let stopping: Promise<void> | undefined;
    const subscription: Subscription = {
      caughtUp,
      catchUp: (timeoutMs) => head.catchUp(timeoutMs),
      assignedPartitions: () => member.assigned(),
      lag,
      stop: () =>
        (stopping ??= (async () => {
          await member.stop(stopTimeoutMs);
          if (coordinator) {
            coordinator.unwatch(board);
            await coordinator.leave(member as InProcessMember<unknown>);
          }
          board.stopped();
          this.subscriptions.delete(subscription);
        })()),
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  /** Declares a topic once per bus (the store keeps the first partition count); later calls hit the cache. */
  private declare(topic: TopicRef): Promise<number> {
    let partitions = this.declared.get(topic.name);
    if (!partitions) {
      this.maintenance.track(topic);
      partitions = this.options.store.ensureTopic(topic.name, topic.partitions);
      partitions.catch(() => this.declared.delete(topic.name));
      this.declared.set(topic.name, partitions);
    }
    return partitions;
  }

  private async appendPending(pending: PendingRecord[]): Promise<void> {
    const records: AppendRecord[] = [];
    for (const { topic, ...message } of pending) {
      const partitions = await this.declare(topic);
      records.push({ ...message, topic: topic.name, partition: partitionOf(message.key, partitions) });
    }
    await this.append(records);
  }

  private async append(records: AppendRecord[]): Promise<void> {
    await this.options.store.append(records);
    for (const topic of new Set(records.map((record) => record.topic))) this.notifier.appended(topic);
  }

  private async park(topic: TopicRef, groupId: string, raw: RawMessage, error: string): Promise<void> {
    const name = deadLetterTopicName(topic.name);
    const partitions = await this.declare({ name, partitions: topic.partitions, compacted: false });
    const origin = { topic: topic.name, partition: raw.partition, offset: raw.offset, groupId };
    await this.append([
      {
        topic: name,
        partition: partitionOf(raw.key, partitions),
        key: raw.key,
        value: raw.value,
        headers: deadLetterHeaders(origin, error, raw.headers),
        timestamp: Date.now(),
      },
    ]);
  }

  private coordinatorFor(groupId: string, topic: string, partitions: number, revokeTimeoutMs: number) {
    const key = `${groupId}\u0000${topic}`;
    let coordinator = this.groups.get(key);
    if (!coordinator) this.groups.set(key, (coordinator = new GroupCoordinator(partitions, revokeTimeoutMs)));
    return coordinator;
  }
}

type TopicRef = Pick<TopicDef<unknown>, 'name' | 'partitions' | 'compacted'>;
type PendingRecord = EncodedMessage & { topic: TopicRef; timestamp: number };

function requireGroup(groupId: string | undefined): string {
  if (!groupId) throw new Error('a group subscription needs a groupId');
  return groupId;
}
