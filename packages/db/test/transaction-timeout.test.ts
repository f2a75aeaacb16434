import { setTimeout as sleep } from 'node:timers/promises';
import { isTransientFailure } from '@waymark/events';
import { rejectionOf } from '@waymark/testkit';
import { migratedDatabase } from './fixtures/test-database';

// A process starved of CPU (a burst of work on a small machine) can see an interactive transaction outlive Prisma's
// timeout (5 s by default) between two of its queries. That is load, not a bug in the request: the API must answer
// 503 unavailable (retry later), a consumer must retry the batch rather than park it, and nothing may be half-written.
describe('an interactive transaction that outlives its timeout', () => {
  it('fails as an outage and leaves nothing it wrote', async () => {
    const { prisma } = await migratedDatabase('tx_timeout_test');
    try {
      const error = await rejectionOf(() =>
        prisma.$transaction(
          async (tx) => {
            await tx.widget.create({ data: { id: 'w1', name: 'written before the stall' } });
            await sleep(600);
            await tx.widget.create({ data: { id: 'w2', name: 'written after the stall' } });
          },
          { timeout: 200 },
        ),
      );
      expect(error).toMatchObject({ code: 'P2028' });
      expect(String(error)).toMatch(/expired transaction/);
      expect(isTransientFailure(error)).toBe(true);
      expect(await prisma.widget.count()).toBe(0);
    } finally {
      await prisma.$disconnect();
    }
  });

  it('is told apart from a query on a transaction the code had already finished (a bug: retrying cannot cure it)', async () => {
    const { prisma } = await migratedDatabase('tx_closed_test');
    try {
      let leaked: Parameters<Parameters<typeof prisma.$transaction>[0]>[0] | undefined;
      await prisma.$transaction(async (tx) => {
        leaked = tx;
      });
      const error = await rejectionOf(async () => leaked?.widget.create({ data: { id: 'w1', name: 'too late' } }));
      expect(error).toMatchObject({ code: 'P2028' });
      expect(isTransientFailure(error)).toBe(false);
    } finally {
      await prisma.$disconnect();
    }
  });
});
