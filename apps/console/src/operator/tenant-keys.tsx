import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { Empty, ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { useOperatorClient } from './operator-context';
import { keysQuery } from './operator-queries';
import { formatTime, type ApiKeyView } from './admin-types';
import { KeyCreateForm } from './key-create-form';
import { DataTable, type Column } from '../ui/data-table';

/** The tenant's keys (prefixes only, never the keys), with issuing and revoking. */
export function TenantKeys({ tenantId }: { tenantId: string }) {
  const client = useOperatorClient();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: keysQuery(tenantId),
    queryFn: async () =>
      unwrap(await client.GET('/admin/v1/tenants/{id}/keys', { params: { path: { id: tenantId } } })),
  });
  const revoke = useMutation({
    mutationFn: async (id: string) =>
      unwrap(await client.POST('/admin/v1/keys/{id}/revoke', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keysQuery(tenantId) }),
  });
  return (
    <>
      <KeyCreateForm tenantId={tenantId} />
      <section className="card" aria-labelledby="keys-title">
        <h2 id="keys-title">Keys</h2>
        {list.isPending && <Loading what="keys" />}
        {list.isError && <ErrorState error={list.error} />}
        {revoke.isError && <ErrorState error={revoke.error} />}
        {list.data?.keys.length === 0 && <Empty>This tenant has no API keys yet.</Empty>}
        {list.data && list.data.keys.length > 0 && (
          <DataTable columns={keyColumns((id) => revoke.mutate(id))} rows={list.data.keys} rowKey={(key) => key.id} />
        )}
      </section>
    </>
  );
}

function keyStatus(apiKey: ApiKeyView): 'revoked' | 'expired' | 'active' {
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= new Date();
  return apiKey.revokedAt ? 'revoked' : expired ? 'expired' : 'active';
}

function keyColumns(onRevoke: (id: string) => void): Column<ApiKeyView>[] {
  return [
    { header: 'Label', cell: (apiKey) => apiKey.name || '—' },
    { header: 'Starts with', cell: (apiKey) => <code>{apiKey.prefix}…</code> },
    { header: 'Scopes', cell: (apiKey) => apiKey.scopes.join(', ') },
    { header: 'Created', cell: (apiKey) => formatTime(apiKey.createdAt) },
    { header: 'Last used', cell: (apiKey) => formatTime(apiKey.lastUsedAt) },
    {
      header: 'Status',
      cell: (apiKey) => (
        <>
          <span className={`badge ${keyStatus(apiKey) === 'active' ? 'active' : 'disabled'}`}>{keyStatus(apiKey)}</span>
          {apiKey.revokedAt && <span className="hint"> {formatTime(apiKey.revokedAt)}</span>}
          {!apiKey.revokedAt && apiKey.expiresAt && <span className="hint"> until {formatTime(apiKey.expiresAt)}</span>}
        </>
      ),
    },
    {
      header: 'Action',
      cell: (apiKey) =>
        !apiKey.revokedAt && (
          <ConfirmButton
            label="Revoke"
            danger
            question={`Every request with ${apiKey.prefix}… is refused from now on.`}
            onConfirm={() => onRevoke(apiKey.id)}
          />
        ),
    },
  ];
}
