import { waitFor } from '@waymark/testkit';

/** What heavy API work saw: answers by `<route> <status>`, and every answer that was not a correct one. */
export interface ApiLoadReport {
  readonly answers: Record<string, number>;
  readonly wrong: string[];
}

interface Call {
  route: string;
  method: string;
  path: string;
  body?: unknown;
  expect: number;
}

/**
 * A tenant's heavy use of the API in the embedded process: `clients` closed-loop clients creating links, listing them
 * 200 at a time and reading analytics, beside one 500-row GS1 import and an export of its records rendered to the
 * end. Runs until the import and the export are done and `minimumMs` has passed. An answer is correct when it is the
 * route's expected status, or a 429 or 503 carrying Retry-After (load shed as the API may shed it).
 */
export async function runHeavyApiLoad(api: string, key: string, clients: number, minimumMs: number) {
  const answers: Record<string, number> = {};
  const wrong: string[] = [];
  const call = async ({ route, method, path, body, expect }: Call) => {
    const reply = await fetch(`${api}${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((error: unknown) => error as Error);
    if (reply instanceof Error) {
      wrong.push(`${route}: ${reply.message}`);
      return undefined;
    }
    const text = await reply.text();
    answers[`${route} ${reply.status}`] = (answers[`${route} ${reply.status}`] ?? 0) + 1;
    const shed = (reply.status === 429 || reply.status === 503) && reply.headers.has('retry-after');
    if (reply.status !== expect && !shed) wrong.push(`${route}: ${reply.status} ${text.slice(0, 200)}`);
    return reply.status === expect ? (JSON.parse(text || 'null') as Record<string, unknown>) : undefined;
  };

  const tag = `overload-${Date.now().toString(36)}`;
  const heavy = (async () => {
    const records = Array.from({ length: 500 }, (_, i) => ({
      gtin: gtin13(i),
      batch: `LOT${i}`,
      destination: `https://brand.example/item/${i}`,
    }));
    const imported = await call({
      route: 'gs1 import',
      method: 'POST',
      path: '/v1/gs1/links/bulk',
      body: { tags: [tag], records },
      expect: 200,
    });
    if (imported && imported.created !== 500) wrong.push(`gs1 import: created ${String(imported.created)} of 500`);
    const job = await call({
      route: 'gs1 export',
      method: 'POST',
      path: '/v1/gs1/exports',
      body: { name: tag, tags: [tag], symbologies: ['qr', 'dm'], formats: ['svg'] },
      expect: 202,
    });
    if (!job) return;
    await waitFor(
      async () => {
        const state = await call({
          route: 'export poll',
          method: 'GET',
          path: `/v1/gs1/exports/${job.jobId}`,
          expect: 200,
        });
        if (state?.status === 'failed') throw new Error(`the export failed: ${String(state.error)}`);
        return state?.status === 'ready';
      },
      { timeoutMs: 120_000, intervalMs: 200, message: 'the export to be rendered' },
    );
  })();
  let heavyDone = false;
  const finished = heavy.finally(() => (heavyDone = true));
  const startedAt = Date.now();
  const client = async (n: number) => {
    for (let i = 0; !heavyDone || Date.now() - startedAt < minimumMs; i += 1) {
      const code = `load-${n}-${i}`;
      const created = await call({
        route: 'create link',
        method: 'POST',
        path: '/v1/links',
        body: { destination: `https://example.com/${code}`, code },
        expect: 201,
      });
      await call({ route: 'list links', method: 'GET', path: '/v1/links?limit=200', expect: 200 });
      // Only a link whose create was acknowledged has analytics; one shed with a 503 may not exist.
      if (created) {
        await call({ route: 'analytics', method: 'GET', path: `/v1/links/${code}/analytics?window=24h`, expect: 200 });
      }
    }
  };
  await Promise.all([finished, ...Array.from({ length: clients }, (_, n) => client(n))]);
  return { answers, wrong } satisfies ApiLoadReport;
}

/** A GTIN-13 of the GS1 test prefix 950 with its check digit. */
function gtin13(n: number): string {
  const body = `950600${String(n).padStart(6, '0')}`;
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
