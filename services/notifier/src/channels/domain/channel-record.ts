import { SIGNED_CHANNEL_TYPES, type Channel, type ChannelState, type ChannelType } from '@waymark/contracts';
import { randomUUID } from 'node:crypto';

/** A channel as the notifier stores it (the sealed secret never leaves infra and the attempt executor). */
export interface ChannelRecord {
  id: string;
  tenantId: string;
  type: ChannelType;
  name: string;
  enabled: boolean;
  confirmed: boolean;
  config: { url: string } | { email: string };
  secretCiphertext: string | null;
  createdAt: Date;
}

export const isSigned = (type: ChannelType): boolean => SIGNED_CHANNEL_TYPES.includes(type);

export function newChannelId(): string {
  return `ch_${randomUUID().replace(/-/g, '')}`;
}

/** The public Channel (spec 2.3): no secret; `signingSecret` is added only by the create response. */
export function toChannel(record: ChannelRecord): Channel {
  return {
    id: record.id,
    type: record.type,
    name: record.name,
    enabled: record.enabled,
    config: record.config,
    signed: isSigned(record.type),
    confirmed: record.confirmed,
    createdAt: record.createdAt.toISOString(),
  };
}

/** The channels.v1 value link-api checks `notifyChannels` against. */
export function toChannelState(record: ChannelRecord): ChannelState {
  return {
    version: 1,
    eventId: randomUUID(),
    id: record.id,
    tenantId: record.tenantId,
    type: record.type,
    enabled: record.enabled,
    confirmed: record.confirmed,
  };
}
