import { DomainError, type DeliveryScheduled, type SecretRotate, type SecretRotation } from '@waymark/contracts';
import { newSigningSecret } from '../../shared-kernel/webhook-signature';
import { isSigned, type ChannelRecord } from '../domain/channel-record';
import { testClickEvent } from '../domain/test-event';
import type { ChannelDeps } from './channels-ports';
import { notFound } from './manage-channels';

/**
 * Sends a signed sample click event to a URL channel as a delivery of its own: logged, retried and listed like any
 * other, marked `test` in the log and in the body.
 */
export async function sendTestEvent(
  deps: Pick<ChannelDeps, 'channels' | 'deliveries' | 'clock'>,
  tenantId: string,
  id: string,
): Promise<DeliveryScheduled> {
  const channel = await enabledChannel(deps, tenantId, id);
  if (channel.type === 'email') {
    throw new DomainError('validation_failed', 'test sends go to webhook-class and Slack channels', [
      { path: 'id', message: 'email channel' },
    ]);
  }
  const { eventId, event } = testClickEvent(tenantId, deps.clock());
  const deliveryId = await deps.deliveries.scheduleTest(channel, eventId, event);
  return { deliveryId, channelId: channel.id, eventId, test: true };
}

/**
 * A fresh attempt series of one finished delivery: the same body and `webhook-id`, so a receiver that already
 * processed the event can tell. A delivery still being attempted is a 409.
 */
export async function redeliver(
  deps: Pick<ChannelDeps, 'channels' | 'deliveries'>,
  tenantId: string,
  id: string,
  deliveryId: string,
): Promise<DeliveryScheduled> {
  const channel = await enabledChannel(deps, tenantId, id);
  const notADelivery = () => new DomainError('not_found', 'No such delivery of this channel');
  if (!/^[1-9]\d{0,18}$/.test(deliveryId) || BigInt(deliveryId) > 2n ** 63n - 1n) throw notADelivery();
  const { result, eventId, test } = await deps.deliveries.redeliver(channel.id, BigInt(deliveryId));
  if (result === 'not_found') throw notADelivery();
  if (result === 'pending') throw new DomainError('conflict', 'This delivery is still being attempted');
  return { deliveryId, channelId: channel.id, eventId: eventId ?? '', test: test ?? false };
}

/**
 * A new signing secret, returned this once and stored only sealed. The old one keeps signing for the overlap, so a
 * receiver can switch without missing a delivery; deliveries meanwhile carry both signatures, the new one first.
 */
export async function rotateSecret(
  deps: Pick<ChannelDeps, 'channels' | 'secrets' | 'clock' | 'secretOverlapMs'>,
  tenantId: string,
  id: string,
  input: SecretRotate,
): Promise<SecretRotation> {
  const channel = await deps.channels.find(tenantId, id);
  if (!channel) throw notFound();
  if (!isSigned(channel.type)) {
    throw new DomainError('validation_failed', `${channel.type} channels are not signed and have no secret`, [
      { path: 'id', message: 'unsigned channel' },
    ]);
  }
  const overlapMs = input.overlapSeconds === undefined ? deps.secretOverlapMs : input.overlapSeconds * 1000;
  const expiresAt = overlapMs > 0 ? new Date(deps.clock().getTime() + overlapMs) : null;
  const signingSecret = newSigningSecret();
  const rotated = await deps.channels.rotateSecret(
    tenantId,
    channel.id,
    deps.secrets.seal(signingSecret, channel.id),
    expiresAt,
  );
  if (!rotated) throw notFound();
  return { channelId: channel.id, signingSecret, previousSecretExpiresAt: expiresAt?.toISOString() ?? null };
}

async function enabledChannel(
  deps: Pick<ChannelDeps, 'channels'>,
  tenantId: string,
  id: string,
): Promise<ChannelRecord> {
  const channel = await deps.channels.find(tenantId, id);
  if (!channel) throw notFound();
  if (!channel.enabled || !channel.confirmed) {
    throw new DomainError('conflict', 'The channel is paused (or not confirmed): enable it first');
  }
  return channel;
}
