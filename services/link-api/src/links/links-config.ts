import { z } from 'zod';
import { env } from '@waymark/config';
import { DEFAULT_DESTINATION_MAX_LENGTH } from '../screening/destination-screener';

const hostList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0))
  .pipe(z.array(z.string().regex(/^(\*\.|\.)?[a-z0-9.-]+(:\d{1,5})?$/, 'must be host names separated by commas')));

/** link-api's settings for links, spread into its configSchema. */
export const linksConfigShape = {
  /** Hosts refused as destinations, with their subdomains (`evil.example,*.tracker.example`). */
  DESTINATION_BLOCKLIST: hostList,
  /** Longest destination URL accepted. */
  DESTINATION_MAX_LENGTH: z.coerce.number().int().min(64).max(8192).default(DEFAULT_DESTINATION_MAX_LENGTH),
  /**
   * Front domains of this installation beyond the tenants' own (for example the redirector's host names): links to
   * them are refused as loops. Every tenant domain is refused already.
   */
  SHORT_DOMAINS: hostList,
  /** Consumer group of the channels.v1 consumer; instances of one installation share it. */
  CHANNELS_CONSUMER_GROUP: z.string().min(1).default('link-api.channels'),
  /**
   * How long a find-by-code result may be served from the in-process read cache. Changes are announced to every
   * instance at once (LINK_INVALIDATIONS); the TTL only bounds staleness when an announcement is lost. 0ms: no cache.
   */
  LINK_READ_CACHE_TTL: env.duration().default(5_000),
  /** (tenant, code) pairs the read cache holds; the least recently stored go first. */
  LINK_READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Consumer group of the clicks.v1 consumer that keeps lastClickAt; instances of one installation share it. */
  CLICKS_CONSUMER_GROUP: z.string().min(1).default('link-api.clicks'),
};
