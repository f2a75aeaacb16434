import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../session';
import { ErrorState } from '../ui/states';
import { useOperatorClient } from './operator-context';
import { TENANTS_QUERY, usePlans } from './operator-queries';
import { parseList, type TenantView } from './admin-types';
import { EntitlementsHint } from './entitlements-hint';
import { PlanLimits } from './plan-limits';
import { BrandingForm } from '../branding/branding-form';

/** The tenant's name, plan and default domain (PATCH), its entitlements (PUT) and its branding (PATCH). */
export function TenantSettings({ tenant }: { tenant: TenantView }) {
  return (
    <>
      <TenantProfileForm tenant={tenant} />
      <EntitlementsForm tenant={tenant} />
      <TenantBrandingForm tenant={tenant} />
    </>
  );
}

function TenantBrandingForm({ tenant }: { tenant: TenantView }) {
  const client = useOperatorClient();
  const saved = useTenantSaved();
  const save = async (branding: TenantView['branding']) => {
    const updated = unwrap(
      await client.PATCH('/admin/v1/tenants/{id}', { params: { path: { id: tenant.id } }, body: { branding } }),
    );
    saved();
    return updated.branding;
  };
  return <BrandingForm idPrefix={`tenant-branding-${tenant.id}`} initial={tenant.branding} save={save} />;
}

function useTenantSaved() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: TENANTS_QUERY });
}

function TenantProfileForm({ tenant }: { tenant: TenantView }) {
  const client = useOperatorClient();
  const plans = usePlans();
  const saved = useTenantSaved();
  const [name, setName] = useState(tenant.name);
  const [plan, setPlan] = useState(tenant.plan.name);
  const [defaultDomain, setDefaultDomain] = useState(tenant.defaultDomain ?? '');
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.PATCH('/admin/v1/tenants/{id}', {
          params: { path: { id: tenant.id } },
          body: { name: name.trim(), plan, defaultDomain: defaultDomain || null },
        }),
      ),
    onSuccess: (updated) => {
      setName(updated.name);
      setPlan(updated.plan.name);
      setDefaultDomain(updated.defaultDomain ?? '');
      saved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const selectedPlan = plans.data?.plans.find((p) => p.name === plan) ?? tenant.plan;
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="tenant-profile-title">
      <h2 id="tenant-profile-title">Name, plan and default domain</h2>
      <label htmlFor="tenant-rename">Name</label>
      <input id="tenant-rename" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="tenant-change-plan">Plan</label>
      <select id="tenant-change-plan" value={plan} onChange={(e) => setPlan(e.target.value)}>
        {(plans.data?.plans ?? [tenant.plan]).map((p) => (
          <option key={p.name} value={p.name}>
            {p.name}
          </option>
        ))}
      </select>
      {plans.isError && <ErrorState error={plans.error} />}
      <PlanLimits plan={selectedPlan} />
      <label htmlFor="tenant-default-domain">Default domain</label>
      <select id="tenant-default-domain" value={defaultDomain} onChange={(e) => setDefaultDomain(e.target.value)}>
        <option value="">none</option>
        {tenant.domains.map((d) => (
          <option key={d.name} value={d.name}>
            {d.name}
            {d.verified ? '' : ' (not verified)'}
          </option>
        ))}
      </select>
      {save.isError && <ErrorState error={save.error} />}
      {save.isSuccess && <p role="status">Saved. Every service applies the change as soon as it hears of it.</p>}
      <button type="submit" className="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function EntitlementsForm({ tenant }: { tenant: TenantView }) {
  const client = useOperatorClient();
  const saved = useTenantSaved();
  const [text, setText] = useState(tenant.entitlements.join(', '));
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.PUT('/admin/v1/tenants/{id}/entitlements', {
          params: { path: { id: tenant.id } },
          body: { entitlements: parseList(text) },
        }),
      ),
    onSuccess: (updated) => {
      setText(updated.entitlements.join(', '));
      saved();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="card grid-form" onSubmit={submit} aria-labelledby="tenant-entitlements-title">
      <h2 id="tenant-entitlements-title">Entitlements</h2>
      <p>
        Now:{' '}
        {tenant.entitlements.length === 0 ? (
          'none'
        ) : (
          <span data-testid="entitlements">
            {tenant.entitlements.map((e) => (
              <span key={e} className="badge">
                {e}
              </span>
            ))}
          </span>
        )}
      </p>
      <label htmlFor="tenant-entitlements-edit">Entitlements</label>
      <input
        id="tenant-entitlements-edit"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby="tenant-entitlements-edit-hint"
      />
      <EntitlementsHint id="tenant-entitlements-edit-hint" />
      {save.isError && <ErrorState error={save.error} />}
      {save.isSuccess && <p role="status">Entitlements replaced.</p>}
      <button type="submit" className="primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Replace entitlements'}
      </button>
    </form>
  );
}
