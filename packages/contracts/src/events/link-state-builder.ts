import { defaultEntry } from '@waymark/gs1';
import type { Gs1LinksetEntry } from '../gs1-record';
import type { LinkStatus } from '../link';
import type { LinkState } from './link-state';

/** What every link's links.v1 state is built from, as its owning service stores it (instants as Dates). */
interface LinkStateSource {
  tenantId: string;
  domain: string;
  code: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A short link as link-api stores it: the fields its links.v1 state carries. */
export interface ShortLinkSource extends LinkStateSource {
  destination: string;
  status: LinkStatus;
  title: string;
  tags: Record<string, string>;
  expiresAt: Date | null;
  notifyChannels: string[];
}

/** A GS1 Digital Link as gs1-catalog stores it: `code` is its derived path; an absent part is null. */
export interface Gs1LinkSource extends LinkStateSource {
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
}

const opt = (value: string | null) => value ?? undefined;

type LinkSettings = Pick<LinkState, 'destination' | 'status' | 'title' | 'tags' | 'expiresAt' | 'notifyChannels'>;

// One shape for both kinds, fields in the schema's order, so the two producers' events differ only where kinds do.
function linkState(link: LinkStateSource, eventId: string, settings: LinkSettings, gs1?: LinkState['gs1']): LinkState {
  return {
    version: 1,
    eventId,
    tenantId: link.tenantId,
    domain: link.domain,
    code: link.code,
    destination: settings.destination,
    status: settings.status,
    title: settings.title,
    tags: settings.tags,
    expiresAt: settings.expiresAt,
    notifyChannels: settings.notifyChannels,
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    ...(gs1 === undefined ? { kind: 'link' } : { kind: 'gs1', gs1 }),
  };
}

/** The links.v1 value of a short link: its full current state, published after every change. */
export function shortLinkState(link: ShortLinkSource, eventId: string): LinkState {
  return linkState(link, eventId, { ...link, expiresAt: link.expiresAt?.toISOString() ?? null });
}

/** Where a GS1 link resolves by default: the default linkset entry in resolver mode, else its destination. */
function gs1DefaultTarget(link: Pick<Gs1LinkSource, 'linkset' | 'destination'>): string {
  return defaultEntry(link.linkset)?.href ?? link.destination ?? '';
}

/**
 * The links.v1 value of a GS1 link, so the redirector resolves it like any other link: always active, without title,
 * tags (its own tags travel in `gs1`), expiry or channels.
 */
export function gs1LinkState(link: Gs1LinkSource, eventId: string): LinkState {
  const settings: LinkSettings = {
    destination: gs1DefaultTarget(link),
    status: 'active',
    title: '',
    tags: {},
    expiresAt: null,
    notifyChannels: [],
  };
  return linkState(link, eventId, settings, {
    gtin: link.gtin,
    cpv: opt(link.cpv),
    batch: opt(link.batch),
    serial: opt(link.serial),
    expiry: opt(link.expiry),
    itemDescription: opt(link.itemDescription),
    linkset: link.linkset,
    ai: link.ai,
    tags: link.tags,
  });
}
