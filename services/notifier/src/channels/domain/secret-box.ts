import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const CURRENT_FORMAT = 'v2';
const LEGACY_FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

interface Key {
  readonly id: string;
  readonly bytes: Buffer;
}

/**
 * AES-256-GCM for signing secrets at rest, with a key ring so the key can be rotated without losing secrets.
 *
 * Sealed form: `v2.<key id>.<base64 iv|tag|ciphertext>`. The key id is a 64-bit fingerprint of the key (SHA-256,
 * domain-separated), so `open` picks the right key at once and a rotation can find what is still sealed with an
 * older key. `v1.<base64 ...>` (before key ids existed) is still opened, by trying each key: GCM's tag tells which one
 * fits. The channel id is bound as associated data, so a ciphertext copied onto another channel's row does not decrypt.
 *
 * `seal` always uses the current key; the previous keys only open.
 */
export class SecretBox {
  private readonly current: Key;
  private readonly keys: readonly Key[];

  constructor(currentBase64Key: string, previousBase64Keys: readonly string[] = []) {
    this.current = toKey(currentBase64Key);
    const previous = previousBase64Keys.map(toKey).filter((key) => key.id !== this.current.id);
    this.keys = [this.current, ...previous];
  }

  /** The fingerprint written into every secret sealed now. */
  get currentKeyId(): string {
    return this.current.id;
  }

  /** How every secret sealed now begins (a rotation looks for rows that do not begin so). */
  get currentSealedPrefix(): string {
    return `${CURRENT_FORMAT}.${this.current.id}.`;
  }

  /** True when `sealed` is in the current format under the current key: nothing to re-seal. */
  isSealedWithCurrentKey(sealed: string): boolean {
    return sealed.startsWith(this.currentSealedPrefix);
  }

  seal(plaintext: string, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${this.currentSealedPrefix}${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
  }

  open(sealed: string, boundTo: string): string {
    const parts = sealed.split('.');
    if (parts[0] === CURRENT_FORMAT && parts.length === 3) {
      const key = this.keys.find((candidate) => candidate.id === parts[1]);
      if (!key) {
        throw new Error(
          `the secret was sealed with key ${parts[1]}, which is neither SECRET_ENCRYPTION_KEY nor one of SECRET_ENCRYPTION_PREVIOUS_KEYS`,
        );
      }
      return decrypt(key, parts[2] ?? '', boundTo);
    }
    if (parts[0] === LEGACY_FORMAT && parts.length === 2) {
      for (const key of this.keys) {
        try {
          return decrypt(key, parts[1] ?? '', boundTo);
        } catch {
          // Not this key (or not this channel): the GCM tag did not verify. Try the next one.
        }
      }
      throw new Error('the secret (v1, no key id) opens with none of the configured keys for this channel');
    }
    throw new Error('unknown sealed secret format');
  }
}

function toKey(base64Key: string): Key {
  const bytes = Buffer.from(base64Key, 'base64');
  if (bytes.length !== KEY_BYTES) throw new Error('a secret encryption key must be 32 bytes');
  const id = createHash('sha256').update('waymark notifier secret key id\0').update(bytes).digest('hex').slice(0, 16);
  return { id, bytes };
}

function decrypt(key: Key, payload: string, boundTo: string): string {
  const raw = Buffer.from(payload, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('sealed secret is truncated');
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
