export { exportOptionsSchema, type ExportOptions, type Symbology } from './options';
export { renderRecordSchema, type RenderRecord } from './record';
export type { Gs1Encoding } from './gs1/gs1-encoding';
export { defaultGs1Encoding } from './gs1/gs1-encoding.default';
export {
  renderExport,
  type ExportProgress,
  type RecordJob,
  type RecordRenderer,
  type RenderExportInput,
  type RenderExportResult,
} from './render-export';
export { renderRecord, type RenderedRecord } from './render-record';
export { MANIFEST_COLUMNS } from './zip/manifest';
export { loadZxing } from './preflight/zxing-reader';
