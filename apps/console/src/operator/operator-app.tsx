import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { OperatorClientContext } from './operator-context';
import { forgetOperatorToken, operatorClientFor, storedOperatorToken, storeOperatorToken } from './operator-session';
import { parseOperatorRoute, plansHref, tenantsHref, useHash, type OperatorRoute } from './operator-routes';
import { OperatorSignIn } from './operator-sign-in';
import { TenantsPage } from './tenants-page';
import { TenantPage } from './tenant-page';
import { PlansPage } from './plans-page';
import { ModeFrame } from '../ui/mode-frame';
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
      <ModeFrame
        brand="Waymark operator"
        navLabel="Operator sections"
        onSignOut={signOut}
        nav={
          <>
            <a href={tenantsHref} aria-current={current('tenants')}>
              Tenants
            </a>
            <a href={plansHref} aria-current={current('plans')}>
              Plans
            </a>
            <a href="#/links">Tenant console</a>
          </>
        }
      >
        {route.page === 'tenant' ? (
          <TenantPage id={route.id} tab={route.tab} />
        ) : route.page === 'plans' ? (
          <PlansPage />
        ) : (
          <TenantsPage />
        )}
      </ModeFrame>
    </OperatorClientContext.Provider>
  );
}
