import { createHash, randomBytes } from 'node:crypto';
import { DomainError, type Channel, type ChannelCreate } from '@waymark/contracts';
import { isSigned, newChannelId, toChannel, type ChannelRecord } from '../domain/channel-record';
import { confirmationMail } from '../domain/confirmation-mail';
import { newSigningSecret } from '../../shared-kernel/webhook-signature';
import { resolvePublic } from '../../shared-kernel/public-host';
import { checkWebhookUrl } from '../domain/webhook-url-policy';
import type { ChannelDeps } from './channels-ports';

type Deps = Pick<ChannelDeps, 'channels' | 'secrets' | 'mail' | 'urlPolicy' | 'resolve' | 'clock' | 'confirmation'>;

/**
 * Creates a channel. Webhook-class channels get a signing secret, returned here once and stored only sealed.
 * Email channels start unconfirmed; the opt-in mail is sent inside the creating transaction, so a channel whose
 * mail could not be sent does not exist (503 `unavailable`).
 */
export async function createChannel(deps: Deps, tenantId: string, input: ChannelCreate): Promise<Channel> {
  // The URL is stored as it was judged: `https://2130706433/h` is kept as `https://127.0.0.1/h`.
  const config = 'url' in input.config ? { url: await assertReachableUrl(deps, input.config.url) } : input.config;
  const id = newChannelId();
  const signingSecret = isSigned(input.type) ? newSigningSecret() : undefined;
  const record: ChannelRecord = {
    id,
    tenantId,
    type: input.type,
    name: input.name,
    enabled: input.enabled,
    confirmed: input.type !== 'email',
    config,
    secretCiphertext: signingSecret ? deps.secrets.seal(signingSecret, id) : null,
    createdAt: deps.clock(),
  };
  if (!('email' in config)) {
    await deps.channels.create(record, null, async () => undefined);
    return { ...toChannel(record), ...(signingSecret ? { signingSecret } : {}) };
  }
  const email = config.email;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(record.createdAt.getTime() + deps.confirmation.ttlMs);
  const link = `${deps.confirmation.baseUrl}/v1/email-confirmations/${token}`;
  const mail = confirmationMail(input.name, link, Math.round(deps.confirmation.ttlMs / 3_600_000));
  await deps.channels.create(record, { tokenHash: hashToken(token), expiresAt }, async () => {
    try {
      await deps.mail.send({ to: email, ...mail });
    } catch {
      throw new DomainError('unavailable', 'The confirmation mail could not be sent; try again later');
    }
  });
  return toChannel(record);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * URL rules at creation (and on a PATCH of the URL): the static ones, then every address the host resolves to right now. Resolves with the URL
 * as it was judged, normalised.
 */
export async function assertReachableUrl(deps: Pick<Deps, 'urlPolicy' | 'resolve'>, url: string): Promise<string> {
  const verdict = checkWebhookUrl(url, deps.urlPolicy);
  if (!verdict.ok) throw invalidUrl(verdict.reason);
  if (verdict.trusted) return verdict.url;
  try {
    await resolvePublic(deps.resolve, verdict.host);
    return verdict.url;
  } catch (error) {
    const blocked = (error as { code?: string }).code === 'EWEBHOOKBLOCKED';
    throw invalidUrl(blocked ? (error as Error).message.replace(/^webhook host \S+ /, '') : 'does not resolve');
  }
}

function invalidUrl(reason: string): DomainError {
  return new DomainError('validation_failed', `config.url ${reason}`, [{ path: 'config.url', message: reason }]);
}
