import { setTimeout as delay } from 'node:timers/promises';
import { BatchAbandonedError, untilAborted } from '../shared/abortable';
import type { BusLogger } from '../shared/bus-logger';
import { errorText } from '../shared/dead-letter';
import { dispatchBatch, type DispatchContext, type RawMessage } from '../shared/dispatch';
import type { AppendNotifier } from './append-notifier';
import type { EventLogStore, StoredRecord } from './event-log-store';

export interface MemberOptions<V> {
  store: EventLogStore;
  notifier: AppendNotifier;
  dispatch: Omit<DispatchContext<V>, 'signal'>;
  fetchLimit: number;
  logger: BusLogger;
  /** Where reading a newly assigned partition starts (the group's committed offset, or 0). */
  startOffset(partition: number): Promise<number>;
  /** Called after a partition advanced to `next`; a group commits there before the promise resolves. */
  advanced(partition: number, next: number): Promise<void>;
}

/**
 * One subscriber of the in-process bus: a single loop over its assigned partitions, handing one batch at a time
 * to the handler (as a kafkajs consumer does), sleeping until an append when every partition is drained.
 */
export class InProcessMember<V> {
  private readonly assignment = new Set<number>();
  private readonly positions = new Map<number, number>();
  private running = true;
  private current: { partition: number; done: Promise<unknown>; abort: AbortController } | undefined;
  private wake: () => void = () => undefined;
  private loopDone: Promise<void> = Promise.resolve();

  constructor(private readonly options: MemberOptions<V>) {}

  start(): void {
    this.loopDone = this.loop();
  }

  assigned(): number[] {
    return [...this.assignment].sort((a, b) => a - b);
  }

  async assign(partitions: number[]): Promise<void> {
    for (const partition of partitions) {
      this.positions.set(partition, await this.options.startOffset(partition));
      this.assignment.add(partition);
    }
    this.wake();
  }

  /**
   * Takes partitions away; resolves once a batch in hand from one of them has finished and been committed, or
   * was abandoned uncommitted after `timeoutMs` (a stuck handler must not hold a partition forever).
   */
  async revoke(partitions: number[], timeoutMs: number): Promise<void> {
    for (const partition of partitions) this.assignment.delete(partition);
    const current = this.current;
    if (current && partitions.includes(current.partition)) await this.finishOrAbandon(current, timeoutMs);
  }

  /** Lets the batch in hand finish for up to `timeoutMs`; past that it is abandoned uncommitted. */
  async stop(timeoutMs: number): Promise<void> {
    this.running = false;
    this.wake();
    if (this.current) await this.finishOrAbandon(this.current, timeoutMs);
    await this.loopDone;
    this.assignment.clear();
  }

  private async finishOrAbandon(current: NonNullable<typeof this.current>, timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([current.done.catch(() => undefined), timedOut]);
    clearTimeout(timer);
    if (outcome !== 'timeout') return;
    const { name } = this.options.dispatch.topic;
    this.options.logger.warn(
      { topic: name, partition: current.partition },
      'abandoning a batch that did not finish in time',
    );
    current.abort.abort();
  }

  private async loop(): Promise<void> {
    const { notifier, dispatch } = this.options;
    while (this.running) {
      const seen = notifier.version(dispatch.topic.name);
      const interrupted = new Promise<void>((resolve) => (this.wake = resolve));
      let busy = false;
      for (const partition of this.assigned()) {
        if (!this.running || !this.assignment.has(partition)) continue;
        try {
          busy = (await this.poll(partition)) || busy;
        } catch (error) {
          if (error instanceof BatchAbandonedError) continue;
          this.options.logger.error(
            { topic: dispatch.topic.name, partition, group: dispatch.groupId, err: errorText(error) },
            'reading the in-process log failed; retrying',
          );
          await Promise.race([delay(1000), interrupted]);
          busy = true;
        }
      }
      if (!busy && this.running) await notifier.waitForAppend(dispatch.topic.name, seen, interrupted);
    }
  }

  /** Handles one batch of a partition; false when it had nothing new. */
  private async poll(partition: number): Promise<boolean> {
    const abort = new AbortController();
    const work = this.pollOnce(partition, abort.signal);
    this.current = { partition, done: work, abort };
    try {
      return await untilAborted(work, abort.signal);
    } finally {
      this.current = undefined;
    }
  }

  private async pollOnce(partition: number, signal: AbortSignal): Promise<boolean> {
    const { store, dispatch, fetchLimit } = this.options;
    const position = this.positions.get(partition) ?? 0;
    const { records, next } = await store.read(dispatch.topic.name, partition, position, fetchLimit);
    if (records.length > 0) await dispatchBatch({ ...dispatch, signal }, records.map(toRaw));
    if (next > position) await this.options.advanced(partition, next);
    this.positions.set(partition, next);
    return records.length > 0;
  }
}

function toRaw(record: StoredRecord): RawMessage {
  return { ...record, offset: String(record.offset) };
}
