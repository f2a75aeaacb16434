import { createLogger } from '@waymark/logging';
import { DeliveryWorker } from './delivery-worker';
import type { AttemptRecord, ClaimedDelivery, ClaimOptions } from '../app/deliveries-ports';

const logger = createLogger({ service: 'notifier-test', level: 'silent' });

function delivery(id: number, channelId: string): ClaimedDelivery {
  return {
    id: String(id),
    channelId,
    tenantId: 't',
    eventId: `e${id}`,
    body: '{}',
    attempts: 0,
    channelType: 'webhook',
    config: {},
    secretCiphertext: null,
    leaseUntil: `L${id}`,
  };
}

function result(d: ClaimedDelivery): AttemptRecord {
  return {
    deliveryId: d.id,
    attempt: 1,
    at: new Date(),
    delivered: true,
    httpStatus: 204,
    errorKind: null,
    durationMs: 1,
    responseSnippet: null,
    terminal: true,
    retryInMs: null,
  };
}

/** An in-memory schedule that honours the claim's limits, and attempts the test finishes by hand. */
function harness(
  due: ClaimedDelivery[],
  options: { concurrency: number; perChannel: number; maxQueueWaitMs?: number; now?: () => number },
) {
  const claims: ClaimOptions[] = [];
  const recorded: AttemptRecord[] = [];
  const released: string[] = [];
  const open = new Map<string, () => void>();
  const sending = new Map<string, number>();
  let peak = 0;
  let peakPerChannel = 0;
  const worker = new DeliveryWorker({
    logger,
    concurrency: options.concurrency,
    perChannel: options.perChannel,
    pollIntervalMs: 60_000,
    leaseMs: 60_000,
    maxQueueWaitMs: options.maxQueueWaitMs ?? 30_000,
    now: options.now,
    deliveries: {
      claimDue: async (claim) => {
        claims.push(claim);
        const taken: ClaimedDelivery[] = [];
        const perChannel = new Map<string, number>();
        for (const d of [...due]) {
          const room = claim.remainingByChannel[d.channelId] ?? claim.perChannel;
          if (taken.length >= claim.limit || (perChannel.get(d.channelId) ?? 0) >= room) continue;
          perChannel.set(d.channelId, (perChannel.get(d.channelId) ?? 0) + 1);
          taken.push(d);
          due.splice(due.indexOf(d), 1);
        }
        return taken;
      },
      record: async (results) => void recorded.push(...results),
      release: async (claimsBack) => void released.push(...claimsBack.map((c) => c.id)),
    },
    attempt: (d) =>
      new Promise<AttemptRecord>((resolve) => {
        sending.set(d.channelId, (sending.get(d.channelId) ?? 0) + 1);
        peak = Math.max(
          peak,
          [...sending.values()].reduce((a, b) => a + b, 0),
        );
        peakPerChannel = Math.max(peakPerChannel, ...sending.values());
        open.set(d.id, () => {
          sending.set(d.channelId, (sending.get(d.channelId) ?? 1) - 1);
          open.delete(d.id);
          resolve(result(d));
        });
      }),
  });
  const settle = async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  const finishAll = async () => {
    for (let i = 0; i < 1000 && (open.size > 0 || due.length > 0); i += 1) {
      for (const finish of [...open.values()]) finish();
      await settle();
    }
  };
  return { worker, claims, recorded, released, open, settle, finishAll, peaks: () => ({ peak, peakPerChannel }) };
}

describe('DeliveryWorker', () => {
  it('claims due rows in batches and runs each exactly once within the global and per-channel bounds', async () => {
    const due = Array.from({ length: 200 }, (_, i) => delivery(i, `ch${i % 3}`));
    const h = harness(due, { concurrency: 8, perChannel: 3 });
    h.worker.start();
    await h.settle();
    expect(h.claims[0]).toMatchObject({ limit: 16, perChannel: 6 });
    expect(h.open.size).toBe(8);
    await h.finishAll();
    await h.worker.stop();
    expect(h.recorded.map((r) => Number(r.deliveryId)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 200 }, (_, i) => i),
    );
    expect(h.peaks()).toEqual({ peak: 8, peakPerChannel: 3 });
    expect(h.claims.length).toBeLessThanOrEqual(200 / 8 + 4); // about one claim per round of 8 finished attempts (not one per slot)
  });

  it('drops queued attempts of a stopped channel, and hands back unstarted claims when stopping', async () => {
    const due = [1, 2, 3, 4, 5, 6].map((i) => delivery(i, i <= 3 ? 'paused' : 'other'));
    const h = harness(due, { concurrency: 2, perChannel: 1 });
    h.worker.start();
    await h.settle();
    expect([...h.open.keys()].sort()).toEqual(['1', '4']);
    h.worker.forgetChannel('paused');
    const stopping = h.worker.stop();
    await h.settle();
    expect(h.released).toEqual(['5']); // 2 was dropped (its channel stopped), 3 and 6 were never claimed
    for (const finish of [...h.open.values()]) finish();
    await stopping;
    expect(h.recorded.map((r) => r.deliveryId).sort()).toEqual(['1', '4']);
  });

  it('never starts a claim that waited in the queue past maxQueueWaitMs (its lease may run out mid-attempt)', async () => {
    let now = 0;
    const due = [1, 2, 3].map((i) => delivery(i, 'slow'));
    const h = harness(due, { concurrency: 4, perChannel: 1, maxQueueWaitMs: 1_000, now: () => now });
    h.worker.start();
    await h.settle();
    expect([...h.open.keys()]).toEqual(['1']);
    now = 5_000;
    h.open.get('1')?.();
    await h.settle();
    expect([...h.open.keys()]).toEqual(['3']); // 2 waited too long and was dropped unsent; 3 was claimed afresh
    h.open.get('3')?.();
    await h.worker.stop();
    expect(h.recorded.map((r) => r.deliveryId)).toEqual(['1', '3']);
    expect(h.released).toEqual([]);
  });
});
