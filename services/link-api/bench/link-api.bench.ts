import { loadFromChild } from './load-from-child';
import { operator, startLinkApi } from '../test/support/link-api-harness';
import { call, newTenant } from '../test/support/links-fixture';
import { print, quantile, timed } from './stats';
import { uniqueName } from '@waymark/testkit';

const SINGLE_CREATES = 300;
const BULK_REQUESTS = 10;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 5;

/**
 * link-api against real PostgreSQL, Redis (rate limiter) and the Kafka mock: single create p50/p99, a 500-row bulk
 * request p50 (target < 1 s), and authenticated GET /v1/links/{code} throughput relative to /healthz on the same
 * process (target >= 0.5). The tenant's plan is set far above the load so the rate limiter is consulted, never hit.
 */
it('link-api bench', async () => {
  const api = await startLinkApi({ env: { CHANNELS_CONSUMER_GROUP: uniqueName('bench-channels'), LOG_LEVEL: 'info' } });
  try {
    const plan = uniqueName('bench').replace(/-/g, '_').slice(0, 40);
    const planReply = await operator(api.url, 'PUT', `/plans/${plan}`, {
      rateLimitPerMinute: 1_000_000,
      burst: 1_000_000,
      bulkRowCap: 500,
      exportsPerHour: 1,
    });
    if (planReply.status !== 200) throw new Error(`bench plan refused: ${JSON.stringify(planReply.body)}`);
    const tenant = await newTenant(api, plan);

    for (let i = 0; i < 20; i++)
      await call(api, tenant.key, 'POST', '/v1/links', { destination: `https://warm.example/${i}` });
    const single: number[] = [];
    for (let i = 0; i < SINGLE_CREATES; i++) {
      single.push(
        await timed(() =>
          call(api, tenant.key, 'POST', '/v1/links', {
            destination: `https://bench.example/p/${i}`,
            tags: { i: String(i) },
          }),
        ),
      );
    }
    print(
      `single create  p50 ${quantile(single, 0.5).toFixed(1)} ms  p99 ${quantile(single, 0.99).toFixed(1)} ms  (${SINGLE_CREATES} sequential)`,
    );

    const bulk: number[] = [];
    for (let r = 0; r < BULK_REQUESTS; r++) {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        destination: `https://bench.example/b/${r}/${i}`,
        tags: { r: String(r) },
      }));
      bulk.push(
        await timed(async () => {
          const reply = await call(api, tenant.key, 'POST', '/v1/links/bulk', { rows });
          if (reply.body?.created !== 500)
            throw new Error(`bulk created ${reply.body?.created} of 500: ${reply.text.slice(0, 300)}`);
        }),
      );
    }
    const bulkP50 = quantile(bulk, 0.5);
    print(
      `bulk 500 rows  p50 ${bulkP50.toFixed(0)} ms  max ${Math.max(...bulk).toFixed(0)} ms  (target < 1000 ms: ${bulkP50 < 1000 ? 'met' : 'MISSED'})`,
    );

    const { body: link } = await call(api, tenant.key, 'POST', '/v1/links', {
      destination: 'https://bench.example/read',
      code: 'bench-read',
    });
    const load = (path: string, headers: Record<string, string>, seconds: number) =>
      loadFromChild(`${api.url}${path}`, headers, seconds);
    await load('/healthz', {}, 2); // warm-up of both paths before measuring
    await load(`/v1/links/${link.code}`, { 'x-api-key': tenant.key }, 2);
    // Alternating rounds: other work on this shared machine comes and goes, and must weigh on both paths alike.
    let healthRequests = 0;
    let getRequests = 0;
    let getP99 = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const health = await load('/healthz', {}, LOAD_SECONDS / ROUNDS);
      const get = await load(`/v1/links/${link.code}`, { 'x-api-key': tenant.key }, LOAD_SECONDS / ROUNDS);
      if (get.non2xx > 0) throw new Error(`${get.non2xx} GET responses were not 2xx`);
      healthRequests += health.requests.average;
      getRequests += get.requests.average;
      getP99 = Math.max(getP99, get.latency.p99);
    }
    const ratio = getRequests / healthRequests;
    print(
      `GET /v1/links/{code} ${(getRequests / ROUNDS).toFixed(0)} req/s (worst round p99 ${getP99} ms) vs /healthz ${(healthRequests / ROUNDS).toFixed(0)} req/s, ${ROUNDS} alternating rounds of ${LOAD_SECONDS / ROUNDS} s`,
    );
    print(`ratio ${ratio.toFixed(2)} (target >= 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'})`);
  } finally {
    await api.stop();
  }
});
