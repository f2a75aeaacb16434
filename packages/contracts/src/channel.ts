import { z } from 'zod';
import { HttpUrl, Id, IsoDateTime, NO_CONTROL_CHARS } from './common';

export const CHANNEL_TYPES = ['webhook', 'zapier', 'n8n', 'slack', 'email'] as const;
export const ChannelType = z.enum(CHANNEL_TYPES);
export type ChannelType = z.infer<typeof ChannelType>;

/** Webhook-class types: deliveries are signed and creation returns a one-time `signingSecret`. */
export const SIGNED_CHANNEL_TYPES: readonly ChannelType[] = ['webhook', 'zapier', 'n8n'];

export const ChannelName = z.string().min(1).max(100).regex(NO_CONTROL_CHARS, 'must not contain control characters');

const UrlConfig = z.strictObject({ url: HttpUrl });
const EmailConfig = z.strictObject({ email: z.email().max(254) });

const base = { name: ChannelName, enabled: z.boolean().default(true) };

/** POST /v1/channels body, discriminated on `type`. Slack's `url` is its incoming-webhook URL. */
export const ChannelCreate = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('webhook'), ...base, config: UrlConfig }),
  z.strictObject({ type: z.literal('zapier'), ...base, config: UrlConfig }),
  z.strictObject({ type: z.literal('n8n'), ...base, config: UrlConfig }),
  z.strictObject({ type: z.literal('slack'), ...base, config: UrlConfig }),
  z.strictObject({ type: z.literal('email'), ...base, config: EmailConfig }),
]);
export type ChannelCreate = z.output<typeof ChannelCreate>;

/**
 * PATCH /v1/channels/{id}: pause/resume, rename, or move a URL channel to another URL (screened like a new one).
 * Pausing stops pending retries at once (spec 3.3). An email address is not changed here: it needs a new opt-in.
 */
export const ChannelPatch = z.strictObject({
  enabled: z.boolean().optional(),
  name: ChannelName.optional(),
  config: UrlConfig.optional(),
});
export type ChannelPatch = z.infer<typeof ChannelPatch>;

/** Channel (spec 2.3). `config` never contains secrets; `signingSecret` only in the create response. */
export const Channel = z.object({
  id: Id,
  type: ChannelType,
  name: z.string(),
  enabled: z.boolean(),
  config: z.union([z.object({ url: z.string() }), z.object({ email: z.string() })]),
  signed: z.boolean(),
  confirmed: z.boolean(),
  createdAt: IsoDateTime,
  signingSecret: z.string().startsWith('whsec_').optional(),
});
export type Channel = z.infer<typeof Channel>;

/** A page of channels, oldest first; `nextCursor` is null on the last page. */
export const ChannelList = z.object({ channels: z.array(Channel), nextCursor: z.string().nullable() });
export const ChannelListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().min(1).max(512).optional(),
});
export type ChannelListQuery = z.output<typeof ChannelListQuery>;
export type ChannelList = z.infer<typeof ChannelList>;

/** Longest overlap a secret rotation may keep the old secret valid: 7 days. */
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 24 * 3600;

/** POST /v1/channels/{id}/secret/rotate body; without `overlapSeconds` the service's default overlap applies. */
export const SecretRotate = z.strictObject({
  overlapSeconds: z.number().int().min(0).max(MAX_SECRET_OVERLAP_SECONDS).optional(),
});
export type SecretRotate = z.infer<typeof SecretRotate>;

/** The rotation's answer: the new secret, shown this once, and until when the old one still signs. */
export const SecretRotation = z.object({
  channelId: Id,
  signingSecret: z.string().startsWith('whsec_'),
  previousSecretExpiresAt: IsoDateTime.nullable(),
});
export type SecretRotation = z.infer<typeof SecretRotation>;
