import type { StartedTestInfra } from './infra-provider';
import { startAll, stopAll } from './infra-provider';

// Pinned images: a test run must not change because an image tag moved.
const IMAGES = {
  postgres: 'postgres:18-alpine',
  redis: 'redis:7.4-alpine',
  kafka: 'confluentinc/cp-kafka:7.9.0',
  minio: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
};

/**
 * Is a Docker-compatible engine reachable? Asks testcontainers, which tries DOCKER_HOST, the default
 * sockets and ~/.testcontainers.properties, so the answer matches what it could actually use.
 */
export async function containerEngineReachable(): Promise<boolean> {
  // Loaded outside the try: a broken testcontainers install must fail loudly, not look like "no Docker".
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/**
 * Real PostgreSQL, Redis, Kafka (KRaft, one broker) and MinIO in containers, for machines with Docker.
 * testcontainers' reaper (Ryuk) removes them if this process dies without stopping them.
 * Kafka is configured like the local mock cluster: topics auto-create with 4 partitions.
 */
export async function startContainerInfra(): Promise<StartedTestInfra> {
  const [{ PostgreSqlContainer }, { RedisContainer }, { KafkaContainer }, { MinioContainer }] = await Promise.all([
    import('@testcontainers/postgresql'),
    import('@testcontainers/redis'),
    import('@testcontainers/kafka'),
    import('@testcontainers/minio'),
  ]);
  const { postgres, redis, kafka, minio } = await startAll({
    postgres: new PostgreSqlContainer(IMAGES.postgres)
      .withDatabase('postgres')
      .withUsername('postgres')
      .withPassword('postgres')
      .withCommand(['postgres', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=300'])
      .start(),
    redis: new RedisContainer(IMAGES.redis).start(),
    kafka: new KafkaContainer(IMAGES.kafka)
      .withKraft()
      .withEnvironment({ KAFKA_NUM_PARTITIONS: '4', KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'true' })
      .start(),
    minio: new MinioContainer(IMAGES.minio).start(),
  });
  return {
    provider: 'containers',
    infra: {
      postgres: { url: postgres.getConnectionUri() },
      redis: { url: redis.getConnectionUrl() },
      kafka: { brokers: [`${kafka.getHost()}:${kafka.getMappedPort(9093)}`] },
      s3: {
        endPoint: minio.getHost(),
        port: minio.getPort(),
        useSSL: false,
        accessKey: minio.getUsername(),
        secretKey: minio.getPassword(),
        region: 'us-east-1',
      },
    },
    stop: () => stopAll([postgres, redis, kafka, minio]),
  };
}
