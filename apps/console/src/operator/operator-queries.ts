import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../session';
import { useOperatorClient } from './operator-context';

/** Query keys of the operator pages, all under `operator` so signing out drops them together. */
export const TENANTS_QUERY = ['operator', 'tenants'] as const;
export const PLANS_QUERY = ['operator', 'plans'] as const;
export const tenantQuery = (id: string) => ['operator', 'tenants', id] as const;
export const keysQuery = (id: string) => ['operator', 'tenants', id, 'keys'] as const;

/** Every plan; the tenant forms offer them and the plans page edits them. */
export function usePlans() {
  const client = useOperatorClient();
  return useQuery({
    queryKey: PLANS_QUERY,
    queryFn: async () => unwrap(await client.GET('/admin/v1/plans')),
  });
}

/** One tenant with its plan, entitlements and domains. */
export function useTenant(id: string) {
  const client = useOperatorClient();
  return useQuery({
    queryKey: tenantQuery(id),
    queryFn: async () => unwrap(await client.GET('/admin/v1/tenants/{id}', { params: { path: { id } } })),
  });
}
