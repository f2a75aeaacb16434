import { Agent, request } from 'undici';
import type { SendOutcome, WebhookSender } from '../app/deliveries-ports';
import { errorKindOf } from '../domain/error-kind';
import { checkWebhookUrl, type WebhookUrlPolicy } from '../../channels/domain/webhook-url-policy';
import type { Resolve } from '../../shared-kernel/public-host';
import { guardedLookup } from '../../shared-kernel/guarded-lookup';

export interface WebhookSenderOptions {
  policy: WebhookUrlPolicy;
  resolve: Resolve;
  timeoutMs: number;
  /** Sockets per receiver origin: several channels may share one, so this is the global concurrency. */
  connectionsPerOrigin: number;
}

const SNIPPET_BYTES = 1024;

/**
 * POSTs one webhook body. Connections to untrusted hosts go through an agent whose lookup refuses non-public
 * addresses at connect time; redirects are never followed (a 3xx is a failed attempt); the whole attempt, body
 * included, is bounded by the timeout.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly guarded: Agent;
  private readonly trusted: Agent;

  constructor(private readonly options: WebhookSenderOptions) {
    const common = {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connections: options.connectionsPerOrigin,
    };
    this.guarded = new Agent({
      ...common,
      connect: { timeout: options.timeoutMs, lookup: guardedLookup(options.resolve) },
    });
    this.trusted = new Agent({ ...common, connect: { timeout: options.timeoutMs } });
  }

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome> {
    const verdict = checkWebhookUrl(url, this.options.policy);
    if (!verdict.ok) return { httpStatus: null, errorKind: 'blocked', responseSnippet: verdict.reason };
    try {
      const response = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Waymark-Webhooks/1', ...headers },
        body,
        dispatcher: verdict.trusted ? this.trusted : this.guarded,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const snippet = await readSnippet(response.body);
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      return { httpStatus: response.statusCode, errorKind: ok ? null : 'http', responseSnippet: snippet };
    } catch (error) {
      return { httpStatus: null, errorKind: errorKindOf(error), responseSnippet: null };
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.trusted.close()]);
  }
}

/** The first 1 KB of the response; the rest is discarded without being read into memory. */
async function readSnippet(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= SNIPPET_BYTES) break;
  }
  body.destroy();
  if (size === 0) return null;
  return Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8').slice(0, SNIPPET_BYTES);
}
