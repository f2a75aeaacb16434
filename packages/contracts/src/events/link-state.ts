import { z } from 'zod';
import { IsoDateTime } from '../common';
import { Gs1LinksetEntry } from '../gs1-record';
import { LinkStatus } from '../link';
import { eventEnvelope } from './envelope';

/** The GS1 part of a link published by gs1-catalog: what the resolver needs to answer like a GS1 resolver. */
export const LinkStateGs1 = z.object({
  gtin: z.string().length(14),
  cpv: z.string().optional(),
  batch: z.string().optional(),
  serial: z.string().optional(),
  expiry: z.string().optional(),
  itemDescription: z.string().optional(),
  linkset: z.array(Gs1LinksetEntry),
  ai: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
});
export type LinkStateGs1 = z.infer<typeof LinkStateGs1>;

/**
 * links.v1 value: a link's full current state (a delete is a null tombstone). For a GS1 link `code` is its
 * derived path and `destination` is where it resolves by default (the default linkset entry in resolver mode).
 */
export const LinkState = z
  .object({
    ...eventEnvelope,
    tenantId: z.string().min(1),
    domain: z.string().min(1),
    code: z.string().min(1),
    destination: z.string(),
    status: LinkStatus,
    title: z.string(),
    tags: z.record(z.string(), z.string()),
    expiresAt: IsoDateTime.nullable(),
    notifyChannels: z.array(z.string()),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    kind: z.enum(['link', 'gs1']),
    gs1: LinkStateGs1.optional(),
  })
  .refine((s) => (s.kind === 'gs1') === (s.gs1 !== undefined), {
    message: 'gs1 is present exactly when kind is gs1',
    path: ['gs1'],
  });
export type LinkState = z.infer<typeof LinkState>;

/** Key of links.v1: `<domain>/<code>`. */
export const linkKey = (s: { domain: string; code: string }): string => `${s.domain}/${s.code}`;
