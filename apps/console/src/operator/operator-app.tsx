import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OperatorClientContext } from './operator-context';
import { forgetOperatorToken, operatorClientFor, storedOperatorToken, storeOperatorToken } from './operator-session';
import { parseOperatorRoute, plansHref, tenantsHref, useHash, type OperatorRoute } from './operator-routes';
import { OperatorSignIn } from './operator-sign-in';
import { TenantsPage } from './tenants-page';
import { TenantPage } from './tenant-page';
import { PlansPage } from './plans-page';
import { MAIN_ID, SkipLink } from '../ui/skip-link';
import './operator.css';

/** Operator mode: tenants, their keys and domains, plans and entitlements, through the operator API (/admin/v1). */
export default function OperatorApp() {
  const [token, setToken] = useState(storedOperatorToken);
  const queryClient = useQueryClient();
  const route = parseOperatorRoute(useHash());
  const client = useMemo(() => (token ? operatorClientFor(token) : null), [token]);
  if (!client) {
    return (
      <OperatorSignIn
        onSignedIn={(checked) => {
          storeOperatorToken(checked);
          setToken(checked);
        }}
      />
    );
  }
  const signOut = () => {
    forgetOperatorToken();
    queryClient.removeQueries({ queryKey: ['operator'] });
    setToken(null);
  };
  const current = (page: OperatorRoute['page']) =>
    route.page === page || (page === 'tenants' && route.page === 'tenant') ? 'page' : undefined;
  return (
    <OperatorClientContext.Provider value={client}>
      <SkipLink />
      <header className="top">
        <span className="brand">Waymark operator</span>
        <nav aria-label="Operator sections">
          <a href={tenantsHref} aria-current={current('tenants')}>
            Tenants
          </a>
          <a href={plansHref} aria-current={current('plans')}>
            Plans
          </a>
          <a href="#/links">Tenant console</a>
        </nav>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        {route.page === 'tenant' ? (
          <TenantPage id={route.id} tab={route.tab} />
        ) : route.page === 'plans' ? (
          <PlansPage />
        ) : (
          <TenantsPage />
        )}
      </main>
    </OperatorClientContext.Provider>
  );
}
