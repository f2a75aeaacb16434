import type { ConsumerTuning } from './kafka-subscription';

const DEFAULT_TUNING: ConsumerTuning = {
  sessionTimeoutMs: 30_000,
  heartbeatIntervalMs: 3_000,
  maxBatchDurationMs: 300_000,
  maxWaitTimeMs: 1_000,
};

/**
 * The bus's consumer settings: kafkajs' session timeout and heartbeat (30 s, 3 s) unless given. A session timeout set
 * without a heartbeat interval brings the heartbeat along at a tenth of it, as in the defaults: a member must
 * heartbeat several times within its session (Kafka asks for at most a third), or a slow turn of its event loop
 * costs it its partitions.
 */
export function consumerTuning(options: Partial<ConsumerTuning> = {}): ConsumerTuning {
  const sessionTimeoutMs = options.sessionTimeoutMs ?? DEFAULT_TUNING.sessionTimeoutMs;
  return { ...DEFAULT_TUNING, heartbeatIntervalMs: Math.max(100, Math.round(sessionTimeoutMs / 10)), ...options };
}
