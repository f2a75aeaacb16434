import type { Gs1Link, Gs1LinksetEntry, LinkState } from '@waymark/contracts';
import { shortUrlOf } from '@waymark/contracts';
import { buildDigitalLinkUri, defaultEntry } from '@waymark/gs1';

/** A GS1 Digital Link as gs1-catalog stores it; `code` is the derived path and, with `domain`, its identity. */
export interface Gs1LinkRecord {
  id: string;
  seq?: bigint;
  tenantId: string;
  domain: string;
  code: string;
  gtin: string;
  cpv: string | null;
  batch: string | null;
  serial: string | null;
  expiry: string | null;
  itemDescription: string | null;
  destination: string | null;
  linkset: Gs1LinksetEntry[];
  ai: Record<string, string>;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

const opt = (value: string | null) => value ?? undefined;

/** The record's data attributes for its URI: `ai` plus AI 17 from `expiry`. */
export function attributesOf(record: Pick<Gs1LinkRecord, 'ai' | 'expiry'>): Record<string, string> {
  return record.expiry === null ? record.ai : { ...record.ai, '17': record.expiry };
}

/** Full Digital Link URI on the record's front domain (https, or http for local fronts as shortUrlOf decides). */
export function digitalLinkUriOf(record: Gs1LinkRecord): string {
  const origin = new URL(shortUrlOf(record.domain, '')).origin;
  return buildDigitalLinkUri(
    origin,
    { gtin: record.gtin, cpv: opt(record.cpv), batch: opt(record.batch), serial: opt(record.serial) },
    attributesOf(record),
  );
}

/** Where the code resolves by default: the default linkset entry in resolver mode, else the destination. */
export function defaultTargetOf(record: Pick<Gs1LinkRecord, 'linkset' | 'destination'>): string {
  return defaultEntry(record.linkset)?.href ?? record.destination ?? '';
}

/** The links.v1 value of a GS1 link, so the redirector resolves it like any other link. */
export function toLinkState(record: Gs1LinkRecord, eventId: string): LinkState {
  return {
    version: 1,
    eventId,
    tenantId: record.tenantId,
    domain: record.domain,
    code: record.code,
    destination: defaultTargetOf(record),
    status: 'active',
    title: '',
    tags: {},
    expiresAt: null,
    notifyChannels: [],
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    kind: 'gs1',
    gs1: {
      gtin: record.gtin,
      cpv: opt(record.cpv),
      batch: opt(record.batch),
      serial: opt(record.serial),
      expiry: opt(record.expiry),
      itemDescription: opt(record.itemDescription),
      linkset: record.linkset,
      ai: record.ai,
      tags: record.tags,
    },
  };
}

/** The resource GET /v1/gs1/links returns. */
export function toGs1LinkView(record: Gs1LinkRecord): Gs1Link {
  return {
    code: record.code,
    domain: record.domain,
    uri: digitalLinkUriOf(record),
    gtin: record.gtin,
    cpv: record.cpv,
    batch: record.batch,
    serial: record.serial,
    expiry: record.expiry,
    itemDescription: record.itemDescription,
    destination: record.destination,
    linkset: record.linkset,
    ai: record.ai,
    tags: record.tags,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
