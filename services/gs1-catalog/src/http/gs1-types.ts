/*
 * The GS1 resources as the OpenAPI document shows them (tsoa reads TypeScript types, not zod). The zod schemas in
 * @waymark/contracts are what validates; these interfaces describe the same shapes.
 */
import type { Count, DateTime, Url } from '@waymark/http';

/**
 * A record tag.
 * @maxLength 32
 */
export type Gs1TagText = string;

/**
 * A value of GS1 application identifier; the longest AI value is 90 characters.
 * @maxLength 90
 */
export type AiValueText = string;

/**
 * A language tag (BCP 47).
 * @maxLength 35
 */
export type LanguageTag = string;

/**
 * A linkset context entry.
 * @maxLength 64
 */
export type ContextText = string;

/**
 * Free text of a record: a title or an item description.
 * @maxLength 256
 */
export type Gs1Text = string;

/**
 * A host name, optionally with `:port`.
 * @maxLength 261
 */
export type Gs1Domain = string;

export interface Gs1LinksetEntryView {
  /**
   * GS1 link type as a CURIE (`gs1:pip`) or full URI; default `gs1:pip`
   * @maxLength 256
   */
  linkType?: string;
  href: Url;
  default?: boolean;
  /** Link title; the link type's label from the GS1 Web Vocabulary when omitted */
  title?: Gs1Text;
  /**
   * Language tags of the target (BCP 47), `und` for any language
   * @maxItems 10
   */
  hreflang?: LanguageTag[];
  /**
   * Media type of the target, e.g. `text/html`
   * @maxLength 255
   */
  type?: string;
  /**
   * Where the link applies, typically a geography or jurisdiction, e.g. `["FR"]` (GS1 linkset context)
   * @maxItems 10
   */
  context?: ContextText[];
}

/** Gs1Record (spec 2.5). */
export interface Gs1RecordWrite {
  /**
   * GTIN-8, 12, 13 or 14 with a valid check digit
   * @example "09506000134352"
   * @maxLength 14
   */
  gtin: string;
  /**
   * AI 22
   * @maxLength 20
   */
  cpv?: string;
  /**
   * AI 10
   * @example "ABC123"
   * @maxLength 20
   */
  batch?: string;
  /**
   * AI 21
   * @maxLength 20
   */
  serial?: string;
  /**
   * AI 17, YYMMDD
   * @example "271231"
   * @maxLength 6
   */
  expiry?: string;
  /** What the item is, in words (GS1 linkset itemDescription); derived from the GTIN when omitted */
  itemDescription?: Gs1Text;
  /** @example "https://brand.example.com/products/sparkling-water" */
  destination?: Url;
  /**
   * More than one entry needs the resolver entitlement
   * @maxItems 50
   */
  linkset?: Gs1LinksetEntryView[];
  /** Data attributes keyed by AI number; need the resolver entitlement */
  ai?: { [ai: string]: AiValueText };
  /**
   * At most 20 (after merging with the request's tags), each at most 32 characters
   * @example ["spring-2026", "print"]
   * @maxItems 20
   */
  tags?: Gs1TagText[];
  /** A verified domain of the tenant; its default domain when omitted */
  domain?: Gs1Domain;
}

/**
 * Any other value in `records`: each record is validated on its own (spec 4.4 rule 2), so a record of the wrong shape
 * is a `failed` row in the results, never a 400 for the whole batch.
 */
export type Gs1MalformedRecord = unknown;

export interface Gs1BulkBody {
  /**
   * Up to 500, and at most the plan's bulk row cap (400 bulk_too_large beyond)
   * @maxItems 500
   */
  records: (Gs1RecordWrite | Gs1MalformedRecord)[];
  /** @maxItems 20 */
  tags?: Gs1TagText[];
  /** Default true; false skips existing codes */
  upsert?: boolean;
}

export interface Gs1BulkRowResultView {
  row: Count;
  gtin: string | null;
  code: string | null;
  status: 'created' | 'updated' | 'skipped' | 'failed';
  error: string | null;
  errorCode: string | null;
}

export interface Gs1BulkResultView {
  requested: Count;
  created: Count;
  updated: Count;
  skipped: Count;
  failed: Count;
  results: Gs1BulkRowResultView[];
}

export interface Gs1LinkView {
  /**
   * Derived Digital Link path
   * @example "01/09506000134352/10/ABC123"
   */
  code: string;
  domain: string;
  /** Full Digital Link URI */
  uri: Url;
  gtin: string;
  cpv: string | null;
  batch: string | null;
  serial: string | null;
  expiry: string | null;
  itemDescription: string | null;
  destination: string | null;
  linkset: Gs1LinksetEntryView[];
  ai: { [ai: string]: string };
  tags: string[];
  createdAt: DateTime;
  updatedAt: DateTime;
  /**
   * The record's version, the same value as the `ETag` header of its get answer: send it in `If-Match` so a DELETE
   * applies only to this version.
   * @example "\"9e107d9d372bb6826bd81d3542a419d6\""
   */
  etag: string;
}

export interface Gs1LinkListView {
  links: Gs1LinkView[];
  nextCursor: string | null;
}

/** Gs1ExportWrite (spec 2.8); every field optional, defaults applied. */
export interface Gs1ExportWriteView {
  /**
   * @example "Spring 2026 labels"
   * @minLength 1
   * @maxLength 100
   */
  name?: string;
  /**
   * @minLength 1
   * @maxLength 200
   */
  query?: string;
  /** @maxItems 20 */
  tags?: Gs1TagText[];
  /**
   * Each once; default `["qr"]`
   * @maxItems 2
   */
  symbologies?: ('qr' | 'dm')[];
  sizeMode?: 'total' | 'xdim';
  /**
   * Overall printed size in mm when sizeMode is `total` (default 25); above 0.
   * @maximum 1000
   */
  sizeMm?: number;
  /**
   * Module size in mm when sizeMode is `xdim` (default 0.495; GS1 retail POS guidance 0.396 to 0.990); above 0.
   * @maximum 20
   */
  xdimMm?: number;
  ec?: 'L' | 'M' | 'Q' | 'H';
  hri?: boolean;
  /** QR codes carry the compressed Digital Link (GS1 Digital Link compression); default false */
  compressUri?: boolean;
  ean13?: boolean;
  /**
   * Each once; default `["svg"]`
   * @maxItems 4
   */
  formats?: ('svg' | 'pdf' | 'eps' | 'ai')[];
  /**
   * Adds a raster copy of each symbol. Render budget: at most 25000000 px per symbol (211 mm at 600 dpi, 423 mm at
   * 300 dpi) and 4000000000 raster px per export; over either the request gets 400 saying the limit.
   */
  raster?: 'none' | 'png300' | 'png600' | 'tiff300' | 'tiff600';
  sheet?: 'none' | 'a4' | 'avery-l7160' | 'roll-100';
  /**
   * 0 to 10
   * @minimum 0
   * @maximum 10
   */
  bleedMm?: number;
  marks?: boolean;
  ink?: 'k100' | 'spot';
  /**
   * Separation name; required when ink is spot, refused otherwise. Printable ASCII.
   * @minLength 1
   * @maxLength 63
   */
  spotName?: string;
  /**
   * Print condition declared as the PDF output intent, such as FOGRA39: letters, digits, space and ._()-
   * @minLength 1
   * @maxLength 64
   */
  iccIntent?: string;
}

export interface Gs1ExportCreatedView {
  jobId: string;
  name: string;
  status: 'pending';
  createdAt: DateTime;
}

export interface Gs1ExportSummaryView {
  jobId: string;
  name: string;
  status: 'pending' | 'rendering' | 'ready' | 'failed';
  count: Count | null;
  truncated: boolean;
  createdAt: DateTime;
  finishedAt: DateTime | null;
}

export interface Gs1ExportView extends Gs1ExportSummaryView {
  sizeBytes: Count | null;
  error: string | null;
  options: Gs1ExportWriteView;
  /** Codes rendered so far, while rendering */
  progress: Gs1ExportProgressView | null;
  /** Presigned zip URL, minted on each GET, only when ready */
  downloadUrl?: Url;
  /** 604800 (7 days) */
  urlExpiresIn?: Count;
}

export interface Gs1ExportProgressView {
  done: Count;
  total: Count;
}

export interface Gs1ExportListView {
  jobs: Gs1ExportSummaryView[];
  /** Pass as `cursor` for the next page; null on the last page */
  nextCursor: string | null;
}
