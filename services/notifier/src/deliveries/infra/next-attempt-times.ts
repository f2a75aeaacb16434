import type { PrismaClient } from '../../generated/prisma/client';

/** What an attempt of the log needs to know when its delivery is tried next. */
export interface LoggedAttempt {
  id: bigint;
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
      select: { id: true, deliveryId: true, attempt: true, at: true },
      orderBy: { id: 'asc' },
    }),
    prisma.delivery.findMany({
      where: { id: { in: deliveryIds }, status: 'pending' },
      select: { id: true, attempts: true, nextAttemptAt: true },
    }),
  ]);
  const dueAt = new Map(waiting.map((row) => [`${row.id}:${row.attempts + 1}`, row.nextAttemptAt]));
  // A redelivery numbers its attempts from 1 again, so the next attempt is the first one logged after this one.
  const ranAfter = (a: LoggedAttempt) =>
    later.find((row) => row.deliveryId === a.deliveryId && row.attempt === a.attempt + 1 && row.id > a.id)?.at;
  return attempts.map((a) => {
    if (a.outcome !== 'failed' || a.terminal) return null;
    return ranAfter(a) ?? dueAt.get(`${a.deliveryId}:${a.attempt + 1}`) ?? null;
  });
}
