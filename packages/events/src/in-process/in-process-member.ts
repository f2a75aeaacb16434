import { BatchAbandonedError, abortableDelay, untilAborted } from '../shared/abortable';
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
  private readonly abort = new AbortController();
  private running = true;
  private current: { partition: number; done: Promise<unknown> } | undefined;
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

  /** Takes partitions away; resolves once a batch in hand from one of them has finished and been committed. */
  async revoke(partitions: number[]): Promise<void> {
    for (const partition of partitions) this.assignment.delete(partition);
    const current = this.current;
    if (current && partitions.includes(current.partition)) await current.done.catch(() => undefined);
  }

  /** Lets the batch in hand finish for up to `timeoutMs`; past that it is abandoned uncommitted. */
  async stop(timeoutMs: number): Promise<void> {
    this.running = false;
    this.wake();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([this.loopDone, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      this.options.logger.warn({ topic: this.options.dispatch.topic.name }, 'abandoning the batch in hand at stop');
      this.abort.abort();
      await this.loopDone;
    }
    this.assignment.clear();
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
          if (error instanceof BatchAbandonedError) return;
          this.options.logger.error(
            { topic: dispatch.topic.name, partition, group: dispatch.groupId, err: errorText(error) },
            'reading the in-process log failed; retrying',
          );
          await abortableDelay(1000, this.abort.signal).catch(() => undefined);
          busy = true;
        }
      }
      if (!busy && this.running) await notifier.waitForAppend(dispatch.topic.name, seen, interrupted);
    }
  }

  /** Handles one batch of a partition; false when it had nothing new. */
  private async poll(partition: number): Promise<boolean> {
    const work = this.pollOnce(partition);
    this.current = { partition, done: work };
    try {
      return await untilAborted(work, this.abort.signal);
    } finally {
      this.current = undefined;
    }
  }

  private async pollOnce(partition: number): Promise<boolean> {
    const { store, dispatch, fetchLimit } = this.options;
    const position = this.positions.get(partition) ?? 0;
    const { records, next } = await store.read(dispatch.topic.name, partition, position, fetchLimit);
    if (records.length > 0) await dispatchBatch({ ...dispatch, signal: this.abort.signal }, records.map(toRaw));
    if (next > position) await this.options.advanced(partition, next);
    this.positions.set(partition, next);
    return records.length > 0;
  }
}

function toRaw(record: StoredRecord): RawMessage {
  return { ...record, offset: String(record.offset) };
}
