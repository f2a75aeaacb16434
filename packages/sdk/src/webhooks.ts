import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** The body of a click or scan delivery (interface spec section 6.1). */
export interface WaymarkEvent {
  event: string;
  source?: string;
  code: string;
  shortUrl: string;
  title: string;
  destination: string;
  tags: Record<string, string>;
  createdAt: string;
  ts: number;
  at: string;
  ip: string;
  ua: string;
  referer: string | null;
  customerId: string;
  [field: string]: unknown;
}

export { WebhookVerificationError };

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks a webhook delivery and returns its parsed body; throws WebhookVerificationError when the signature does
 * not match or the timestamp is more than 5 minutes off. Waymark signs by the Standard Webhooks scheme
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`), so this is that library's verifier.
 * `payload` must be the raw body exactly as received, not re-serialised JSON.
 */
export function verifyWebhook(secret: string, payload: string | Buffer, headers: HeaderBag): WaymarkEvent {
  return new Webhook(secret).verify(payload, plainHeaders(headers)) as WaymarkEvent;
}

function plainHeaders(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
