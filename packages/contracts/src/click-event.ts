import { z } from 'zod';
import { IsoDateTime } from './common';

/** `source` of a counted request: `qr` when the request carried the scan marker of a rendered QR, else `click`. */
export const ClickSource = z.enum(['click', 'qr']);
export type ClickSource = z.infer<typeof ClickSource>;

/**
 * The click/scan event of spec 6.1, exactly: the JSON body a webhook-class channel receives. `event` is `click`
 * for clicks and scans alike; `source` tells them apart. `customerId` is the tenant id.
 */
export const ClickEvent = z.object({
  event: z.literal('click'),
  source: ClickSource,
  code: z.string(),
  shortUrl: z.string(),
  title: z.string(),
  destination: z.string(),
  tags: z.record(z.string(), z.string()),
  createdAt: IsoDateTime.describe('Link creation time'),
  ts: z.number().int().describe('Epoch milliseconds of the event'),
  at: IsoDateTime.describe('Event time, ISO 8601 with offset'),
  ip: z.string(),
  ua: z.string(),
  referer: z.string().nullable(),
  customerId: z.string(),
});
export type ClickEvent = z.infer<typeof ClickEvent>;

export const CLICK_EVENT_FIELDS = Object.keys(ClickEvent.shape) as Array<keyof ClickEvent>;

/** The spec 6.1 body from a richer object (a clicks.v1 value), dropping every other field, in spec order. */
export function toClickEvent(value: ClickEvent): ClickEvent {
  return ClickEvent.parse(Object.fromEntries(CLICK_EVENT_FIELDS.map((k) => [k, value[k]])));
}
