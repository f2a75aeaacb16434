import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carries it, reduced to what the tests look at. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  serviceName: string | undefined;
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to: spans arrive at `<endpoint>/v1/traces`. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Requests that were not a decodable OTLP JSON export of traces. */
  refused: string[];
  stop(): Promise<void>;
}

export const SPAN_KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans?: { resource?: { attributes?: OtlpAttribute[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

/**
 * A minimal OTLP/HTTP trace receiver (what a collector's otlphttp receiver does for JSON): decodes every export
 * POSTed to /v1/traces and keeps its spans. Ids are hex, as the OTLP JSON encoding writes them.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        if (request.method !== 'POST' || request.url !== '/v1/traces') {
          throw new Error(`${request.method} ${request.url}`);
        }
        const type = String(request.headers['content-type']);
        if (!type.startsWith('application/json')) throw new Error(`content-type ${type}`);
        const raw = Buffer.concat(chunks);
        const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        spans.push(...spansOf(JSON.parse(body.toString('utf8')) as OtlpExport));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (error) {
        refused.push((error as Error).message);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function spansOf(payload: OtlpExport): ReceivedSpan[] {
  return (payload.resourceSpans ?? []).flatMap((resourceSpans) => {
    const serviceName = attributesOf(resourceSpans.resource?.attributes)['service.name'];
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId === undefined || span.parentSpanId === '' ? undefined : span.parentSpanId,
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        serviceName: typeof serviceName === 'string' ? serviceName : undefined,
      })),
    );
  });
}

function attributesOf(attributes: OtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes ?? []) {
    const int = value.intValue === undefined ? undefined : Number(value.intValue);
    const v = value.stringValue ?? value.boolValue ?? value.doubleValue ?? int;
    if (v !== undefined) result[key] = v;
  }
  return result;
}
