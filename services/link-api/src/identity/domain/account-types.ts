/*
 * What the public API tells a tenant about itself and the key it calls with (GET /v1/me, PUT /v1/branding).
 * Plain interfaces so tsoa documents them; never the key's secret or hash.
 */
import type { DateTime } from '@waymark/http';
import type { ApiScope, BrandingView, PlanView } from './admin-types';

export interface CurrentTenantView {
  id: string;
  name: string;
  plan: PlanView;
  /** Features beyond the plan, e.g. `resolver` (GS1 linksets of several entries, data attributes). */
  entitlements: string[];
  defaultDomain: string | null;
  /** The redirector's expiry and disabled pages; the tenant sets it with PUT /v1/branding. */
  branding: BrandingView;
}

export interface CurrentKeyView {
  id: string;
  /** The operator's label of the key. */
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  /** What this key may do; every operation names the scope it needs. */
  scopes: ApiScope[];
  expiresAt: DateTime | null;
  createdAt: DateTime;
}

export interface CurrentIdentityView {
  tenant: CurrentTenantView;
  key: CurrentKeyView;
}
