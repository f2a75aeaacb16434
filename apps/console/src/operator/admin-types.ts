import type { components } from '@waymark/sdk';

/** The operator API's shapes, as the SDK's OpenAPI types name them. */
type Schemas = components['schemas'];
export type TenantView = Schemas['TenantView'];
export type DomainView = Schemas['DomainView'];
export type PlanView = Schemas['PlanView'];
export type PlanWrite = Schemas['PlanWrite'];
export type ApiKeyView = Schemas['ApiKeyView'];
export type ApiScope = Schemas['ApiScope'];

/** Every scope with what it grants (the interface specification's table), in the order the form lists them. */
export const API_SCOPES = [
  { scope: 'links:read', grants: 'list and get links' },
  { scope: 'links:write', grants: 'create, bulk-create, update and delete links' },
  { scope: 'analytics', grants: 'per-link analytics' },
  { scope: 'analytics:read', grants: 'tenant-wide analytics' },
  { scope: 'qr', grants: 'link QR SVG' },
  { scope: 'notifications:read', grants: 'list channels' },
  { scope: 'notifications:write', grants: 'create and delete channels' },
  { scope: 'gs1:read', grants: 'list and get GS1 export jobs' },
  { scope: 'gs1:write', grants: 'GS1 bulk links; create and delete GS1 export jobs' },
] as const satisfies readonly { scope: ApiScope; grants: string }[];

// A scope added to the API without a row above fails the build here.
type Listed = (typeof API_SCOPES)[number]['scope'];
const everyScopeListed: [Exclude<ApiScope, Listed>] extends [never] ? true : never = true;
void everyScopeListed;

/** The entitlements the services act on today; others are stored and shown but switch nothing on. */
export const KNOWN_ENTITLEMENTS = [
  { name: 'resolver', grants: 'GS1 linksets of more than one entry and data attributes' },
] as const;

export function parseList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
