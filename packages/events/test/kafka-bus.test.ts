import { getTestInfra, uniqueName } from '@waymark/testkit';
import { KafkaEventBus } from '../src';
import { busContract, FAST_RETRY } from './bus-contract';
import { RecordingLogger } from './contract/fixtures';

// The shared librdkafka mock cluster (3 brokers). Short heartbeats so rebalances settle quickly in tests.
busContract('the kafkajs bus on a Kafka-protocol cluster', async () => {
  const { brokers } = getTestInfra().kafka;
  return {
    open: (logger = new RecordingLogger()) =>
      KafkaEventBus.connect({
        brokers,
        clientId: uniqueName('events-test'),
        logger,
        retry: FAST_RETRY,
        consumer: { sessionTimeoutMs: 10_000, heartbeatIntervalMs: 500 },
      }),
  };
});
