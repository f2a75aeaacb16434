import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The HMAC key: the base64-decoded part after the prefix (spec 6.3). */
export function signingKeyOf(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a signing secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/**
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` over the exact bytes sent (Standard Webhooks).
 * Written on node:crypto rather than the `standardwebhooks` package: it is four lines, and keeping the package for
 * verification in tests makes those tests an independent check of this signer.
 */
export function signWebhook(key: Buffer, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', key)
    .update(`${webhookId}.${timestampSeconds}.`)
    .update(body, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The signed headers. With several keys (during a secret rotation: the new one first) `webhook-signature` holds one
 * `v1,` signature per key, space-separated, and a Standard Webhooks verifier accepts the delivery with any of them.
 */
export function webhookHeaders(keys: Buffer | Buffer[], webhookId: string, at: Date, body: string): SignedHeaders {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': (Array.isArray(keys) ? keys : [keys])
      .map((key) => signWebhook(key, webhookId, timestamp, body))
      .join(' '),
  };
}
