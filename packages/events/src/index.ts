export * from './event-bus';
export type { BusLogger } from './shared/bus-logger';
export { EVENT_ID_HEADER, InvalidEventError, type EncodedMessage } from './shared/codec';
export { DEAD_LETTER_HEADERS, deadLetterTopicOf } from './shared/dead-letter';
export type { RetryPolicy } from './shared/batch-runner';
export { isTransientFailure, TransientFailureError } from './shared/transient-failure';
export { CatchUpTimeoutError } from './shared/head-catch-up';
export type { EventLogStore, StoredRecord, AppendRecord, ReadResult } from './in-process/event-log-store';
export { MemoryEventLogStore } from './in-process/memory-event-log-store';
export { PgEventLogStore, type PgEventLogStoreOptions } from './in-process/pg-event-log-store';
export { InProcessEventBus, type InProcessEventBusOptions } from './in-process/in-process-event-bus';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka/kafka-event-bus';
export { kafkaConnectionSettings, type KafkaEnvSettings } from './kafka/kafka-connection-settings';
export type { KafkaRecord } from './kafka/kafka-publisher';
export type { ConsumerTuning } from './kafka/kafka-subscription';
export {
  REPLAYED_FROM_HEADER,
  replayDeadLetters,
  replayGroupId,
  replayRefusal,
  type ReplayOptions,
  type ReplayReport,
} from './tools/replay-dead-letters';
export { listDeadLetters, type DeadLetterEntry } from './tools/list-dead-letters';
export { BatchCoalescer } from './shared/batch-coalescer';
export { FreshReads, type FreshReadsOptions } from './read-model/fresh-reads';
export {
  instrumentEventBus,
  CATCH_UP_DURATION_METRIC,
  CATCH_UPS_METRIC,
  CONSUMER_LAG_METRIC,
  MESSAGES_HANDLED_METRIC,
} from './metrics/instrumented-bus';
export { metricOnce } from './metrics/metric-once';
