/*
 * The link resources as the OpenAPI document shows them (tsoa reads TypeScript types, not zod). The zod schemas in
 * @waymark/contracts are what validates: these interfaces only describe the same shapes. The compiler checks one
 * direction only (the controllers return the contracts' `Link` as `LinkView`, so a field here that `Link` lacks or
 * types differently fails the build); a field added to a schema, and the request bodies, must be mirrored by hand.
 */

/** A link (spec 2.1). */
export interface LinkView {
  /** The short-link stub */
  code: string;
  /** Front domain of the link */
  domain: string;
  /** Full short URL (`https://<domain>/<code>`) */
  shortUrl: string;
  destination: string;
  status: 'active' | 'disabled';
  title: string;
  /** Up to 25 key/value pairs */
  tags: { [key: string]: string };
  /** ISO 8601; after it visitors see the branded expiry page. Null when the link does not expire. */
  expiresAt: string | null;
  /** Time of the latest counted click or scan; null before the first one. */
  lastClickAt: string | null;
  /** Channel ids alerted on click/scan */
  notifyChannels: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * LinkWrite (spec 2.2), the create body and each bulk row. Tag keys are 1-64 characters without `:`, values at most
 * 256; a custom code is at most 64 characters of `A-Z a-z 0-9 _ -` and not a reserved word; unknown fields are refused.
 */
export interface LinkWrite {
  /** Absolute http(s) URL; screened before the link goes live (422 destination_rejected with the reason). */
  destination: string;
  /** Custom stub; omitted means a random 7-character code. */
  code?: string;
  /** One of the tenant's verified domains; omitted means the tenant's default domain. */
  domain?: string;
  title?: string;
  tags?: { [key: string]: string };
  /** ISO 8601 date-time with offset, in the future. */
  expiresAt?: string;
  /** Ids of the tenant's notification channels. */
  notifyChannels?: string[];
}

/** PATCH body: any subset; `expiresAt: null` removes the expiry; tags and notifyChannels replace the old value. */
export interface LinkPatchBody {
  destination?: string;
  status?: 'active' | 'disabled';
  title?: string;
  tags?: { [key: string]: string };
  expiresAt?: string | null;
  notifyChannels?: string[];
}

/** A LinkWrite; each row is validated on its own, so a malformed row fails alone in `results`. */
export type LinkBulkRow = unknown;

export interface LinkBulkBody {
  /** 1 to 500 rows, and at most the plan's bulk row cap (400 bulk_too_large beyond). */
  rows: LinkBulkRow[];
}

export interface LinkBulkRowView {
  /** 0-based index of the row in `rows` */
  row: number;
  code: string | null;
  shortUrl: string | null;
  status: 'created' | 'failed';
  error: string | null;
  /** The error code the row would have had as a single request (validation_failed, code_taken, destination_rejected...) */
  errorCode: string | null;
}

export interface LinkBulkResultView {
  requested: number;
  created: number;
  failed: number;
  results: LinkBulkRowView[];
}

export interface LinkListView {
  links: LinkView[];
  /** Pass as `cursor` for the next page; null on the last page */
  nextCursor: string | null;
}
