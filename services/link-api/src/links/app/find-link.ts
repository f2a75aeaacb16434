import { DomainError } from '@waymark/contracts';
import type { LinkRecord } from '../domain/link-record';
import type { LinkActor, LinkRepository } from './link-ports';

/**
 * The actor's link with this code. Another tenant's link is reported exactly like a missing one (404), so codes of
 * other tenants are never revealed. A code used on several of the tenant's domains needs `?domain=`.
 */
export async function findLink(
  links: LinkRepository,
  actor: LinkActor,
  code: string,
  domain?: string,
): Promise<LinkRecord> {
  const found = await links.findByCode(actor.tenant.id, code, domain?.toLowerCase());
  const [first] = found;
  if (!first) throw new DomainError('not_found', `no link ${code}${domain ? ` on ${domain}` : ''}`);
  if (found.length > 1) {
    const domains = found.map((l) => l.domain).sort();
    throw new DomainError(
      'conflict',
      `the code ${code} exists on several domains (${domains.join(', ')}); add ?domain=`,
      { domains },
    );
  }
  return first;
}
