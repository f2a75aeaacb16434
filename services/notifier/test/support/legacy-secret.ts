import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * A signing secret sealed as notifiers before key ids did it (`v1.<base64 iv|tag|ciphertext>`, AES-256-GCM, the
 * channel id as associated data): the rotation must still open these.
 */
export function sealLegacyV1(base64Key: string, plaintext: string, channelId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(base64Key, 'base64'), iv);
  cipher.setAAD(Buffer.from(channelId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')}`;
}
