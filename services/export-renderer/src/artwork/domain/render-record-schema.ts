import { z } from 'zod';

/** One GS1 Digital Link as snapshotted by gs1-catalog for an export job. */
export const renderRecordSchema = z.object({
  /** Derived Digital Link path, e.g. `01/09506000134352/10/ABC` (spec 2.5). */
  code: z.string().min(1).max(512),
  domain: z.string().min(1).max(253),
  gtin14: z.string().regex(/^\d{14}$/),
  cpv: z.string().min(1).max(20).optional(),
  batch: z.string().min(1).max(20).optional(),
  serial: z.string().min(1).max(20).optional(),
  expiry: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  destination: z.string().max(2048).optional(),
  linkTypes: z.array(z.string()).default([]),
});

export type RenderRecord = z.output<typeof renderRecordSchema>;
