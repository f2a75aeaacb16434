import type { ExportOptions } from '../domain/export-options';
import type { Gs1Encoding } from '../domain/gs1/gs1-encoding';
import type { SymbolArtwork } from '../domain/layout/compose-record';
import type { RenderRecord } from '../domain/render-record-schema';
import type { ZipRecords } from '../domain/zip/zip-records';

/** One record to render and the base name of its files in the zip. */
export interface RecordJob {
  readonly record: RenderRecord;
  readonly base: string;
}

export interface RenderedRecord {
  readonly symbols: SymbolArtwork[];
  readonly checks: string[];
  /** Every file of the record, deflated and checksummed where it was rendered, ready to be copied into the zip. */
  readonly zip: ZipRecords;
}

/**
 * Renders the records and yields the results in the order of `jobs`, their files already in zip form dated
 * `zipDate`. `renderOnThisThread` renders them one after another on this thread; a worker pool can render several
 * at once as long as it yields in order, and share its threads fairly between the tenants of the jobs it has in hand.
 */
export type RecordRenderer = (
  jobs: readonly RecordJob[],
  options: ExportOptions,
  gs1: Gs1Encoding,
  zipDate: Date,
  tenant?: string,
) => AsyncIterable<RenderedRecord>;

/** A symbol drawn for the preflight: RGBA pixels, black on white. */
export interface SymbolImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

/** What a reader made of a symbol image. */
export interface SymbolReading {
  readonly isValid: boolean;
  readonly format: string;
  readonly symbologyIdentifier: string;
  readonly text: string;
}

/**
 * The preflight's reader: decodes a generated symbol of the expected format back from its image, independently of
 * the encoder that drew it. Resolves null when it finds no symbol.
 */
export interface SymbolReader {
  read(image: SymbolImage, format: SymbolArtwork['expected']['format']): Promise<SymbolReading | null>;
}
