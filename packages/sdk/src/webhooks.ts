import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { InMemoryReplayGuard, type ReplayGuard } from './replay-guard';

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

/**
 * A delivery whose signature is valid but which was already verified, as it is (the same `webhook-id` and
 * `webhook-timestamp`), within the tolerance window: a replay by whoever saw it, or a duplicate on the way. The
 * sender's own retries are signed again with a new timestamp and are not refused here; `webhook-id` is what makes a
 * handler idempotent across them.
 */
export class WebhookReplayError extends WebhookVerificationError {
  constructor(readonly webhookId: string) {
    super(`Message ${webhookId} was already verified`);
    // The library's error sets its own prototype, which would hide this subclass from instanceof.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'WebhookReplayError';
  }
}

export interface VerifyWebhookOptions {
  /** Where verified messages are remembered (default: one in-memory guard per process); false to not check replays. */
  replayGuard?: ReplayGuard | false;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

/** The Standard Webhooks tolerance, which the `standardwebhooks` library applies: 5 minutes either way. */
const TOLERANCE_S = 5 * 60;
const processGuard = new InMemoryReplayGuard();

/**
 * Checks a webhook delivery and returns its parsed body; throws WebhookVerificationError when the signature does
 * not match, the timestamp is not a whole number of seconds or is more than 5 minutes off, and WebhookReplayError
 * when the same message (`webhook-id` and `webhook-timestamp`) was verified before within that window. Waymark signs by the Standard Webhooks scheme
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`), so the signature is that library's check.
 * `payload` must be the raw body exactly as received, not re-serialised JSON.
 */
export function verifyWebhook(
  secret: string,
  payload: string | Buffer,
  headers: HeaderBag,
  options: VerifyWebhookOptions = {},
): WaymarkEvent {
  const plain = plainHeaders(headers);
  const timestamp = plain['webhook-timestamp'];
  // The library reads the header with parseInt, which takes `1700000000abc` for 1700000000 and signs that number.
  if (timestamp !== undefined && !/^[0-9]{1,15}$/.test(timestamp)) {
    throw new WebhookVerificationError('Invalid timestamp: not a whole number of seconds');
  }
  const event = new Webhook(secret).verify(payload, plain) as WaymarkEvent;
  const guard = options.replayGuard ?? processGuard;
  const id = plain['webhook-id'] as string;
  // The message as signed: a retry is signed again at its own time, so keying on the id alone would refuse the
  // sender's retry of a delivery whose first handling failed, and that event would be lost.
  const message = `${id}.${timestamp}`;
  if (guard && !guard.firstSeen(message, (Number(timestamp) + TOLERANCE_S) * 1000, Date.now())) {
    throw new WebhookReplayError(id);
  }
  return event;
}

function plainHeaders(headers: HeaderBag): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}
