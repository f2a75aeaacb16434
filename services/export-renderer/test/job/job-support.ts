import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  exportsRequestedTopic,
  exportsStatusTopic,
  Gs1ExportWrite,
  type ExportStatusEvent,
  type Gs1ExportSnapshot,
} from '@waymark/contracts';
import type { EventBus, Subscription } from '@waymark/events';
import type { ObjectStore } from '@waymark/objectstore';
import { uniqueName } from '@waymark/testkit';

/** Snapshot records of `n` codes of one GTIN, one batch each. */
export function snapshotRecords(n: number, domain = 'id.example.com'): Gs1ExportSnapshot['records'] {
  return Array.from({ length: n }, (_, i) => ({
    code: `01/09506000134352/10/LOT${i}`,
    domain,
    uri: `https://${domain}/01/09506000134352/10/LOT${i}`,
    gtin: '09506000134352',
    cpv: null,
    batch: `LOT${i}`,
    serial: null,
    expiry: null,
    destination: 'https://brand.example.com/p',
    linkset: [],
    ai: {},
    tags: [],
  }));
}

/** What gs1-catalog does on POST: the snapshot in the store, then exports.requested.v1. */
export async function requestJob(
  bus: EventBus,
  store: ObjectStore,
  records: Gs1ExportSnapshot['records'],
  options: unknown,
  tenantId: string = randomUUID(),
): Promise<{ jobId: string; snapshotKey: string }> {
  const jobId = randomUUID();
  const snapshotKey = `exports/${tenantId}/${jobId}/snapshot.json`;
  const snapshot: Gs1ExportSnapshot = { version: 1, jobId, tenantId, records };
  await store.putStream(snapshotKey, Readable.from([Buffer.from(JSON.stringify(snapshot))]), 'application/json');
  await bus.publish(exportsRequestedTopic, [
    {
      key: jobId,
      value: {
        version: 1,
        eventId: randomUUID(),
        jobId,
        tenantId,
        name: 'job',
        options: Gs1ExportWrite.parse(options),
        snapshotKey,
        count: records.length,
        truncated: false,
        requestedAt: new Date().toISOString(),
      },
    },
  ]);
  return { jobId, snapshotKey };
}

/** Collects exports.status.v1 reports of the given jobs. */
export async function watchStatus(
  bus: EventBus,
  jobIds: Set<string>,
): Promise<{ events: ExportStatusEvent[]; subscription: Subscription }> {
  const events: ExportStatusEvent[] = [];
  const subscription = await bus.subscribe({
    topic: exportsStatusTopic,
    mode: 'group',
    groupId: uniqueName('status-watch'),
    async handleBatch(messages) {
      for (const m of messages) if (m.value && jobIds.has(m.value.jobId)) events.push(m.value);
    },
  });
  return { events, subscription };
}
