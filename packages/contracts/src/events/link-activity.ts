import { z } from 'zod';
import { IsoDateTime } from '../common';
import { eventEnvelope } from './envelope';

/**
 * link-activity.v1 value: the newest counted click of one link incarnation, published by analytics-ingest at a
 * bounded rate (at most once per link per publishing interval). HEAD requests are not counted; bots are. Key:
 * `<domain>/<code>`, like links.v1. Consumers only ever move their value forward, and only for the incarnation
 * (`linkCreatedAt`) that was clicked, so redelivery and order across messages do not matter.
 */
export const LinkActivity = z.object({
  ...eventEnvelope,
  tenantId: z.string().min(1),
  domain: z.string().min(1),
  code: z.string().min(1),
  /** The link's creation time as the click carried it: tells a re-created code apart from the link clicked. */
  linkCreatedAt: IsoDateTime,
  lastClickAt: IsoDateTime,
});
export type LinkActivity = z.infer<typeof LinkActivity>;
