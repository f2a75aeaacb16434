import { z } from 'zod';
import { env } from '@waymark/config';
import { screeningConfigShape } from '@waymark/screening';

/** link-api's settings for links, spread into its configSchema. */
export const linksConfigShape = {
  ...screeningConfigShape,
  /** Consumer group of the channels.v1 consumer; instances of one installation share it. */
  CHANNELS_CONSUMER_GROUP: z.string().min(1).default('link-api.channels'),
  /**
   * How long a find-by-code result may be served from the in-process read cache. Changes are announced to every
   * instance at once (LINK_INVALIDATIONS); the TTL only bounds staleness when an announcement is lost. 0ms: no cache.
   */
  LINK_READ_CACHE_TTL: env.duration().default(5_000),
  /** (tenant, code) pairs the read cache holds; the least recently stored go first. */
  LINK_READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  /** Consumer group of the link-activity.v1 consumer that keeps lastClickAt; instances of one installation share it. */
  LINK_ACTIVITY_CONSUMER_GROUP: z.string().min(1).default('link-api.link-activity'),
};
