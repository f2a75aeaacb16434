import { useEffect, useState } from 'react';

/** The operator console's hash routes, all under `#/operator` so the tenant routes stay as they are. */
export type OperatorRoute = { page: 'tenants' } | { page: 'tenant'; id: string; tab: TenantTab } | { page: 'plans' };

export type TenantTab = 'settings' | 'keys' | 'domains';

export const OPERATOR_PREFIX = '#/operator';

export function isOperatorHash(hash: string): boolean {
  return hash === OPERATOR_PREFIX || hash.startsWith(`${OPERATOR_PREFIX}/`);
}

export function parseOperatorRoute(hash: string): OperatorRoute {
  const parts = hash.slice(OPERATOR_PREFIX.length).split('/').filter(Boolean).map(safeDecode);
  if (parts[0] === 'plans') return { page: 'plans' };
  if (parts[0] === 'tenants' && parts[1]) {
    const tab = parts[2] === 'keys' || parts[2] === 'domains' ? parts[2] : 'settings';
    return { page: 'tenant', id: parts[1], tab };
  }
  return { page: 'tenants' };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export const tenantsHref = `${OPERATOR_PREFIX}/tenants`;
export const plansHref = `${OPERATOR_PREFIX}/plans`;
export const tenantHref = (id: string, tab: TenantTab = 'settings') =>
  `${OPERATOR_PREFIX}/tenants/${encodeURIComponent(id)}${tab === 'settings' ? '' : `/${tab}`}`;

/** The current location hash, updated on navigation. */
export function useHash(): string {
  const [hash, setHash] = useState(() => window.location.hash);
  useEffect(() => {
    const onChange = () => setHash(window.location.hash);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return hash;
}
