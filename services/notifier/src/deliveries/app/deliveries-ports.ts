import type { ChannelType, DeliveryAttempt, DeliveryErrorKind } from '@waymark/contracts';

/** One click event fanned out to the channels it names; bodies serialised once by the caller. */
export interface FanOutItem {
  eventId: string;
  tenantId: string;
  channelIds: string[];
  body: string;
  slackBody: string;
  /** The click event's traceparent, kept with each delivery for the attempts' spans. */
  traceParent: string | null;
}

export interface ClaimedDelivery {
  id: string;
  channelId: string;
  tenantId: string;
  eventId: string;
  body: string;
  /** Attempts already made; this one is number `attempts + 1`. */
  attempts: number;
  channelType: ChannelType;
  config: { url?: string; email?: string };
  secretCiphertext: string | null;
  /** The secret a rotation replaced, while its overlap lasts: deliveries carry its signature too. */
  previousSecretCiphertext?: string | null;
  /** The click event's traceparent, when it was traced. */
  traceParent?: string | null;
  /**
   * The lease this claim took (exact database value), so an unused claim can be handed back without touching a
   * newer one.
   */
  leaseUntil: string;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  at: Date;
  delivered: boolean;
  httpStatus: number | null;
  errorKind: DeliveryErrorKind | null;
  durationMs: number;
  responseSnippet: string | null;
  terminal: boolean;
  /** Delay before the next attempt, null when this one is terminal. */
  retryInMs: number | null;
}

export interface ClaimOptions {
  limit: number;
  perChannel: number;
  /** Slots left for channels that already have attempts in flight here (0 excludes the channel). */
  remainingByChannel: Record<string, number>;
  leaseMs: number;
}

/** The durable delivery schedule and the attempt log. */
export interface DeliveryRepository {
  /** Inserts one pending delivery per eligible channel; a redelivered click event adds nothing (unique per channel). */
  fanOut(items: FanOutItem[]): Promise<number>;
  /** Leases due deliveries, capped per channel. */
  claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]>;
  /** Hands back claims never attempted, where the lease is still the one taken. */
  release(claims: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>[]): Promise<void>;
  /** Logs attempts and advances their deliveries' schedule. */
  record(attempts: AttemptRecord[]): Promise<void>;
  /** Newest first; `beforeId` is the cursor (the last id of the previous page). */
  listAttempts(
    channelId: string,
    limit: number,
    beforeId: bigint | null,
    outcome?: DeliveryAttempt['outcome'],
  ): Promise<{ attempts: DeliveryAttempt[]; more: boolean }>;
}

// Mail is declared by channels (their opt-in mails need it first); email deliveries use the same port.
export type { MailSender, OutgoingMail } from '../../channels/app/channels-ports';

export interface SendOutcome {
  httpStatus: number | null;
  errorKind: DeliveryErrorKind | null;
  responseSnippet: string | null;
}

/** POSTs one webhook body; every failure is an outcome, never a rejection. */
export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: string): Promise<SendOutcome>;
}
