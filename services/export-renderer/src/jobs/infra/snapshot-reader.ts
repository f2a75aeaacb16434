import { Gs1ExportSnapshot } from '@waymark/contracts';
import type { ObjectStore } from '@waymark/objectstore';
import { renderRecordSchema, type RenderRecord } from '../../artwork/domain/render-record-schema';

/** The job's records as gs1-catalog snapshotted them, validated (they arrive from outside this process). */
export async function readSnapshot(store: ObjectStore, key: string, jobId: string): Promise<RenderRecord[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.getStream(key)) chunks.push(Buffer.from(chunk as Buffer));
  const snapshot = Gs1ExportSnapshot.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  if (snapshot.jobId !== jobId) throw new Error(`snapshot ${key} belongs to job ${snapshot.jobId}, not ${jobId}`);
  return snapshot.records.map((r) =>
    renderRecordSchema.parse({
      code: r.code,
      domain: r.domain,
      gtin14: r.gtin,
      cpv: r.cpv ?? undefined,
      batch: r.batch ?? undefined,
      serial: r.serial ?? undefined,
      expiry: r.expiry ?? undefined,
      destination: r.destination ?? r.linkset.find((e) => e.default)?.href ?? r.linkset[0]?.href,
      linkTypes: r.linkset.map((e) => e.linkType),
    }),
  );
}
