import { z } from 'zod';
import { Cursor, Id, IsoDateTime } from './common';

/** Six attempts in all (spec 6.2), numbered from 1. */
export const DELIVERY_MAX_ATTEMPTS = 6;

/** Why an attempt failed when there was no HTTP status to report (or `http` for a non-2xx one). */
export const DeliveryErrorKind = z.enum(['timeout', 'refused', 'tls', 'dns', 'http', 'blocked', 'other']);
export type DeliveryErrorKind = z.infer<typeof DeliveryErrorKind>;

/** One attempt in a channel's delivery log. */
export const DeliveryAttempt = z.object({
  id: Id,
  /** The delivery (one event to one channel) this attempt belongs to: what a redelivery names. */
  deliveryId: Id,
  channelId: Id,
  eventId: Id,
  attempt: z.number().int().min(1).max(DELIVERY_MAX_ATTEMPTS),
  at: IsoDateTime,
  outcome: z.enum(['delivered', 'failed']),
  httpStatus: z.number().int().nullable(),
  errorKind: DeliveryErrorKind.nullable(),
  durationMs: z.number().int().min(0),
  responseSnippet: z.string().max(1024).nullable().describe('First 1 KB of the response body'),
  terminal: z.boolean().describe('True when no further attempt follows (delivered, or the last failure)'),
  test: z.boolean().describe('True for a test send (POST /v1/channels/{id}/test)'),
  nextAttemptAt: IsoDateTime.nullable().describe(
    'After a failed attempt that is not the last: when the next attempt ran, or is due while the delivery waits; ' +
      'null after a delivered or terminal attempt, or when the retry was dropped (channel disabled or deleted)',
  ),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const DeliveryListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: Cursor.optional(),
  /** Only the attempts with this outcome. */
  outcome: z.enum(['delivered', 'failed']).optional(),
});
export type DeliveryListQuery = z.output<typeof DeliveryListQuery>;

export const DeliveryList = z.object({
  deliveries: z.array(DeliveryAttempt),
  nextCursor: z.string().nullable(),
});
export type DeliveryList = z.infer<typeof DeliveryList>;

/** The answer to a test send or a redelivery: the delivery scheduled, whose attempts the log shows. */
export const DeliveryScheduled = z.object({
  deliveryId: Id,
  channelId: Id,
  eventId: Id,
  test: z.boolean(),
});
export type DeliveryScheduled = z.infer<typeof DeliveryScheduled>;
