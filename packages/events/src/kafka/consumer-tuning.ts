import type { ConsumerTuning } from './kafka-subscription';

const DEFAULT_TUNING: Omit<ConsumerTuning, 'heartbeatIntervalMs'> = {
  sessionTimeoutMs: 30_000,
  maxBatchDurationMs: 300_000,
  maxWaitTimeMs: 1_000,
};

/**
 * The bus's consumer settings: kafkajs' 30 s session timeout unless given, and a heartbeat every tenth of the session
 * unless one is given (kafkajs' own 3 s at 30 s). A member must heartbeat several times within its session (Kafka
 * asks for at most a third), or a slow turn of its event loop costs it its partitions.
 */
export function consumerTuning(options: Partial<ConsumerTuning> = {}): ConsumerTuning {
  const sessionTimeoutMs = options.sessionTimeoutMs ?? DEFAULT_TUNING.sessionTimeoutMs;
  return { ...DEFAULT_TUNING, heartbeatIntervalMs: Math.max(100, Math.round(sessionTimeoutMs / 10)), ...options };
}
