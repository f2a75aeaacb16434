import { shortUrlOf, type Link, type LinkState, type LinkStatus } from '@waymark/contracts';

/** A link as link-api stores it. */
export interface LinkRecord {
  id: string;
  tenantId: string;
  domain: string;
  code: string;
  destination: string;
  status: LinkStatus;
  title: string;
  tags: Record<string, string>;
  expiresAt: Date | null;
  lastClickAt: Date | null;
  notifyChannels: string[];
  createdAt: Date;
  updatedAt: Date;
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

/** The links.v1 value: the link's full current state, published after every change. */
export function toLinkState(record: LinkRecord, eventId: string): LinkState {
  return {
    version: 1,
    eventId,
    tenantId: record.tenantId,
    domain: record.domain,
    code: record.code,
    destination: record.destination,
    status: record.status,
    title: record.title,
    tags: record.tags,
    expiresAt: record.expiresAt?.toISOString() ?? null,
    notifyChannels: record.notifyChannels,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    kind: 'link',
  };
}
