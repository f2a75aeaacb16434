import type { BusLogger, EventBus } from '../../src';

/** How the contract suite gets buses of one implementation. */
export interface BusFactory {
  /**
   * A bus as one process holds it. Buses opened by one factory share one log and one set of committed offsets
   * (a restart is: close the bus, open another). The suite closes every bus it opens.
   */
  open(logger?: BusLogger): Promise<EventBus>;
  /** Runs compaction now, for implementations that compact (Kafka's log cleaner is not ours to trigger). */
  compact?(bus: EventBus): Promise<void>;
}

/** Retry settings every factory passes to its buses, so poison tests take milliseconds rather than seconds. */
export const FAST_RETRY = { initialBackoffMs: 10, maxBackoffMs: 40 };

/** What each part of the suite uses: opens buses that are closed after every test. */
export interface ContractContext {
  open(logger?: BusLogger): Promise<EventBus>;
  compact(bus: EventBus): Promise<void>;
}
