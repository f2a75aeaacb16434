/*
 * The link resources as the OpenAPI document shows them (tsoa reads TypeScript types, not zod). The zod schemas in
 * @waymark/contracts are what validates: these interfaces only describe the same shapes. The compiler checks one
 * direction only (the controllers return the contracts' `Link` as `LinkView`, so a field here that `Link` lacks or
 * types differently fails the build); a field added to a schema, and the request bodies, must be mirrored by hand.
 */
import type { Count, DateTime, Url } from '@waymark/http';

/** A link (spec 2.1). */
export interface LinkView {
  /**
   * The short-link stub
   * @example "spring25"
   */
  code: string;
  /**
   * Front domain of the link
   * @example "go.acme.example"
   */
  domain: string;
  /**
   * Full short URL (`https://<domain>/<code>`)
   * @example "https://go.acme.example/spring25"
   */
  shortUrl: Url;
  destination: Url;
  status: LinkStatus;
  /** @example "Spring sale landing page" */
  title: string;
  /**
   * Up to 25 key/value pairs
   * @example {"campaign": "spring", "channel": "print"}
   */
  tags: { [key: string]: string };
  /** After it visitors see the branded expiry page. Null when the link does not expire. */
  expiresAt: DateTime | null;
  /**
   * Time of the latest counted click or scan; null before the first one. It follows the click by a few seconds
   * (analytics publishes each link's newest click at most once per interval), more while analytics catches up.
   */
  lastClickAt: DateTime | null;
  /**
   * Channel ids alerted on click/scan
   * @example ["0193f1d2-7c4e-7b1a-9f0e-3a5b6c7d8e9f"]
   */
  notifyChannels: string[];
  createdAt: DateTime;
  updatedAt: DateTime;
  /**
   * The link's version, the same value as the `ETag` header of its create, get and update answers: send it in
   * `If-Match` so a PATCH or DELETE applies only to this version. A click does not change it.
   * @example "\"3f9c2a4b7d1e6f08a5b3c2d1e0f9a8b7\""
   */
  etag: string;
}

/**
 * A custom stub (spec 8: at most 64 characters).
 * @maxLength 64
 */
export type CustomCode = string;

/**
 * A host name, optionally with `:port`.
 * @maxLength 261
 */
export type DomainText = string;

/**
 * A link's title.
 * @maxLength 256
 */
export type LinkTitle = string;

/**
 * A tag value; keys are at most 64 characters.
 * @maxLength 256
 */
export type TagValue = string;

/**
 * A notification channel's id.
 * @maxLength 128
 */
export type ChannelId = string;

/** `active` links redirect; `disabled` ones answer the branded 404 until re-enabled. */
export type LinkStatus = 'active' | 'disabled';

/**
 * LinkWrite (spec 2.2), the create body and each bulk row. Tag keys are 1-64 characters without `:`, values at most
 * 256; a custom code is at most 64 characters of `A-Z a-z 0-9 _ -` and not a reserved word; unknown fields are refused.
 */
export interface LinkWrite {
  /** Absolute http(s) URL; screened before the link goes live (422 destination_rejected with the reason). */
  destination: Url;
  /**
   * Custom stub; omitted means a random 7-character code.
   * @example "spring25"
   */
  code?: CustomCode;
  /**
   * One of the tenant's verified domains; omitted means the tenant's default domain.
   * @example "go.acme.example"
   */
  domain?: DomainText;
  /** @example "Spring sale landing page" */
  title?: LinkTitle;
  /** @example {"campaign": "spring"} */
  tags?: { [key: string]: TagValue };
  /** In the future. */
  expiresAt?: DateTime;
  /**
   * Ids of the tenant's notification channels.
   * @maxItems 20
   */
  notifyChannels?: ChannelId[];
}

/** PATCH body: any subset; `expiresAt: null` removes the expiry; tags and notifyChannels replace the old value. */
export interface LinkPatchBody {
  destination?: Url;
  status?: LinkStatus;
  title?: LinkTitle;
  tags?: { [key: string]: TagValue };
  expiresAt?: DateTime | null;
  /** @maxItems 20 */
  notifyChannels?: ChannelId[];
}

/** A LinkWrite; each row is validated on its own, so a malformed row fails alone in `results`. */
export type LinkBulkRow = unknown;

export interface LinkBulkBody {
  /**
   * 1 to 500 rows, and at most the plan's bulk row cap (400 bulk_too_large beyond).
   * @maxItems 500
   */
  rows: LinkBulkRow[];
}

export interface LinkBulkRowView {
  /** 0-based index of the row in `rows` */
  row: Count;
  code: string | null;
  shortUrl: Url | null;
  status: 'created' | 'failed';
  error: string | null;
  /** The error code the row would have had as a single request (validation_failed, code_taken, destination_rejected...) */
  errorCode: string | null;
}

export interface LinkBulkResultView {
  requested: Count;
  created: Count;
  failed: Count;
  results: LinkBulkRowView[];
}

export interface LinkListView {
  links: LinkView[];
  /** Pass as `cursor` for the next page; null on the last page */
  nextCursor: string | null;
}
