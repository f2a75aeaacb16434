/*
 * npm run bench:gs1 (issue 7): against a real PostgreSQL (durable settings) and the Kafka mock,
 * 1. the p50 (and p95) of a 500-record bulk upsert over HTTP, half new records and half updates (target p50 < 500 ms);
 * 2. the time to import BENCH_GS1_RECORDS records (default 100 000) in 500-record requests (target < 2 minutes).
 */
import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@waymark/auth';
import { MemoryRateLimiter } from '@waymark/cache';
import { identityTopic } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { gs1CheckDigit } from '@waymark/gs1';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { apiKeyRecord, runMain, startKafkaMock, startPostgres, startS3, tenantRecord, waitFor } from '@waymark/testkit';
import { loadConfig, startService } from '../src';

const TOTAL = Number(process.env.BENCH_GS1_RECORDS ?? 100_000);
const RUNS = 30;
const BATCH = 500;

const gtin = (n: number) => {
  const body = `95060${String(n).padStart(7, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
};

const record = (n: number, lot: string) => ({
  gtin: gtin(n),
  batch: lot,
  destination: `https://brand.example.com/p/${n}`,
  tags: ['bench'],
});

async function main(): Promise<void> {
  const logger = createLogger({ service: 'gs1-bench', level: 'error' });
  const pg = await startPostgres({
    settings: { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on', shared_buffers: '256MB' },
  });
  const kafka = await startKafkaMock();
  const s3 = await startS3();
  const bus = await KafkaEventBus.connect({ brokers: kafka.brokers, clientId: 'gs1-bench', logger });
  try {
    const { stop: _stop, ...s3Options } = s3;
    const objectStore = new MinioObjectStore({ ...s3Options, bucket: 'gs1-bench' });
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const service = await startService(config, {
      logger,
      bus,
      databaseUrl: pg.url,
      objectStore,
      rateLimiter: new MemoryRateLimiter(),
    });
    const key = generateApiKey();
    const tenantId = randomUUID();
    await bus.publish(identityTopic, [
      tenantRecord({ id: tenantId, name: 'bench', domain: 'id.bench.test' }),
      apiKeyRecord({ hash: key.hash, prefix: key.displayPrefix, tenantId, scopes: ['gs1:read', 'gs1:write'] }),
    ]);
    const base = `http://127.0.0.1:${service.port}`;
    const post = async (records: unknown[]) => {
      const response = await fetch(`${base}/v1/gs1/links/bulk`, {
        method: 'POST',
        headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
        body: JSON.stringify({ records }),
      });
      if (response.status !== 200) throw new Error(`bulk answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { failed: number };
      if (body.failed > 0) throw new Error(`${body.failed} records failed`);
    };
    await waitFor(
      async () => (await fetch(`${base}/v1/gs1/exports`, { headers: { 'x-api-key': key.key } })).status === 200,
      { timeoutMs: 30_000 },
    );

    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Half of each request updates the previous run's codes, half creates new ones.
      const records = Array.from({ length: BATCH }, (_, i) => record(run * 250 + i, 'P'));
      const started = process.hrtime.bigint();
      await post(records);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(
      `bulk upsert of ${BATCH} records (half new, half updates): p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms over ${RUNS} requests (target p50 < 500 ms)`,
    );

    const importStart = Date.now();
    for (let offset = 0; offset < TOTAL; offset += BATCH) {
      await post(Array.from({ length: Math.min(BATCH, TOTAL - offset) }, (_, i) => record(offset + i, 'IMPORT')));
    }
    const seconds = (Date.now() - importStart) / 1000;
    console.log(
      `import of ${TOTAL} records in ${BATCH}-record requests: ${seconds.toFixed(1)} s, ${Math.round(TOTAL / seconds)} records/s (target < 120 s)`,
    );
    await service.stop();
  } finally {
    await bus.close();
    await Promise.allSettled([pg.stop(), kafka.stop(), s3.stop()]);
  }
}

runMain(main);
