import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { Empty, ErrorState, Loading } from '../ui/states';
import { ConfirmButton } from '../ui/confirm-button';
import { useOperatorClient } from './operator-context';
import { keysQuery } from './operator-queries';
import { formatTime, type ApiKeyView } from './admin-types';
import { KeyCreateForm } from './key-create-form';

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
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Label</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Scopes</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {list.data.keys.map((key) => (
                  <KeyRow key={key.id} apiKey={key} onRevoke={() => revoke.mutate(key.id)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyView; onRevoke: () => void }) {
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt) <= new Date();
  const status = apiKey.revokedAt ? 'revoked' : expired ? 'expired' : 'active';
  return (
    <tr>
      <td>{apiKey.name || '—'}</td>
      <td>
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{apiKey.scopes.join(', ')}</td>
      <td>{formatTime(apiKey.createdAt)}</td>
      <td>{formatTime(apiKey.lastUsedAt)}</td>
      <td>
        <span className={`badge ${status === 'active' ? 'active' : 'disabled'}`}>{status}</span>
        {apiKey.revokedAt && <span className="hint"> {formatTime(apiKey.revokedAt)}</span>}
        {!apiKey.revokedAt && apiKey.expiresAt && <span className="hint"> until {formatTime(apiKey.expiresAt)}</span>}
      </td>
      <td>
        {!apiKey.revokedAt && (
          <ConfirmButton
            label="Revoke"
            danger
            question={`Every request with ${apiKey.prefix}… is refused from now on.`}
            onConfirm={onRevoke}
          />
        )}
      </td>
    </tr>
  );
}
