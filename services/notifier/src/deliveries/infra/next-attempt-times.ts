import type { PrismaClient } from '../../generated/prisma/client';

/** What an attempt of the log needs to know when its delivery is tried next. */
export interface LoggedAttempt {
  deliveryId: bigint;
  attempt: number;
  outcome: string;
  terminal: boolean;
}

/**
 * For each failed attempt that was not the last: when the next attempt ran (its `at`), or, while the delivery still
 * waits for it, when it is due. Null for delivered and terminal attempts, and for a retry that will not happen (the
 * delivery was dropped with its channel). Two queries per page, whatever its size.
 */
export async function nextAttemptTimes(prisma: PrismaClient, attempts: LoggedAttempt[]): Promise<(Date | null)[]> {
  const retried = attempts.filter((a) => a.outcome === 'failed' && !a.terminal);
  if (retried.length === 0) return attempts.map(() => null);
  const deliveryIds = [...new Set(retried.map((a) => a.deliveryId))];
  const [later, waiting] = await Promise.all([
    prisma.deliveryAttempt.findMany({
      where: { deliveryId: { in: deliveryIds } },
      select: { deliveryId: true, attempt: true, at: true },
    }),
    prisma.delivery.findMany({
      where: { id: { in: deliveryIds }, status: 'pending' },
      select: { id: true, attempts: true, nextAttemptAt: true },
    }),
  ]);
  const ranAt = new Map(later.map((row) => [`${row.deliveryId}:${row.attempt}`, row.at]));
  const dueAt = new Map(waiting.map((row) => [`${row.id}:${row.attempts + 1}`, row.nextAttemptAt]));
  return attempts.map((a) => {
    if (a.outcome !== 'failed' || a.terminal) return null;
    const next = `${a.deliveryId}:${a.attempt + 1}`;
    return ranAt.get(next) ?? dueAt.get(next) ?? null;
  });
}
