import { z } from 'zod';
import { IsoDateTime } from '../common';
import { Gs1ExportWrite } from '../gs1-export-options';
import { eventEnvelope } from './envelope';

/** exports.requested.v1 value (key jobId): a job handed to the renderers. */
export const ExportRequested = z.object({
  ...eventEnvelope,
  jobId: z.string().min(1),
  tenantId: z.string().min(1),
  name: z.string(),
  options: Gs1ExportWrite.describe('Options with defaults applied'),
  snapshotKey: z.string().min(1).describe('Object-store key of the JSON Gs1ExportSnapshot'),
  count: z.number().int().min(0),
  truncated: z.boolean(),
  requestedAt: IsoDateTime,
});
export type ExportRequested = z.output<typeof ExportRequested>;

/** exports.status.v1 value (key jobId): progress and outcome reported by a renderer. */
export const ExportStatusEvent = z
  .object({
    ...eventEnvelope,
    jobId: z.string().min(1),
    tenantId: z.string().min(1),
    status: z.enum(['rendering', 'ready', 'failed']),
    done: z.number().int().min(0),
    total: z.number().int().min(0),
    count: z.number().int().min(0).optional(),
    sizeBytes: z.number().int().min(0).optional(),
    objectKey: z.string().optional(),
    error: z.string().optional(),
    at: IsoDateTime,
    rendererId: z.string().min(1),
  })
  .superRefine((e, ctx) => {
    if (e.status === 'ready') {
      for (const field of ['count', 'sizeBytes', 'objectKey'] as const) {
        if (e[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required when ready` });
      }
    }
    if (e.status === 'failed' && e.error === undefined) {
      ctx.addIssue({ code: 'custom', path: ['error'], message: 'error is required when failed' });
    }
  });
export type ExportStatusEvent = z.infer<typeof ExportStatusEvent>;
