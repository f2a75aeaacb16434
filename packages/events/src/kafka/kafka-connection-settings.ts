import type { KafkaEventBusOptions } from './kafka-event-bus';
import type { ConsumerTuning } from './kafka-subscription';

/** The Kafka settings every service reads from its environment (`kafkaEnv` of @waymark/config, parsed). */
export interface KafkaEnvSettings {
  readonly KAFKA_BROKERS: string[];
  readonly KAFKA_CLIENT_ID?: string;
  readonly KAFKA_SESSION_TIMEOUT: number;
}

/**
 * A service's bus options from its parsed Kafka settings: the one place where each setting reaches the bus, so a
 * setting added to `kafkaEnv` is honoured by every service at once. `clientId` is the service's name, used unless
 * KAFKA_CLIENT_ID names the client; `consumer` holds what the service tunes itself (a shorter fetch wait, say).
 */
export function kafkaConnectionSettings(
  env: KafkaEnvSettings,
  clientId: string,
  consumer: Partial<Omit<ConsumerTuning, 'sessionTimeoutMs'>> = {},
): Pick<KafkaEventBusOptions, 'brokers' | 'clientId' | 'consumer'> {
  return {
    brokers: env.KAFKA_BROKERS,
    clientId: env.KAFKA_CLIENT_ID ?? clientId,
    consumer: { ...consumer, sessionTimeoutMs: env.KAFKA_SESSION_TIMEOUT },
  };
}
