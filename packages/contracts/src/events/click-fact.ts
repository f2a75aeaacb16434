import { z } from 'zod';
import { ClickEvent } from '../click-event';
import { eventEnvelope } from './envelope';

/**
 * clicks.v1 value: every spec 6.1 field plus what consumers need to route and count it. `eventId` is
 * time-ordered (for example a UUIDv7) and is the webhook-id of deliveries. Key: `<domain>/<code>`.
 *
 * The shape is the one field list of the event: the redirector's encoder (@waymark/click-emission) writes its members
 * in this order, names and all, and its producer thread reads `notifyChannels` off the end of the text (the
 * click-channels header), so it stays last.
 */
export const ClickFact = z.object({
  ...eventEnvelope,
  ...ClickEvent.shape,
  tenantId: z.string().min(1),
  domain: z.string().min(1),
  bot: z.boolean(),
  method: z.enum(['GET', 'HEAD']),
  notifyChannels: z.array(z.string()),
});
export type ClickFact = z.infer<typeof ClickFact>;
