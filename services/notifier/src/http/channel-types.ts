/*
 * The shapes tsoa documents in the OpenAPI document. Requests are validated again with the zod schemas of
 * @waymark/contracts (ChannelCreate, ChannelPatch, DeliveryListQuery), which are the source of truth.
 */
import type { Count, DateTime, Url } from '@waymark/http';

/** A webhook-class channel (`webhook`, `zapier`, `n8n`) or Slack: deliveries are POSTed to `config.url`. */
export interface UrlChannelCreate {
  type: 'webhook' | 'zapier' | 'n8n' | 'slack';
  /**
   * @minLength 1
   * @maxLength 100
   * @example "Orders webhook"
   */
  name: string;
  /** Default true. */
  enabled?: boolean;
  /** https only (plain http only for hosts the operator allowlists); private, loopback and metadata addresses are refused. Slack: its incoming-webhook URL. */
  config: UrlChannelConfig;
}

export interface UrlChannelConfig {
  /** @example "https://hooks.acme.example/waymark" */
  url: Url;
}

export interface EmailChannelConfig {
  /**
   * @format email
   * @maxLength 254
   * @example "alerts@acme.example"
   */
  email: string;
}

/** An email channel: double opt-in, nothing is sent before the recipient opens the confirmation link. */
export interface EmailChannelCreate {
  type: 'email';
  /**
   * @minLength 1
   * @maxLength 100
   */
  name: string;
  enabled?: boolean;
  config: EmailChannelConfig;
}

export type ChannelCreateBody = UrlChannelCreate | EmailChannelCreate;

export interface ChannelPatchBody {
  /** false pauses the channel and cancels its pending retries at once. */
  enabled?: boolean;
  /**
   * @minLength 1
   * @maxLength 100
   */
  name?: string;
  /** URL channels only: the new URL, checked exactly like a new channel's. */
  config?: UrlChannelConfig;
}

export interface SecretRotateBody {
  /**
   * How long the old secret keeps signing, in seconds: 0 to 604800 (7 days). Default: the service's overlap (24 h).
   * @isInt
   * @minimum 0
   * @maximum 604800
   */
  overlapSeconds?: number;
}

export interface SecretRotationView {
  channelId: string;
  /** The new `whsec_` secret: shown in this response only. */
  signingSecret: string;
  /** Until when the old secret still signs deliveries; null when it was dropped at once. */
  previousSecretExpiresAt: DateTime | null;
}

/** A delivery scheduled by a test send or a redelivery; its attempts appear in the channel's delivery log. */
export interface DeliveryScheduledView {
  deliveryId: string;
  channelId: string;
  /** The `webhook-id` of its attempts. */
  eventId: string;
  /** True for a test send. */
  test: boolean;
}

export interface ChannelView {
  /** @example "ch_0193f1d27c4e7b1a9f0e3a5b6c7d8e9f" */
  id: string;
  type: 'webhook' | 'zapier' | 'n8n' | 'slack' | 'email';
  name: string;
  enabled: boolean;
  config: UrlChannelConfig | EmailChannelConfig;
  /** True when deliveries carry Standard Webhooks signature headers. */
  signed: boolean;
  /** Email channels: false until the recipient confirms. Always true for other types. */
  confirmed: boolean;
  createdAt: DateTime;
  /** `whsec_` + base64 of 32 random bytes; only in the create response of signed types, never again. */
  signingSecret?: string;
  /**
   * The channel's version, the same value as the `ETag` header of its create and update answers: send it in
   * `If-Match` so a PATCH or DELETE applies only to this version.
   * @example "\"5d41402abc4b2a76b9719d911017c592\""
   */
  etag: string;
}

export interface DeliveryAttemptView {
  id: string;
  /** The delivery (one event to one channel) the attempt belongs to: what `redeliver` takes. */
  deliveryId: string;
  channelId: string;
  /** The click event id: the `webhook-id` header, identical on every attempt. */
  eventId: string;
  /**
   * 1 to 6.
   * @isInt
   * @minimum 1
   * @maximum 6
   */
  attempt: number;
  at: DateTime;
  outcome: 'delivered' | 'failed';
  /**
   * @isInt
   * @minimum 100
   * @maximum 599
   */
  httpStatus: number | null;
  errorKind: 'timeout' | 'refused' | 'tls' | 'dns' | 'http' | 'blocked' | 'other' | null;
  durationMs: Count;
  /** First 1 KB of the response body. */
  responseSnippet: string | null;
  /** True when no further attempt follows. */
  terminal: boolean;
  /** True for the attempts of a test send (POST /v1/channels/{id}/test). */
  test: boolean;
  /**
   * After a failed attempt that is not the last: when the next attempt ran, or is due while the delivery waits. Null
   * after a delivered or terminal attempt, or when the retry was dropped (channel disabled or deleted).
   */
  nextAttemptAt: DateTime | null;
}

export interface ChannelListView {
  channels: ChannelView[];
  /** Pass as `cursor` for the next page; null on the last page */
  nextCursor: string | null;
}

export interface DeliveryListView {
  deliveries: DeliveryAttemptView[];
  nextCursor: string | null;
}

export interface EmailConfirmationView {
  channelId: string;
  confirmed: true;
}
