import type { LinkState, LinkStateGs1 } from '@waymark/contracts';

/**
 * What the redirector keeps of a link: the links.v1 state minus the envelope, with the expiry precomputed to
 * epoch ms so the hot path compares numbers instead of parsing dates.
 */
export interface LinkEntry {
  readonly tenantId: string;
  readonly domain: string;
  readonly code: string;
  readonly destination: string;
  readonly status: 'active' | 'disabled';
  readonly title: string;
  readonly tags: Readonly<Record<string, string>>;
  readonly expiresAtMs: number | null;
  readonly notifyChannels: readonly string[];
  readonly createdAt: string;
  readonly kind: 'link' | 'gs1';
  readonly gs1?: LinkStateGs1;
}

/** Key of a link in the read model, as on links.v1: `<domain>/<code>`, domain lower-cased. */
export function entryKey(domain: string, code: string): string {
  return `${domain.toLowerCase()}/${code}`;
}

export function toLinkEntry(state: LinkState): LinkEntry {
  const entry: LinkEntry = {
    tenantId: state.tenantId,
    domain: state.domain.toLowerCase(),
    code: state.code,
    destination: state.destination,
    status: state.status,
    title: state.title,
    tags: state.tags,
    expiresAtMs: state.expiresAt === null ? null : Date.parse(state.expiresAt),
    notifyChannels: state.notifyChannels,
    createdAt: state.createdAt,
    kind: state.kind,
  };
  return state.gs1 ? { ...entry, gs1: state.gs1 } : entry;
}

/** A links.v1 message key in read-model form (the domain part lower-cased; codes are case-sensitive). */
export function normalizeKey(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key : `${key.slice(0, slash).toLowerCase()}${key.slice(slash)}`;
}
