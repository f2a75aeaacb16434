import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { createLogger } from '@waymark/logging';
import { uniqueName, waitFor } from '@waymark/testkit';
import { inSpan, SpanKind, startTracing, type Tracing } from '@waymark/tracing';
import { enqueue, OUTBOX_DDL, OutboxRelay, runMigrations } from '../src';
import type { PrismaClient } from './fixtures/src/generated/prisma/client';
import { RecordingBus } from './fixtures/recording-bus';
import { migratedDatabase, MIGRATIONS_DIR } from './fixtures/test-database';
import { widgetTopic, type WidgetEvent } from './fixtures/widget-topic';

const schema = 'relay_tracing_test';
const logger = createLogger({ service: 'db-test', level: 'silent' });

describe('the outbox with tracing on', () => {
  let databaseUrl: string;
  let prisma: PrismaClient;
  let tracing: Tracing;
  let relay: OutboxRelay | undefined;
  const topic = widgetTopic(uniqueName('widgets'));

  const exporter = new InMemorySpanExporter();
  beforeAll(async () => {
    tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'db-test', exporter);
    ({ databaseUrl, prisma } = await migratedDatabase(schema));
  });
  afterAll(async () => {
    await relay?.stop();
    await prisma.$disconnect();
    await tracing.shutdown();
  });

  const widget = (id: string): WidgetEvent => ({ version: 1, eventId: uniqueName(`evt-${id}`), id, name: id });
  const write = (value: WidgetEvent) => prisma.$transaction(async (tx) => enqueue(tx, topic, [{ value }]));

  it('publishes an event in the trace of the request that wrote it, and an untraced one with no traceparent', async () => {
    const traced = widget('traced');
    const request = await inSpan('request', { kind: SpanKind.SERVER }, async (span) => {
      await write(traced);
      return span.spanContext();
    });
    // The row is written inside Prisma's transaction span, a child of the request's: the event continues from it.
    await tracing.flush();
    const transaction = exporter
      .getFinishedSpans()
      .find((s) => s.name === 'prisma:client:transaction' && s.parentSpanContext?.spanId === request.spanId);
    const requestTrace = `00-${request.traceId}-${transaction?.spanContext().spanId}-01`;
    const untraced = widget('untraced');
    await write(untraced);
    const rows = await prisma.$queryRawUnsafe<{ key: string; trace_parent: string | null }[]>(
      `SELECT key, trace_parent FROM ${schema}.outbox ORDER BY id`,
    );
    expect(rows).toEqual([
      { key: 'traced', trace_parent: requestTrace },
      { key: 'untraced', trace_parent: null },
    ]);

    const bus = new RecordingBus();
    relay = new OutboxRelay({ databaseUrl, schema, bus, topics: [topic], logger });
    await relay.start();
    await waitFor(() => bus.published.length === 2, { timeoutMs: 10_000, message: 'both events published' });
    expect(requestTrace).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(bus.published.map((p) => p.headers)).toEqual([
      { 'event-id': traced.eventId, traceparent: requestTrace },
      { 'event-id': untraced.eventId },
    ]);
  });

  it('adds the trace_parent column to an outbox made before it, on the next start', async () => {
    await relay?.stop();
    relay = undefined;
    await prisma.$executeRawUnsafe(`ALTER TABLE ${schema}.outbox DROP COLUMN trace_parent`);
    await runMigrations({ databaseUrl, schema, migrationsDir: MIGRATIONS_DIR, sharedDdl: [OUTBOX_DDL] });
    await runMigrations({ databaseUrl, schema, migrationsDir: MIGRATIONS_DIR, sharedDdl: [OUTBOX_DDL] });
    const columns = await prisma.$queryRawUnsafe<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'outbox'`,
      schema,
    );
    expect(columns.map((c) => c.column_name)).toContain('trace_parent');
  });
});
