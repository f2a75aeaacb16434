import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../session';
import { Empty, ErrorState, Loading } from '../ui/states';
import { useOperatorClient } from './operator-context';
import { tenantHref } from './operator-routes';
import { DataTable, type Column } from '../ui/data-table';
import { formatTime, type TenantView } from './admin-types';
import { TenantCreateForm } from './tenant-create-form';
import { TENANTS_QUERY } from './operator-queries';
import { Filters, SearchInput } from '../ui/search-filters';

const TENANT_COLUMNS: Column<TenantView>[] = [
  { header: 'Name', cell: (tenant) => <a href={tenantHref(tenant.id)}>{tenant.name}</a> },
  { header: 'Id', cell: (tenant) => <code>{tenant.id}</code> },
  { header: 'Plan', cell: (tenant) => tenant.plan.name },
  { header: 'Default domain', className: 'url', cell: (tenant) => tenant.defaultDomain ?? '—' },
  { header: 'Created', cell: (tenant) => formatTime(tenant.createdAt) },
];

/** Every tenant (the operator API lists them all at once), filtered here by name, id or domain. */
export function TenantsPage() {
  const client = useOperatorClient();
  const [filter, setFilter] = useState('');
  const list = useQuery({
    queryKey: TENANTS_QUERY,
    queryFn: async () => unwrap(await client.GET('/admin/v1/tenants')),
  });
  const tenants = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const all = list.data?.tenants ?? [];
    if (!needle) return all;
    return all.filter((t) =>
      [t.name, t.id, ...t.domains.map((d) => d.name)].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [list.data, filter]);
  return (
    <>
      <h1>Tenants</h1>
      <TenantCreateForm />
      <section className="card" aria-labelledby="tenants-title">
        <h2 id="tenants-title">All tenants</h2>
        <Filters>
          <SearchInput label="Filter" value={filter} placeholder="name, id or domain" onChange={setFilter} />
        </Filters>
        {list.isPending && <Loading what="tenants" />}
        {list.isError && <ErrorState error={list.error} />}
        {list.isSuccess && list.data.tenants.length === 0 && <Empty>No tenants yet. Create one above.</Empty>}
        {list.isSuccess && list.data.tenants.length > 0 && tenants.length === 0 && (
          <Empty>No tenant matches “{filter}”.</Empty>
        )}
        {tenants.length > 0 && <DataTable columns={TENANT_COLUMNS} rows={tenants} rowKey={(tenant) => tenant.id} />}
      </section>
    </>
  );
}
