import type { ChannelPatch, ClickEvent, DeliveryAttempt, KeysetPosition } from '@waymark/contracts';
import type { ChannelRecord } from '../domain/channel-record';
import type { Resolve } from '../../shared-kernel/public-host';
import type { SecretBox } from '../domain/secret-box';
import type { WebhookUrlPolicy } from '../domain/webhook-url-policy';

export interface SealedSecret {
  channelId: string;
  secretCiphertext: string;
}

export interface PendingConfirmation {
  tokenHash: string;
  expiresAt: Date;
}

/** Channels and their opt-in tokens. Every change publishes the channel's state on channels.v1. */
/** A check on the channel as stored, under lock, before a write (If-Match); it throws to refuse the write. */
export type ChannelPrecondition = (current: ChannelRecord) => void;

export interface ChannelRepository {
  /** `beforeCommit` runs inside the transaction (the opt-in mail): if it throws, nothing is stored. */
  create(
    record: ChannelRecord,
    confirmation: PendingConfirmation | null,
    beforeCommit: () => Promise<void>,
  ): Promise<void>;
  /** Oldest first, `limit` rows after the `after` position (keyset on createdAt, then id). */
  list(tenantId: string, limit: number, after: KeysetPosition | null): Promise<ChannelRecord[]>;
  find(tenantId: string, id: string): Promise<ChannelRecord | null>;
  /**
   * Pausing cancels the channel's pending deliveries in the same transaction: no retry runs after it commits.
   * `precondition` sees the row read under lock before anything is written; it throws to refuse the change.
   */
  update(
    tenantId: string,
    id: string,
    patch: ChannelPatch,
    reason?: string | null,
    precondition?: ChannelPrecondition,
  ): Promise<ChannelRecord | null>;
  /** Deleting removes pending deliveries and the log with it and tombstones the channel on channels.v1. */
  delete(tenantId: string, id: string, precondition?: ChannelPrecondition): Promise<boolean>;
  /**
   * Up to `limit` channels with a secret that does not start with `sealedPrefix` (the current key's form), in id
   * order after `afterId`: what a key rotation still has to re-seal.
   */
  secretsNotSealedWith(sealedPrefix: string, afterId: string, limit: number): Promise<SealedSecret[]>;
  /**
   * Swaps a channel's sealed secret for the same secret sealed anew, only if the row still holds `expected`.
   * Resolves whether the row was changed.
   */
  replaceSealedSecret(channelId: string, expected: string, next: string): Promise<boolean>;
  /**
   * Seals in `nextCiphertext` as the channel's secret. The secret it replaces keeps signing until `previousExpiresAt`
   * (null: it is dropped at once); one still kept from an earlier rotation is dropped. Resolves false when the
   * tenant has no such signed channel.
   */
  rotateSecret(tenantId: string, id: string, nextCiphertext: string, previousExpiresAt: Date | null): Promise<boolean>;
  /** Whether a token is unexpired and unused, without using it (the landing page a GET shows). */
  hasPendingConfirmation(tokenHash: string, now: Date): Promise<boolean>;
  /** Uses an unexpired, unused token once; resolves with the confirmed channel, or null. */
  confirm(tokenHash: string, now: Date): Promise<ChannelRecord | null>;
}

/** A channel's delivery attempts, newest first, as the deliveries feature logs them; `beforeId` is the cursor. */
export interface AttemptLog {
  listAttempts(
    channelId: string,
    limit: number,
    beforeId: bigint | null,
    outcome?: DeliveryAttempt['outcome'],
  ): Promise<{ attempts: DeliveryAttempt[]; more: boolean }>;
}

/** What a redelivery request found. */
export type RedeliveryResult = 'scheduled' | 'not_found' | 'pending';

/** New attempt series the API asks for; the delivery worker runs them like any other. */
export interface DeliveryRequests {
  /**
   * Schedules a test send of `event` to one channel, due now, in the body the channel's type gets (a Slack message
   * for Slack); resolves with the delivery's id.
   */
  scheduleTest(channel: Pick<ChannelRecord, 'id' | 'type'>, eventId: string, event: ClickEvent): Promise<string>;
  /**
   * Starts a fresh attempt series of a finished delivery of this channel: same event id and body, attempts from 1.
   * `pending` when it is still being attempted.
   */
  redeliver(
    channelId: string,
    deliveryId: bigint,
  ): Promise<{ result: RedeliveryResult; eventId?: string; test?: boolean }>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative; every user-supplied value in it must be escaped by its author. */
  html?: string;
}

/** Sends one mail; rejects when it could not be handed over. */
export interface MailSender {
  send(mail: OutgoingMail): Promise<void>;
}

/** The ports the channel use cases share; each use case takes only the ones it names. */
export interface ChannelDeps {
  channels: ChannelRepository;
  deliveries: AttemptLog & DeliveryRequests;
  secrets: SecretBox;
  mail: MailSender;
  urlPolicy: WebhookUrlPolicy;
  resolve: Resolve;
  clock: () => Date;
  confirmation: { baseUrl: string; ttlMs: number };
  /** How long a rotated-out signing secret keeps signing when the request does not say (SECRET_ROTATION_OVERLAP). */
  secretOverlapMs: number;
}
