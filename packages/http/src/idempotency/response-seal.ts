import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a replay repeats: the headers it names and the body, exactly as first sent. */
export interface ReplayableResponse {
  headers: Record<string, string>;
  body: string;
}

const VERSION = 'v1';
const INFO = 'waymark idempotency response v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A kept answer may hold what is shown once (a channel's signing secret), so it is stored sealed (AES-256-GCM) under
 * a key derived (HKDF-SHA256) from the credential the caller presents on every request: the database, a backup or
 * an operator holds nothing that opens it, and no configured key is needed. The stored credential id is a SHA-256
 * of the credential, from which the HKDF key cannot be derived. `context` (tenant and Idempotency-Key) is
 * authenticated data, so a sealed answer moved to another row does not open.
 */
export function sealResponse(secret: string, context: string, response: ReplayableResponse): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    Buffer.concat([ciphertext, cipher.getAuthTag()]).toString('base64url'),
  ].join('.');
}

/** The answer `sealResponse` kept; throws when the secret or the context is not the one it was sealed with. */
export function openResponse(secret: string, context: string, sealed: string): ReplayableResponse {
  const [version, iv, payload] = sealed.split('.');
  if (version !== VERSION || iv === undefined || payload === undefined) throw new Error('not a sealed response');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'))
    .setAAD(Buffer.from(context, 'utf8'))
    .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8')) as ReplayableResponse;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
}
