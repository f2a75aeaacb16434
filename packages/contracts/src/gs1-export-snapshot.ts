import { z } from 'zod';
import { Id } from './common';
import { Gs1Link } from './gs1-record';

/**
 * The JSON snapshot gs1-catalog writes to the object store for one export (`snapshotKey` on
 * exports.requested.v1): the selected records as they were when the job was created, so a re-render (after a
 * renderer dies) produces the same artwork even if the records change meanwhile.
 */
export const Gs1ExportSnapshot = z.object({
  version: z.literal(1),
  jobId: Id,
  tenantId: Id,
  // Artwork does not print the item description; leaving it out keeps snapshots written before it existed valid.
  records: z.array(Gs1Link.omit({ createdAt: true, updatedAt: true, itemDescription: true })),
});
export type Gs1ExportSnapshot = z.infer<typeof Gs1ExportSnapshot>;
