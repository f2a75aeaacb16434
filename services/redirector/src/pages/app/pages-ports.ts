import type { Branding } from '@waymark/contracts';
import type { PageKind } from '../domain/branded-page';
import type { VisitResponse } from '../../shared-kernel/visit';

export interface TenantView {
  readonly id: string;
  readonly name: string;
  readonly branding: Branding;
}

/** Which tenant a host or an id belongs to, for branding pages and for knowing which hosts this redirector serves. */
export interface TenantDirectory {
  byId(id: string): TenantView | undefined;
  byDomain(domain: string): TenantView | undefined;
  /** Whether the host is one this redirector serves (some tenant lists it). */
  knowsDomain(domain: string): boolean;
}

/**
 * The branded page a visit is answered with when no redirect is due (an unknown, unavailable or expired link),
 * branded for the tenant of `tenantId`, else of the host's domain: what other features ask of this one.
 */
export interface VisitorPages {
  page(kind: PageKind, host: string, tenantId?: string): VisitResponse;
}
