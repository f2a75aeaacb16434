import type { Branding } from '@waymark/contracts';

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
