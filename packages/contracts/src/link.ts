import { z } from 'zod';
import { Cursor, DestinationUrl, DomainName, Id, IsoDateTime, NO_CONTROL_CHARS } from './common';
import { CustomCode, LinkCode } from './link-code';
import { LinkTags, TagFilter } from './link-tags';

export const LinkStatus = z.enum(['active', 'disabled']);
export type LinkStatus = z.infer<typeof LinkStatus>;

export const TITLE_MAX_LENGTH = 256;
export const NOTIFY_CHANNELS_MAX = 20;

export const LinkTitle = z
  .string()
  .max(TITLE_MAX_LENGTH)
  .regex(NO_CONTROL_CHARS, 'must not contain control characters');

export const NotifyChannels = z
  .array(Id)
  .max(NOTIFY_CHANNELS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'channel ids must be unique');

/** Link (spec 2.1), as every link endpoint returns it. */
export const Link = z.object({
  code: LinkCode,
  domain: z.string(),
  shortUrl: z.string(),
  destination: z.string(),
  status: LinkStatus,
  title: z.string(),
  tags: z.record(z.string(), z.string()),
  expiresAt: IsoDateTime.nullable(),
  lastClickAt: IsoDateTime.nullable(),
  notifyChannels: z.array(z.string()),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Link = z.infer<typeof Link>;

/**
 * Create body (spec 2.2 LinkWrite plus `title`); also each bulk row. Unknown fields are refused so a typo is
 * a 400, not a silently ignored field. Whether `expiresAt` lies in the future is checked by link-api (clock).
 */
export const LinkCreate = z.strictObject({
  destination: DestinationUrl,
  code: CustomCode.optional(),
  domain: DomainName.optional(),
  title: LinkTitle.optional(),
  tags: LinkTags.optional(),
  expiresAt: IsoDateTime.optional(),
  notifyChannels: NotifyChannels.optional(),
});
export type LinkCreate = z.infer<typeof LinkCreate>;

/**
 * PATCH body: any subset, destination included or not; `{}` changes nothing. `expiresAt: null` removes the
 * expiry. `tags` and `notifyChannels` replace the whole previous value.
 */
export const LinkPatch = z.strictObject({
  destination: DestinationUrl.optional(),
  status: LinkStatus.optional(),
  title: LinkTitle.optional(),
  tags: LinkTags.optional(),
  expiresAt: IsoDateTime.nullable().optional(),
  notifyChannels: NotifyChannels.optional(),
});
export type LinkPatch = z.infer<typeof LinkPatch>;

/** `?domain=` on GET/PATCH/DELETE /v1/links/{code}: picks the link when a code exists on several domains. */
export const LinkLocatorQuery = z.object({ domain: DomainName.optional() });
export type LinkLocatorQuery = z.infer<typeof LinkLocatorQuery>;

export const LINK_LIST_DEFAULT_LIMIT = 50;
export const LINK_LIST_MAX_LIMIT = 200;

/** GET /v1/links query. Query strings arrive as text, so `limit` is coerced. */
export const LinkListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LINK_LIST_MAX_LIMIT).default(LINK_LIST_DEFAULT_LIMIT),
  cursor: Cursor.optional(),
  domain: DomainName.optional(),
  status: LinkStatus.optional(),
  tag: TagFilter.optional(),
  q: z.string().min(1).max(200).optional(),
});
export type LinkListQuery = z.output<typeof LinkListQuery>;

export const LinkList = z.object({
  links: z.array(Link),
  nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
});
export type LinkList = z.infer<typeof LinkList>;
