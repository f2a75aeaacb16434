import { SCOPES } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { issueTenantKey, startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { pathOf, visit } from '../system/support/visitor';
import { SPAN_KIND, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { isStatement, SpanTree } from './support/span-tree';

jest.setTimeout(300_000);

const DESTINATION = 'https://example.com/db-traced-destination';

// The embedded mode exporting by OTLP/HTTP JSON, as in the click trace test: here the database spans in those traces.
describe('database statement groups in the traces', () => {
  let otlp: OtlpReceiver;
  let system: EmbeddedWaymark;
  let key: string;

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' };
    system = await startEmbeddedWaymark({ env });
    key = await issueTenantKey(system, SCOPES);
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await otlp?.stop();
  }, 60_000);

  const treeOf = (traceId: string) => new SpanTree(otlp.spans.filter((s) => s.traceId === traceId));

  async function createLink(traceId: string): Promise<string> {
    const response = await fetch(`${system.apiUrl}/v1/links`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-aaa19b7ec3c1b174-01`,
      },
      body: JSON.stringify({ destination: DESTINATION }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { shortUrl: string }).shortUrl;
  }

  it("shows link-api's transaction and its statements under the server span of a link creation", async () => {
    const traceId = '6c8efff798038103d269b633813fc60d';
    await createLink(traceId);
    const found = await waitFor(
      () => {
        const tree = treeOf(traceId);
        const server = otlp.spans.find((s) => s.traceId === traceId && s.name === 'POST /v1/links');
        const transaction = server && tree.descendants(server, (s) => s.name === 'prisma:client:transaction')[0];
        const statements = transaction ? tree.descendants(transaction, isStatement) : [];
        const inserts = statements.filter((s) => s.attributes['db.operation.name'] === 'INSERT');
        const committed = statements.some((s) => s.attributes['db.operation.name'] === 'COMMIT');
        return server && transaction && inserts.length >= 2 && committed
          ? { server, transaction, statements, tree }
          : undefined;
      },
      { timeoutMs: 30_000, message: "link-api's transaction with its INSERT statements in the caller's trace" },
    );
    const { server, transaction, statements, tree } = found;
    expect(server).toMatchObject({ kind: SPAN_KIND.server, attributes: { 'waymark.service': 'link-api' } });
    // The transaction holds the repository's operations (Model.action) and the statements each one ran.
    const operations = tree.descendants(transaction, (s) => s.name === 'prisma:client:operation');
    expect(operations.length).toBeGreaterThan(0);
    // BEGIN and COMMIT are statements of the transaction's start and commit steps.
    const step = (name: string) => tree.children(transaction).find((s) => s.name === `prisma:client:${name}`);
    const operationsIn = (name: string) =>
      tree.descendants(step(name) as ReceivedSpan, isStatement).map((s) => s.attributes['db.operation.name']);
    expect(operationsIn('start_transaction')).toEqual(['BEGIN']);
    expect(operationsIn('commit_transaction')).toEqual(['COMMIT']);
    expect(statements.map((s) => s.name)).toContain(
      `pg.query:INSERT ${String(statements[0]?.attributes['db.namespace'])}`,
    );
    for (const statement of statements) {
      expect(statement.kind).toBe(SPAN_KIND.client);
      expect(statement.attributes).toMatchObject({ 'db.system.name': 'postgresql' });
      expect(typeof statement.attributes['db.namespace']).toBe('string');
      expect(typeof statement.attributes['db.query.text']).toBe('string');
      // Parameters stay parameters: the link's destination is in no statement's text.
      expect(String(statement.attributes['db.query.text'])).not.toContain(DESTINATION);
    }
    // Prisma's own per-statement, compile and serialize spans are left out: each statement is spanned once.
    expect(
      otlp.spans.filter((s) => s.traceId === traceId && /^prisma:client:(db_query|serialize|compile)/.test(s.name)),
    ).toEqual([]);
    expect(otlp.refused).toEqual([]);
  });

  it("shows analytics-ingest's statement group under its consumer span of a click, and none on the redirect", async () => {
    const shortUrl = await createLink('7d8efff798038103d269b633813fc60e');
    const { host, path } = pathOf(shortUrl);
    expect((await visit(system.visitorPort, host, path)).status).toBe(302);
    const visitSpan = await waitFor(
      () => otlp.spans.find((s) => s.kind === SPAN_KIND.server && s.attributes['url.path'] === path),
      { timeoutMs: 30_000, message: "the redirector's span of the visit" },
    );
    const found = await waitFor(
      () => {
        const tree = treeOf(visitSpan.traceId);
        const consumer = otlp.spans.find(
          (s) =>
            s.traceId === visitSpan.traceId &&
            s.kind === SPAN_KIND.consumer &&
            s.attributes['messaging.consumer.group.name'] === 'analytics-ingest',
        );
        const group = consumer && tree.children(consumer).find((s) => s.name === 'store clicks');
        const statements = group ? tree.descendants(group, isStatement) : [];
        const write = statements.find((s) => String(s.attributes['db.query.text']).includes('INSERT INTO click_fact'));
        return group && write ? { tree, group, statements } : undefined;
      },
      {
        timeoutMs: 60_000,
        message: "analytics-ingest's store clicks group with the facts' write in the click's trace",
      },
    );
    expect(found.group.attributes).toMatchObject({
      'db.system.name': 'postgresql',
      'waymark.db.group': 'store clicks',
    });
    for (const statement of found.statements) {
      expect(statement.attributes).toMatchObject({ 'db.system.name': 'postgresql' });
    }
    // The redirect itself stays free of database spans (its hot path reads the cache, never PostgreSQL).
    const onRedirect = found.tree.children(visitSpan).filter((s: ReceivedSpan) => 'db.system.name' in s.attributes);
    expect(onRedirect).toEqual([]);
  });
});
