/*
 * npm run bench:export (issue 8): time from POST /v1/gs1/exports to `ready` for 5000 codes with QR + DataMatrix in
 * svg + pdf, with one renderer (its worker threads use every core), codes/s, and the ratio of that time to the bare
 * symbol generation time (QR and DataMatrix matrices of the same 5000 codes on one thread) measured in the same run.
 * Then (issue 27) another tenant's small export alone and under a heavy one, and resident memory (export-fairness.ts).
 */
import { randomUUID } from 'node:crypto';
import { generateApiKey } from '@waymark/auth';
import { MemoryRateLimiter } from '@waymark/cache';
import { identityTopic } from '@waymark/contracts';
import { KafkaEventBus } from '@waymark/events';
import { loadConfig as rendererConfig, startService as startRenderer } from '@waymark/export-renderer';
import { gs1CheckDigit } from '@waymark/gs1';
import { createLogger } from '@waymark/logging';
import { MinioObjectStore } from '@waymark/objectstore';
import { apiKeyRecord, runMain, startKafkaMock, startPostgres, startS3, tenantRecord, waitFor } from '@waymark/testkit';
import { defaultGs1Encoding } from '../../export-renderer/src/artwork/domain/gs1/gs1-encoding.default';
import { renderRecordSchema } from '../../export-renderer/src/artwork/domain/render-record-schema';
import { gs1DataMatrix } from '../../export-renderer/src/artwork/domain/symbols/datamatrix-symbol';
import { qrMatrix } from '../../export-renderer/src/artwork/domain/symbols/qr-symbol';
import { loadConfig, startService } from '../src';
import { benchFairness, type Call } from './export-fairness';

const CODES = 5000;
/** Tenant A's records the heavy export of the fairness part takes (export-fairness.ts). */
const HEAVY_CODES = 60;
const DOMAIN = 'id.bench.test';
const gtin = (n: number) => `95060${String(n).padStart(7, '0')}${gs1CheckDigit(`95060${String(n).padStart(7, '0')}`)}`;

function bareSymbolMs(count = CODES): number {
  const records = Array.from({ length: count }, (_, i) =>
    renderRecordSchema.parse({ code: `01/0${gtin(i)}/10/B`, domain: DOMAIN, gtin14: `0${gtin(i)}`, batch: 'B' }),
  );
  const started = process.hrtime.bigint();
  for (const r of records) {
    qrMatrix(defaultGs1Encoding.digitalLinkUri(r), 'H');
    gs1DataMatrix(defaultGs1Encoding.elementStringFnc1(r));
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main(): Promise<void> {
  const logger = createLogger({ service: 'export-bench', level: 'error' });
  // The baseline is measured before the services start (it blocks the event loop for seconds, which would let idle
  // keep-alive sockets time out) and again after they stop, each after a short warm-up so that neither pays for JIT
  // compilation; the ratio uses their mean, so load that comes or goes during the run weighs on both sides.
  bareSymbolMs(200);
  const bareBefore = bareSymbolMs();
  const [pg, kafka, s3] = await Promise.all([startPostgres(), startKafkaMock(), startS3()]);
  const bus = await KafkaEventBus.connect({ brokers: kafka.brokers, clientId: 'export-bench', logger });
  try {
    const { stop: _stop, ...s3Options } = s3;
    const objectStore = new MinioObjectStore({ ...s3Options, bucket: 'export-bench' });
    const catalog = await startService(loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' }), {
      logger,
      bus,
      databaseUrl: pg.url,
      objectStore,
      rateLimiter: new MemoryRateLimiter(),
    });
    const renderer = await startRenderer(rendererConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error' }), {
      logger,
      bus,
      objectStore,
    });
    const base = `http://127.0.0.1:${catalog.port}`;
    const addTenant = async (name: string, domain: string): Promise<Call> => {
      const key = generateApiKey();
      const tenantId = randomUUID();
      await bus.publish(identityTopic, [
        tenantRecord({ id: tenantId, name, domain }),
        apiKeyRecord({ hash: key.hash, prefix: key.displayPrefix, tenantId, scopes: ['gs1:read', 'gs1:write'] }),
      ]);
      const call: Call = async (method, path, body) => {
        const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };
        const response = await fetch(`${base}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      await waitFor(async () => (await call('GET', '/v1/gs1/exports')).status === 200, { timeoutMs: 30_000 });
      return call;
    };
    const call = await addTenant('bench', DOMAIN);
    const callB = await addTenant('bench-b', 'id.bench-b.test');
    for (let i = 0; i < CODES; i += 500) {
      const records = Array.from({ length: 500 }, (_, j) => ({
        gtin: gtin(i + j),
        batch: 'B',
        destination: 'https://brand.example.com/p',
        tags: i + j < HEAVY_CODES ? ['heavy'] : [],
      }));
      await call('POST', '/v1/gs1/links/bulk', { records });
    }
    await callB('POST', '/v1/gs1/links/bulk', {
      records: [{ gtin: gtin(0), batch: 'S', destination: 'https://brand.example.com/p' }],
    });
    const started = Date.now();
    const created = await call('POST', '/v1/gs1/exports', { symbologies: ['qr', 'dm'], formats: ['svg', 'pdf'] });
    const job = await waitFor(
      async () => {
        // A reused keep-alive socket can be reset by the server meanwhile: that poll simply does not count.
        const current = (await call('GET', `/v1/gs1/exports/${String(created.body.jobId)}`).catch(() => undefined))
          ?.body;
        return current?.status === 'ready' || current?.status === 'failed' ? current : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 100 },
    );
    const elapsed = Date.now() - started;
    console.log(
      `export of ${String(job.count)} codes (QR + DataMatrix, svg + pdf): ${job.status} in ${(elapsed / 1000).toFixed(1)} s from POST (target < 30 s), zip ${String(job.sizeBytes)} bytes`,
    );
    console.log(
      `${Math.round((CODES / elapsed) * 1000)} codes/s with one renderer (${rendererConfig({}).RENDER_WORKERS} render threads)`,
    );
    await benchFairness(call, callB);
    await renderer.stop();
    await catalog.stop();
    bareSymbolMs(200);
    const bareAfter = bareSymbolMs();
    const bare = (bareBefore + bareAfter) / 2;
    console.log(
      `bare symbol generation of the same codes on one thread: ${(bareBefore / 1000).toFixed(1)} s before, ${(bareAfter / 1000).toFixed(1)} s after the export`,
    );
    console.log(
      `ratio ${(elapsed / bare).toFixed(2)} of the export time to their mean ${(bare / 1000).toFixed(1)} s (target <= 3)`,
    );
  } finally {
    await bus.close();
    await Promise.allSettled([pg.stop(), kafka.stop(), s3.stop()]);
  }
}

runMain(main);
