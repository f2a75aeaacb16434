import type { SqlTransaction } from './sql-transaction';

export type ProcessOnceResult<R> = { processed: true; result: R } | { processed: false };

/**
 * Runs `fn` at most once per (consumer, eventId), inside the caller's transaction: the marker row and the effects of
 * `fn` commit together, so a redelivered event (at-least-once bus, outbox republish) is skipped. A concurrent
 * duplicate waits on the marker's unique key and is skipped once the first commits (or runs if the first rolls back).
 */
export async function processOnce<T extends SqlTransaction, R>(
  tx: T,
  consumerName: string,
  eventId: string,
  fn: (tx: T) => Promise<R>,
): Promise<ProcessOnceResult<R>> {
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO "processed_events" ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    consumerName,
    eventId,
  );
  if (inserted === 0) return { processed: false };
  return { processed: true, result: await fn(tx) };
}

/** Forgets markers older than `olderThan`; keep them longer than any redelivery can arrive (topic retention). */
export async function pruneProcessedEvents(tx: SqlTransaction, olderThan: Date): Promise<number> {
  return tx.$executeRawUnsafe(`DELETE FROM "processed_events" WHERE "processed_at" < $1`, olderThan);
}
