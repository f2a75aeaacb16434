import type { Gs1Link, Gs1LinkSource } from '@waymark/contracts';
import { shortUrlOf } from '@waymark/contracts';
import { buildDigitalLinkUri } from '@waymark/gs1';

/** A GS1 Digital Link as gs1-catalog stores it: what links.v1 carries of it, plus its row id and import order. */
export interface Gs1LinkRecord extends Gs1LinkSource {
  id: string;
  seq?: bigint;
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
