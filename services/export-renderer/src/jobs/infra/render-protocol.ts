import type { RecordJob, RenderedRecord } from '../../artwork/app/artwork-ports';
import type { ExportOptions } from '../../artwork/domain/export-options';

/** A chunk of records handed to a render worker. */
export interface RenderTask {
  readonly id: number;
  readonly jobs: readonly RecordJob[];
  readonly options: ExportOptions;
  /** Keep each symbol's geometry (rects, glyphs) in the reply: only a sheet needs it, and it is the bulk of a reply. */
  readonly keepGeometry: boolean;
  /** The zip entries' date, in ms since the epoch. */
  readonly zipDate: number;
}

/** `memoryBytes`: the worker's own heap and external memory (buffers) after the task, for the recycle limit. */
export type RenderReply = { readonly id: number; readonly memoryBytes: number } & (
  { readonly results: RenderedRecord[] } | { readonly error: string }
);
