import { z } from 'zod';
import { DEFAULT_LINK_TYPE, aiAssociationIssue, normalizeLinkType } from '@waymark/gs1';
import { DestinationUrl, DomainName, IsoDateTime, NO_CONTROL_CHARS } from './common';
import { Gs1AiAttributes, Gs1Tags, Gtin, aiValue } from './gs1-fields';

export const LINKSET_MAX_ENTRIES = 50;

/** A linkset entry (spec 2.5). `linkType` is stored as a CURIE (`gs1:pip`); a full GS1 URI is accepted too. */
export const Gs1LinksetEntry = z.strictObject({
  linkType: z
    .string()
    .default(DEFAULT_LINK_TYPE)
    .transform((value, ctx) => {
      const curie = normalizeLinkType(value);
      if (curie) return curie;
      ctx.addIssue({ code: 'custom', message: `${JSON.stringify(value)} is not a GS1 link type` });
      return z.NEVER;
    }),
  href: DestinationUrl,
  default: z.boolean().default(false),
  title: z.string().min(1).max(256).regex(NO_CONTROL_CHARS).optional(),
  hreflang: z
    .array(z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'must be a language tag'))
    .max(10)
    .optional(),
  type: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type')
    .optional(),
  /** GS1 linkset `context`: where the link applies, typically a geography or jurisdiction (`["FR"]`). */
  context: z.array(z.string().min(1).max(64).regex(NO_CONTROL_CHARS)).max(10).optional(),
});
export type Gs1LinksetEntry = z.output<typeof Gs1LinksetEntry>;

export const Gs1Linkset = z
  .array(Gs1LinksetEntry)
  .min(1)
  .max(LINKSET_MAX_ENTRIES)
  .refine((entries) => entries.filter((e) => e.default).length <= 1, 'at most one entry may be the default');

/**
 * One record of a GS1 bulk import (spec 2.5). Needs a destination or a linkset (otherwise nothing to resolve
 * to). Entitlement rules (linkset of more than one entry, any `ai`) are the service's, not the schema's.
 */
export const Gs1Record = z
  .strictObject({
    gtin: Gtin,
    cpv: aiValue('22').optional(),
    batch: aiValue('10').optional(),
    serial: aiValue('21').optional(),
    expiry: aiValue('17').optional(),
    /** GS1 linkset `itemDescription`: what the item is, in words; a default is derived from the GTIN when absent. */
    itemDescription: z.string().min(1).max(256).regex(NO_CONTROL_CHARS).optional(),
    destination: DestinationUrl.optional(),
    linkset: Gs1Linkset.optional(),
    ai: Gs1AiAttributes.optional(),
    tags: Gs1Tags.optional(),
    domain: DomainName.optional(),
  })
  .superRefine((record, ctx) => {
    if (record.destination === undefined && record.linkset === undefined) {
      ctx.addIssue({ code: 'custom', path: ['destination'], message: 'a record needs a destination or a linkset' });
    }
    if (record.expiry !== undefined && record.ai?.['17'] !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ai', '17'], message: 'AI 17 is given twice; use expiry alone' });
    }
    const fields = { '22': record.cpv, '10': record.batch, '21': record.serial, '17': record.expiry };
    const carried = Object.entries(fields)
      .filter(([, value]) => value !== undefined)
      .map(([ai]) => ai);
    // The dictionary's pairing rules (req=, ex=) over everything the record's Digital Link carries.
    const pairing = aiAssociationIssue(['01', ...carried, ...Object.keys(record.ai ?? {})]);
    if (pairing) ctx.addIssue({ code: 'custom', path: ['ai', pairing.ai ?? ''], message: pairing.message });
  });
export type Gs1Record = z.output<typeof Gs1Record>;

/** A stored GS1 Digital Link as GET /v1/gs1/links returns it. */
export const Gs1Link = z.object({
  code: z.string().describe('Derived Digital Link path, for example 01/09506000134352/10/ABC'),
  domain: z.string(),
  uri: z.string().describe('Full Digital Link URI on the domain'),
  gtin: z.string(),
  cpv: z.string().nullable(),
  batch: z.string().nullable(),
  serial: z.string().nullable(),
  expiry: z.string().nullable(),
  itemDescription: z.string().nullable(),
  destination: z.string().nullable(),
  linkset: z.array(Gs1LinksetEntry),
  ai: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Gs1Link = z.infer<typeof Gs1Link>;

export const Gs1LinkList = z.object({ links: z.array(Gs1Link), nextCursor: z.string().nullable() });
export type Gs1LinkList = z.infer<typeof Gs1LinkList>;
