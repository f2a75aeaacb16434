import { ErrorState, Loading } from '../ui/states';
import { tenantHref, tenantsHref, type TenantTab } from './operator-routes';
import { useTenant } from './operator-queries';
import { TenantSettings } from './tenant-settings';
import { TenantKeys } from './tenant-keys';
import { TenantDomains } from './tenant-domains';

const TABS: { tab: TenantTab; label: string }[] = [
  { tab: 'settings', label: 'Plan, entitlements and branding' },
  { tab: 'keys', label: 'API keys' },
  { tab: 'domains', label: 'Domains' },
];

/** One tenant: its plan and entitlements, its API keys, its domains, each under its own address. */
export function TenantPage({ id, tab }: { id: string; tab: TenantTab }) {
  const tenant = useTenant(id);
  return (
    <>
      <p>
        <a href={tenantsHref}>← All tenants</a>
      </p>
      <h1>{tenant.data?.name ?? 'Tenant'}</h1>
      {tenant.isPending && <Loading what="the tenant" />}
      {tenant.isError && <ErrorState error={tenant.error} />}
      {tenant.data && (
        <>
          <p className="hint">
            Id <code>{tenant.data.id}</code> · plan {tenant.data.plan.name} · default domain{' '}
            {tenant.data.defaultDomain ?? 'none'}
          </p>
          <nav aria-label="Tenant sections" className="tabs">
            {TABS.map((t) => (
              <a key={t.tab} href={tenantHref(id, t.tab)} aria-current={t.tab === tab ? 'page' : undefined}>
                {t.label}
              </a>
            ))}
          </nav>
          {tab === 'settings' && <TenantSettings tenant={tenant.data} />}
          {tab === 'keys' && <TenantKeys tenantId={tenant.data.id} />}
          {tab === 'domains' && <TenantDomains tenant={tenant.data} />}
        </>
      )}
    </>
  );
}
