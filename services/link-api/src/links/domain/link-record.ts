import { shortUrlOf, type Link, type ShortLinkSource } from '@waymark/contracts';

/** A link as link-api stores it: what links.v1 carries of it, plus its row id and the newest click it learned of. */
export interface LinkRecord extends ShortLinkSource {
  id: string;
  lastClickAt: Date | null;
}

/** The Link resource (spec 2.1) every endpoint returns. */
export function toLink(record: LinkRecord): Link {
  return {
    code: record.code,
    domain: record.domain,
    shortUrl: shortUrlOf(record.domain, record.code),
    destination: record.destination,
    status: record.status,
    title: record.title,
    tags: record.tags,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    lastClickAt: record.lastClickAt?.toISOString() ?? null,
    notifyChannels: record.notifyChannels,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
