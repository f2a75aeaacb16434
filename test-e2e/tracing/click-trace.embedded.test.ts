import { SCOPES } from '@waymark/contracts';
import { waitFor } from '@waymark/testkit';
import { issueTenantKey, startEmbeddedWaymark, type EmbeddedWaymark } from '../support/embedded-waymark';
import { startWebhookReceiver, type WebhookReceiver } from '../system/support/webhook-receiver';
import { pathOf, visit } from '../system/support/visitor';
import { SPAN_KIND, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';

jest.setTimeout(300_000);

async function post<T>(system: EmbeddedWaymark, key: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${system.apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

// The embedded mode (six services, one process, the in-process bus) exporting spans by OTLP/HTTP JSON to a receiver
// started here, as an operator's collector would get them.
describe('one click traced across the services', () => {
  let otlp: OtlpReceiver;
  let webhooks: WebhookReceiver;
  let system: EmbeddedWaymark;

  beforeAll(async () => {
    [otlp, webhooks] = await Promise.all([startOtlpReceiver(), startWebhookReceiver()]);
    // Spans are exported every 200 ms rather than every 5 s, so the test waits less.
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' };
    system = await startEmbeddedWaymark({ env, webhookHosts: new URL(webhooks.base).host });
  }, 240_000);

  afterAll(async () => {
    await system?.stop();
    await Promise.all([otlp?.stop(), webhooks?.stop()]);
  }, 60_000);

  it('follows a visit from the redirector through the bus to analytics-ingest and to a webhook delivery', async () => {
    const key = await issueTenantKey(system, SCOPES);
    const channel = await post<{ id: string }>(system, key, '/v1/channels', {
      type: 'webhook',
      name: 'traced',
      config: { url: `${webhooks.base}/traced` },
    });
    const link = await post<{ shortUrl: string }>(system, key, '/v1/links', {
      destination: 'https://example.com/traced',
      notifyChannels: [channel.id],
    });
    const { host, path } = pathOf(link.shortUrl);
    expect((await visit(system.visitorPort, host, path)).status).toBe(302);

    const visitSpan = await waitFor(
      () => otlp.spans.find((s) => s.kind === SPAN_KIND.server && s.attributes['url.path'] === path),
      { timeoutMs: 30_000, message: "the redirector's span of the visit" },
    );
    const inTrace = () => otlp.spans.filter((s) => s.traceId === visitSpan.traceId);
    const inGroup = (span: ReceivedSpan, group?: string) =>
      group === undefined || span.attributes['messaging.consumer.group.name'] === group;
    const find = (spans: ReceivedSpan[], name: string, kind: number, group?: string) =>
      spans.find((s) => s.name === name && s.kind === kind && inGroup(s, group));
    const trace = await waitFor(
      () => {
        const spans = inTrace();
        const wanted = {
          publish: find(spans, 'publish clicks.v1', SPAN_KIND.producer),
          analytics: find(spans, 'process clicks.v1', SPAN_KIND.consumer, 'analytics-ingest'),
          notifier: find(spans, 'process clicks.v1', SPAN_KIND.consumer, 'notifier'),
          delivery: find(spans, 'deliver webhook', SPAN_KIND.client),
        };
        const complete = Object.values(wanted).every((span) => span !== undefined);
        return complete ? (wanted as Record<keyof typeof wanted, ReceivedSpan>) : undefined;
      },
      { timeoutMs: 60_000, message: "the click's publish, consume and delivery spans in the visit's trace" },
    );

    expect(visitSpan).toMatchObject({
      name: 'GET visit',
      serviceName: 'waymark',
      parentSpanId: undefined,
      attributes: { 'http.response.status_code': 302 },
    });
    expect(trace.publish.parentSpanId).toBe(visitSpan.spanId);
    expect(trace.analytics.parentSpanId).toBe(trace.publish.spanId);
    expect(trace.notifier.parentSpanId).toBe(trace.publish.spanId);
    expect(trace.delivery.parentSpanId).toBe(trace.publish.spanId);
    expect(trace.delivery.attributes).toMatchObject({
      'http.response.status_code': 204,
      'waymark.delivery.attempt': 1,
    });
    expect(webhooks.received.filter((d) => d.path === '/traced')).toHaveLength(1);
    expect(otlp.refused).toEqual([]);
  });

  it("continues a caller's trace from its traceparent header through the API", async () => {
    const key = await issueTenantKey(system, SCOPES);
    const traceId = '5b8efff798038103d269b633813fc60c';
    const response = await fetch(`${system.apiUrl}/v1/links`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        traceparent: `00-${traceId}-eee19b7ec3c1b174-01`,
      },
      body: JSON.stringify({ destination: 'https://example.com/api-traced' }),
    });
    expect(response.status).toBe(201);
    const server = await waitFor(
      () => otlp.spans.find((s) => s.traceId === traceId && s.kind === SPAN_KIND.server && s.name === 'POST /v1/links'),
      { timeoutMs: 30_000, message: "link-api's span of the call" },
    );
    expect(server).toMatchObject({
      parentSpanId: 'eee19b7ec3c1b174',
      attributes: { 'waymark.service': 'link-api', 'http.route': '/v1/links' },
    });
    // The link's event left through the outbox in the same trace.
    await waitFor(() => otlp.spans.find((s) => s.traceId === traceId && s.name === 'publish links.v1'), {
      timeoutMs: 30_000,
      message: "the outbox relay's publish of the link event in the caller's trace",
    });
  });
});
