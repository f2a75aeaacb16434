import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { useOperatorClient } from './operator-context';
import { tenantHref } from './operator-routes';
import { parseList } from './admin-types';
import { TENANTS_QUERY, usePlans } from './operator-queries';
import { EntitlementsHint } from './entitlements-hint';

export function TenantCreateForm() {
  const client = useOperatorClient();
  const queryClient = useQueryClient();
  const plans = usePlans();
  const [name, setName] = useState('');
  const [plan, setPlan] = useState('');
  const [entitlements, setEntitlements] = useState('');
  const [domain, setDomain] = useState('');
  const [vouch, setVouch] = useState(false);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST('/admin/v1/tenants', {
          body: {
            name: name.trim(),
            ...(plan ? { plan } : {}),
            ...(entitlements.trim() ? { entitlements: parseList(entitlements) } : {}),
            ...(domain.trim() ? { defaultDomain: domain.trim(), verifyDefaultDomain: vouch } : {}),
          },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TENANTS_QUERY });
      setName('');
      setDomain('');
      setEntitlements('');
      setVouch(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const created = create.data;
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="create-tenant-title">
      <h2 id="create-tenant-title">Create a tenant</h2>
      <label htmlFor="tenant-name">Name</label>
      <input id="tenant-name" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="tenant-plan">Plan</label>
      <select id="tenant-plan" value={plan} onChange={(e) => setPlan(e.target.value)} disabled={!plans.isSuccess}>
        <option value="">the default plan</option>
        {plans.data?.plans.map((p) => (
          <option key={p.name} value={p.name}>
            {p.name}
          </option>
        ))}
      </select>
      {plans.isError && <ErrorState error={plans.error} />}
      <label htmlFor="tenant-entitlements">Entitlements (optional)</label>
      <input
        id="tenant-entitlements"
        value={entitlements}
        onChange={(e) => setEntitlements(e.target.value)}
        aria-describedby="tenant-entitlements-hint"
      />
      <EntitlementsHint id="tenant-entitlements-hint" />
      <label htmlFor="tenant-domain">Default domain (optional)</label>
      <input
        id="tenant-domain"
        value={domain}
        onChange={(e) => setDomain(e.target.value)}
        placeholder="go.example.com"
        aria-describedby="tenant-domain-hint"
      />
      <p className="hint" id="tenant-domain-hint">
        Links can only use verified domains. Unless you vouch for it, the tenant proves control with a DNS TXT record.
      </p>
      <label className="check">
        <input type="checkbox" checked={vouch} disabled={!domain.trim()} onChange={(e) => setVouch(e.target.checked)} />
        I vouch for this domain: mark it verified now
      </label>
      {create.isError && <ErrorState error={create.error} />}
      <button type="submit" className="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create tenant'}
      </button>
      {created && (
        <p role="status">
          Created <strong>{created.name}</strong> (<code>{created.id}</code>).{' '}
          <a href={tenantHref(created.id, 'keys')}>Issue it an API key</a>
        </p>
      )}
    </form>
  );
}
