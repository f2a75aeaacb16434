import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { useOperatorClient } from './operator-context';
import { keysQuery } from './operator-queries';
import { API_SCOPES, type ApiScope } from './admin-types';
import { KeyShownOnce } from './key-shown-once';

/** Issues a key with the scopes ticked; the key itself is on screen until dismissed, then gone for good. */
export function KeyCreateForm({ tenantId }: { tenantId: string }) {
  const client = useOperatorClient();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresAt, setExpiresAt] = useState('');
  const create = useMutation({
    // Not kept in the mutation cache once the form is gone: the key lives only as long as it is on screen.
    gcTime: 0,
    mutationFn: async () =>
      unwrap(
        await client.POST('/admin/v1/tenants/{id}/keys', {
          params: { path: { id: tenantId } },
          body: {
            scopes,
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
          },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keysQuery(tenantId) });
      setName('');
      setExpiresAt('');
    },
  });
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((now) => (on ? [...now, scope] : now.filter((s) => s !== scope)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="create-key-title">
      <h2 id="create-key-title">Issue an API key</h2>
      <label htmlFor="key-name">Label (optional)</label>
      <input id="key-name" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      <fieldset className="scopes">
        <legend>Scopes (at least one)</legend>
        {API_SCOPES.map(({ scope, grants }) => (
          <label key={scope} className="check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <code>{scope}</code> <span className="hint">{grants}</span>
            </span>
          </label>
        ))}
        <div className="actions">
          <button type="button" onClick={() => setScopes(API_SCOPES.map((s) => s.scope))}>
            Tick every scope
          </button>
          <button type="button" onClick={() => setScopes([])}>
            Clear
          </button>
        </div>
      </fieldset>
      <label htmlFor="key-expiry">Expires at (optional; never when empty)</label>
      <input id="key-expiry" type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} />
      {create.isError && <ErrorState error={create.error} />}
      <button type="submit" className="primary" disabled={create.isPending || scopes.length === 0}>
        {create.isPending ? 'Issuing…' : 'Issue key'}
      </button>
      {create.data && <KeyShownOnce apiKey={create.data.key} onDismiss={() => create.reset()} />}
    </form>
  );
}
