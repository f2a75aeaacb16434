import { z } from 'zod';
import { ClickEvent } from '../click-event';
import { eventEnvelope } from './envelope';

/**
 * clicks.v1 value: every spec 6.1 field plus what consumers need to route and count it. `eventId` is
 * time-ordered (for example a UUIDv7) and is the webhook-id of deliveries. Key: `<domain>/<code>`.
 */
export const ClickFact = ClickEvent.extend({
  ...eventEnvelope,
  tenantId: z.string().min(1),
  domain: z.string().min(1),
  bot: z.boolean(),
  method: z.enum(['GET', 'HEAD']),
  notifyChannels: z.array(z.string()),
});
export type ClickFact = z.infer<typeof ClickFact>;
