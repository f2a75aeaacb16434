import { ChannelType, type ClickEvent, type DeliveryAttempt, type DeliveryErrorKind } from '@waymark/contracts';
import { slackBody } from '../domain/delivery-content';
import type {
  AttemptRecord,
  ClaimedDelivery,
  ClaimOptions,
  DeliveryRepository,
  FanOutItem,
} from '../app/deliveries-ports';
import type { RedeliveryResult } from '../../channels/app/channels-ports';
import { nextAttemptTimes } from './next-attempt-times';
import type { PrismaClient } from '../../generated/prisma/client';

const FAN_OUT_SQL = `
INSERT INTO "delivery" ("channel_id", "event_id", "body", "next_attempt_at", "trace_parent")
SELECT c."id", e."event_id", CASE WHEN c."type" = 'slack' THEN e."slack_body" ELSE e."body" END, now(), e."trace_parent"
  FROM jsonb_to_recordset($1::jsonb)
       AS e("event_id" text, "tenant_id" text, "channel_ids" text[], "body" text, "slack_body" text,
             "trace_parent" text)
  JOIN "channel" c ON c."id" = ANY(e."channel_ids") AND c."tenant_id" = e."tenant_id"
 WHERE c."enabled" AND (c."type" <> 'email' OR c."confirmed")
ON CONFLICT ("channel_id", "event_id") DO NOTHING`;

// Due rows are locked with SKIP LOCKED (several instances poll at once), capped per channel so one slow receiver
// cannot take every slot, and leased: a crash mid-attempt makes the row due again when the lease runs out.
const CLAIM_SQL = `
WITH due AS (
  SELECT d."id", d."channel_id", d."next_attempt_at"
    FROM "delivery" d JOIN "channel" c ON c."id" = d."channel_id"
   WHERE d."status" = 'pending' AND d."next_attempt_at" <= now()
     AND (d."lease_until" IS NULL OR d."lease_until" < now())
     AND c."enabled" AND COALESCE(($3::jsonb ->> d."channel_id")::int, 1) > 0
   ORDER BY d."next_attempt_at", d."id"
   LIMIT $1 * 4
   FOR UPDATE OF d SKIP LOCKED
), chosen AS (
  SELECT "id" FROM (
    SELECT "id", "channel_id", "next_attempt_at",
           row_number() OVER (PARTITION BY "channel_id" ORDER BY "next_attempt_at", "id") AS rn FROM due) ranked
   WHERE rn <= COALESCE(($3::jsonb ->> "channel_id")::int, $2)
   ORDER BY "next_attempt_at", "id" LIMIT $1
)
UPDATE "delivery" d SET "lease_until" = now() + $4::int * interval '1 millisecond'
  FROM chosen, "channel" c
 WHERE d."id" = chosen."id" AND c."id" = d."channel_id"
RETURNING d."id"::text AS "id", d."channel_id" AS "channelId", d."event_id" AS "eventId", d."body", d."attempts",
          c."tenant_id" AS "tenantId", c."type" AS "channelType", c."config", c."secret_ciphertext" AS "secretCiphertext",
          CASE WHEN c."previous_secret_expires_at" > now() THEN c."previous_secret_ciphertext" END
            AS "previousSecretCiphertext",
          d."lease_until"::text AS "leaseUntil", d."trace_parent" AS "traceParent"`;

// Hands back claims never attempted (a stopping worker), only where the lease is still the one we took.
const RELEASE_SQL = `
UPDATE "delivery" d SET "lease_until" = NULL
  FROM jsonb_to_recordset($1::jsonb) AS r("id" bigint, "lease_until" text)
 WHERE d."id" = r."id" AND d."lease_until" = r."lease_until"::timestamptz AND d."status" = 'pending'`;

// The schedule advances only from the attempt number it expected, so an attempt repeated after a lost lease is not
// counted twice; a paused (cancelled) delivery keeps its status but its last attempt is still logged.
const RECORD_SQL = `
WITH r AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS r("delivery_id" bigint, "attempt" int, "at" timestamptz, "outcome" text,
    "http_status" int, "error_kind" text, "duration_ms" int, "response_snippet" text, "terminal" boolean,
    "retry_in_ms" bigint, "status" text)
), advanced AS (
  UPDATE "delivery" d SET
      "attempts" = r."attempt",
      "status" = CASE WHEN d."status" = 'pending' THEN r."status" ELSE d."status" END,
      "next_attempt_at" = CASE WHEN r."retry_in_ms" IS NULL THEN d."next_attempt_at"
                               ELSE now() + r."retry_in_ms" * interval '1 millisecond' END,
      "lease_until" = NULL
    FROM r WHERE d."id" = r."delivery_id" AND d."attempts" = r."attempt" - 1
  RETURNING d."id", d."channel_id", d."event_id"
)
INSERT INTO "delivery_attempt" ("delivery_id", "channel_id", "event_id", "attempt", "at", "outcome", "http_status",
                                "error_kind", "duration_ms", "response_snippet", "terminal")
SELECT r."delivery_id", a."channel_id", a."event_id", r."attempt", r."at", r."outcome", r."http_status", r."error_kind",
       r."duration_ms", r."response_snippet", r."terminal"
  FROM r JOIN advanced a ON a."id" = r."delivery_id"`;

// A fresh attempt series of a finished delivery: same row, so the same event id and body; attempts count from 1 again
// and retention counts from now. A pending delivery is left alone (it is still being attempted).
const REDELIVER_SQL = `
UPDATE "delivery" SET "status" = 'pending', "attempts" = 0, "next_attempt_at" = now(), "lease_until" = NULL,
                      "created_at" = now()
 WHERE "id" = $1 AND "channel_id" = $2 AND "status" <> 'pending'
RETURNING "event_id" AS "eventId", "test"`;

/** The durable delivery schedule and the attempt log, in the notifier's schema. */
export class PrismaDeliveryRepository implements DeliveryRepository {
  constructor(private readonly prisma: PrismaClient) {}

  /** Inserts one pending delivery per eligible channel; a redelivered click event adds nothing (unique per channel). */
  async fanOut(items: FanOutItem[]): Promise<number> {
    if (items.length === 0) return 0;
    const rows = items.map((i) => ({
      event_id: i.eventId,
      tenant_id: i.tenantId,
      channel_ids: i.channelIds,
      body: i.body,
      slack_body: i.slackBody,
      trace_parent: i.traceParent,
    }));
    return this.prisma.$executeRawUnsafe(FAN_OUT_SQL, JSON.stringify(rows));
  }

  /** Schedules a test send to one channel, due now; the insert trigger wakes every instance's worker. */
  async scheduleTest(channel: { id: string; type: ChannelType }, eventId: string, event: ClickEvent): Promise<string> {
    const body = channel.type === 'slack' ? slackBody(event) : JSON.stringify(event);
    const row = await this.prisma.delivery.create({
      data: { channelId: channel.id, eventId, body, nextAttemptAt: new Date(), test: true },
      select: { id: true },
    });
    return row.id.toString();
  }

  /** A fresh attempt series of a finished delivery of this channel; `pending` while it is still being attempted. */
  async redeliver(
    channelId: string,
    deliveryId: bigint,
  ): Promise<{ result: RedeliveryResult; eventId?: string; test?: boolean }> {
    const [row] = await this.prisma.$queryRawUnsafe<{ eventId: string; test: boolean }[]>(
      REDELIVER_SQL,
      deliveryId,
      channelId,
    );
    if (row) return { result: 'scheduled', eventId: row.eventId, test: row.test };
    const exists = await this.prisma.delivery.count({ where: { id: deliveryId, channelId } });
    return { result: exists > 0 ? 'pending' : 'not_found' };
  }

  async claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]> {
    const rows = await this.prisma.$queryRawUnsafe<
      Array<Omit<ClaimedDelivery, 'channelType'> & { channelType: string }>
    >(CLAIM_SQL, options.limit, options.perChannel, JSON.stringify(options.remainingByChannel), options.leaseMs);
    return rows.map((row) => ({ ...row, channelType: ChannelType.parse(row.channelType) }));
  }

  async release(claims: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>[]): Promise<void> {
    if (claims.length === 0) return;
    await this.prisma.$executeRawUnsafe(
      RELEASE_SQL,
      JSON.stringify(claims.map((c) => ({ id: c.id, lease_until: c.leaseUntil }))),
    );
  }

  async record(attempts: AttemptRecord[]): Promise<void> {
    if (attempts.length === 0) return;
    const rows = attempts.map((a) => ({
      delivery_id: a.deliveryId,
      attempt: a.attempt,
      at: a.at.toISOString(),
      outcome: a.delivered ? 'delivered' : 'failed',
      http_status: a.httpStatus,
      error_kind: a.errorKind,
      duration_ms: a.durationMs,
      // PostgreSQL text cannot hold NUL bytes, which a binary response may contain.
      response_snippet: a.responseSnippet?.replaceAll('\u0000', '\uFFFD') ?? null,
      terminal: a.terminal,
      retry_in_ms: a.retryInMs,
      status: a.delivered ? 'delivered' : a.terminal ? 'failed' : 'pending',
    }));
    await this.prisma.$executeRawUnsafe(RECORD_SQL, JSON.stringify(rows));
  }

  /** Newest first; `beforeId` is the cursor (the last id of the previous page). */
  async listAttempts(
    channelId: string,
    limit: number,
    beforeId: bigint | null,
    outcome?: DeliveryAttempt['outcome'],
  ): Promise<{ attempts: DeliveryAttempt[]; more: boolean }> {
    const rows = await this.prisma.deliveryAttempt.findMany({
      where: { channelId, ...(beforeId === null ? {} : { id: { lt: beforeId } }), ...(outcome ? { outcome } : {}) },
      orderBy: { id: 'desc' },
      take: limit + 1,
    });
    const page = rows.slice(0, limit);
    const [nextAt, tests] = await Promise.all([nextAttemptTimes(this.prisma, page), testDeliveries(this.prisma, page)]);
    const attempts = page.map((row, i) => ({
      id: row.id.toString(),
      deliveryId: row.deliveryId.toString(),
      channelId: row.channelId,
      eventId: row.eventId,
      attempt: row.attempt,
      at: row.at.toISOString(),
      outcome: row.outcome as DeliveryAttempt['outcome'],
      httpStatus: row.httpStatus,
      errorKind: row.errorKind as DeliveryErrorKind | null,
      durationMs: row.durationMs,
      responseSnippet: row.responseSnippet,
      terminal: row.terminal,
      nextAttemptAt: nextAt[i]?.toISOString() ?? null,
      test: tests.has(row.deliveryId),
    }));
    return { attempts, more: rows.length > limit };
  }
}

/** Which of the page's deliveries are test sends (one query per page). */
async function testDeliveries(prisma: PrismaClient, page: { deliveryId: bigint }[]): Promise<Set<bigint>> {
  if (page.length === 0) return new Set();
  const rows = await prisma.delivery.findMany({
    where: { id: { in: [...new Set(page.map((a) => a.deliveryId))] }, test: true },
    select: { id: true },
  });
  return new Set(rows.map((row) => row.id));
}
