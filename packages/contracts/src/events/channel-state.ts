import { z } from 'zod';
import { ChannelType } from '../channel';
import { eventEnvelope } from './envelope';

/** channels.v1 value: whether a channel exists and may be attached to links. Never secrets. Key: channel id. */
export const ChannelState = z.object({
  ...eventEnvelope,
  id: z.string().min(1),
  tenantId: z.string().min(1),
  type: ChannelType,
  enabled: z.boolean(),
  confirmed: z.boolean(),
});
export type ChannelState = z.infer<typeof ChannelState>;
