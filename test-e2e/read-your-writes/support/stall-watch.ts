import { Client } from 'pg';

/** How late each part of the system ran while the bounds were measured: where a slow sample's time went. */
export interface Stalls {
  /** Slowest `SELECT 1` on a connection of its own, polled every 50 ms; absent when the target gave no database. */
  postgresMaxMs?: number;
  /** Polls that failed (their time still counts above): a non-zero count means the server was unreachable meanwhile. */
  postgresFailures?: number;
  /** Each service process's largest event-loop delay (its `nodejs_eventloop_lag_max_seconds`), by label. */
  eventLoopMaxMs: Record<string, number | null>;
}

const LAG_MAX = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? ([0-9.eE+-]+)$/m;

/**
 * Starts watching PostgreSQL and the services' event loops; `stop()` reports the worst of each since the start.
 * prom-client resets its event-loop maximum at every scrape, so one scrape at the start and one at the end cover
 * exactly the window.
 */
export async function watchStalls(
  metricsUrls: Record<string, string>,
  databaseUrl: string | undefined,
): Promise<{ stop(): Promise<Stalls> }> {
  await Promise.all(Object.values(metricsUrls).map((url) => lagMaxOf(url)));
  const postgres = databaseUrl ? await pollPostgres(databaseUrl) : undefined;
  return {
    async stop() {
      const polled = await postgres?.stop();
      const labels = Object.keys(metricsUrls);
      const lags = await Promise.all(labels.map((label) => lagMaxOf(metricsUrls[label] as string)));
      return {
        ...(polled ? { postgresMaxMs: polled.maxMs, postgresFailures: polled.failures } : {}),
        eventLoopMaxMs: Object.fromEntries(labels.map((label, i) => [label, lags[i] ?? null])),
      };
    },
  };
}

async function lagMaxOf(metricsUrl: string): Promise<number | null> {
  const text = await fetch(metricsUrl)
    .then((response) => response.text())
    .catch(() => '');
  const match = LAG_MAX.exec(text);
  return match ? Math.round(Number(match[1]) * 1000) : null;
}

async function pollPostgres(databaseUrl: string): Promise<{ stop(): Promise<{ maxMs: number; failures: number }> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  let running = true;
  let maxMs = 0;
  let failures = 0;
  // A failed poll is counted and the watch goes on: stopping at the first error would report a quiet server.
  client.on('error', () => undefined);
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await client.query('SELECT 1').catch(() => (failures += 1));
      maxMs = Math.max(maxMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => undefined);
      await client.end().catch(() => undefined);
      return { maxMs: Math.round(maxMs), failures };
    },
  };
}
