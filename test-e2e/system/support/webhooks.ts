import { Webhook } from 'standardwebhooks';
import type { ReceivedWebhook } from './webhook-receiver';

export interface VerifiedDelivery {
  id: string;
  payload: Record<string, unknown>;
}

/**
 * Verifies every accepted delivery of one channel with the `standardwebhooks` library (as an integrator would) and
 * returns one entry per webhook-id (at-least-once delivery may repeat an id). A bad signature throws.
 */
export function verifiedDeliveries(
  received: readonly ReceivedWebhook[],
  path: string,
  secret: string,
): VerifiedDelivery[] {
  const webhook = new Webhook(secret);
  const byId = new Map<string, VerifiedDelivery>();
  for (const delivery of received.filter((r) => r.path === path && r.status < 300)) {
    const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
    const payload = webhook.verify(delivery.body, headers) as Record<string, unknown>;
    byId.set(headers['webhook-id'] as string, { id: headers['webhook-id'] as string, payload });
  }
  return [...byId.values()];
}
