import { z } from 'zod';
import { Id, IsoDateTime } from './common';
import { Gs1ExportWrite } from './gs1-export-options';

export const ExportStatus = z.enum(['pending', 'rendering', 'ready', 'failed']);
export type ExportStatus = z.infer<typeof ExportStatus>;

/** Presigned download URLs are valid 7 days (spec 2.7). */
export const DOWNLOAD_URL_TTL_SECONDS = 604800;

export const ExportProgress = z.object({ done: z.number().int().min(0), total: z.number().int().min(0) });

/** Gs1Export (spec 2.7): the GET-one response. `downloadUrl` and `urlExpiresIn` only when status is ready. */
export const Gs1Export = z.object({
  jobId: Id,
  name: z.string(),
  status: ExportStatus,
  count: z.number().int().min(0).nullable(),
  sizeBytes: z.number().int().min(0).nullable(),
  truncated: z.boolean(),
  error: z.string().nullable(),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
  options: Gs1ExportWrite.describe('The options the job was created with, defaults applied'),
  progress: ExportProgress.nullable().describe('Codes rendered so far while rendering'),
  downloadUrl: z.string().optional(),
  urlExpiresIn: z.literal(DOWNLOAD_URL_TTL_SECONDS).optional(),
});
export type Gs1Export = z.output<typeof Gs1Export>;

/** 202 response of POST /v1/gs1/exports. */
export const Gs1ExportCreated = z.object({
  jobId: Id,
  name: z.string(),
  status: z.literal('pending'),
  createdAt: IsoDateTime,
});
export type Gs1ExportCreated = z.infer<typeof Gs1ExportCreated>;

export const Gs1ExportSummary = z.object({
  jobId: Id,
  name: z.string(),
  status: ExportStatus,
  count: z.number().int().min(0).nullable(),
  truncated: z.boolean(),
  createdAt: IsoDateTime,
  finishedAt: IsoDateTime.nullable(),
});
export type Gs1ExportSummary = z.infer<typeof Gs1ExportSummary>;

/** A page of export jobs, newest first; `nextCursor` is null on the last page. */
export const Gs1ExportList = z.object({ jobs: z.array(Gs1ExportSummary), nextCursor: z.string().nullable() });
export const Gs1ExportListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().min(1).max(512).optional(),
});
export type Gs1ExportListQuery = z.output<typeof Gs1ExportListQuery>;
export type Gs1ExportList = z.infer<typeof Gs1ExportList>;
