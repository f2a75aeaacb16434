import request from 'supertest';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { SpanKind, startTracing, traceParentOf, type Tracing } from '@waymark/tracing';
import { createHttpApp } from '../src';
import { captureLogger } from './support/capture-logger';

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';

describe('request spans', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  beforeAll(() => {
    tracing = startTracing({ OTEL_TRACES_SAMPLER_ARG: 1 }, 'http-test', exporter);
  });
  afterAll(() => tracing.shutdown());

  const app = createHttpApp({
    service: 'http-test',
    logger: captureLogger('http-test').logger,
    mount: (a) => {
      // What a handler publishes is traced in the request's span: its traceparent is the active one here.
      a.get('/items/:id', (_req, res) => void res.json({ active: traceParentOf() }));
      a.post('/items', (_req, res) => void res.status(201).json({ active: traceParentOf() }));
    },
  });

  it("serves a request in a server span that continues the caller's traceparent, named by its route", async () => {
    const answer = await request(app).get('/items/42').set('traceparent', `00-${CALLER_TRACE}-b7ad6b7169203331-01`);
    expect(answer.status).toBe(200);
    await tracing.flush();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('GET /items/:id');
    expect(span?.kind).toBe(SpanKind.SERVER);
    expect(span?.spanContext().traceId).toBe(CALLER_TRACE);
    expect(span?.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(span?.attributes).toMatchObject({
      'http.route': '/items/:id',
      'http.response.status_code': 200,
      'waymark.service': 'http-test',
    });
    expect(answer.body).toEqual({ active: `00-${CALLER_TRACE}-${span?.spanContext().spanId}-01` });
  });

  it('keeps the span active for handlers that run after the JSON body was read', async () => {
    exporter.reset();
    const answer = await request(app)
      .post('/items')
      .send({ name: 'x'.repeat(200_000) });
    expect(answer.status).toBe(201);
    await tracing.flush();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('POST /items');
    expect(answer.body).toEqual({ active: `00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01` });
  });

  it('leaves probes untraced', async () => {
    exporter.reset();
    expect((await request(app).get('/healthz')).status).toBe(200);
    await tracing.flush();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
