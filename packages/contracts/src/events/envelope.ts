import { z } from 'zod';

/** Fields every event value carries: the schema version and an id consumers dedupe by (at-least-once delivery). */
export const eventEnvelope = {
  version: z.literal(1),
  eventId: z.string().min(1).max(128),
};
