import type { components, WaymarkClient } from '@waymark/sdk';
import { unwrap } from './session';

/** The calling key and its tenant, as GET /v1/me answers. */
export type CurrentIdentity = components['schemas']['CurrentIdentityView'];
export type KeyScope = CurrentIdentity['key']['scopes'][number];

export interface ReadAccess {
  links: boolean;
  analytics: boolean;
  channels: boolean;
  /** gs1:read, which covers the GS1 records and their exports. */
  exports: boolean;
}

/** Which areas of the console the scopes open: each area's list needs the scope its API operation names. */
export function accessOf(scopes: readonly string[]): ReadAccess {
  return {
    links: scopes.includes('links:read'),
    analytics: scopes.includes('analytics:read'),
    channels: scopes.includes('notifications:read'),
    exports: scopes.includes('gs1:read'),
  };
}

/** What each scope lets the key do, in the words of the "This key" panel. */
export const SCOPE_MEANINGS: Record<KeyScope, string> = {
  'links:read': 'see links',
  'links:write': 'create, change and delete links; set the branding',
  analytics: "read a link's analytics",
  'analytics:read': "read the tenant's analytics",
  qr: 'render QR codes',
  'notifications:read': 'see channels and their delivery log',
  'notifications:write': 'create, change and delete channels',
  'gs1:read': 'see GS1 records and exports',
  'gs1:write': 'import and edit GS1 records, create exports',
};

/** The key's identity and scopes (GET /v1/me): one call, and a 401 when the key is not valid or was revoked. */
export async function fetchIdentity(client: WaymarkClient): Promise<CurrentIdentity> {
  const result = await client.GET('/v1/me');
  if (result.response.status === 401) throw new Error('This API key is not valid (or was revoked).');
  return unwrap(result);
}
