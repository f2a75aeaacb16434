import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ClientContext } from './client-context';
import { clientFor, forgetKey, storedKey, storeKey } from './session';
import { useRoute } from './router';
import { accessOf, type ReadAccess } from './scopes';
import { forgetIdentity, IDENTITY_QUERY, storeIdentity, useIdentity } from './account/identity-query';
import { SignInPage } from './pages/sign-in-page';
import { LinksPage } from './pages/links-page';
import { ErrorState, Loading } from './ui/states';
import { MAIN_ID } from './ui/skip-link';
import { ModeFrame } from './ui/mode-frame';

// The GS1 and export pages (and their parsers) load when first opened, keeping them out of the initial bundle.
const Gs1Page = lazy(() => import('./pages/gs1-page'));
const Gs1RecordPage = lazy(() => import('./pages/gs1-record-page'));
const ExportsPage = lazy(() => import('./pages/exports-page'));
// So do the pages after the first one (the links list): the first page waits for less JavaScript (uPlot among it).
const LinkPage = lazy(() => import('./pages/link-page').then((m) => ({ default: m.LinkPage })));
const ChannelsPage = lazy(() => import('./pages/channels-page').then((m) => ({ default: m.ChannelsPage })));
const ChannelPage = lazy(() => import('./pages/channel-page').then((m) => ({ default: m.ChannelPage })));
const TenantAnalyticsPage = lazy(() =>
  import('./pages/tenant-analytics-page').then((m) => ({ default: m.TenantAnalyticsPage })),
);

const AccountPage = lazy(() => import('./pages/account-page'));

export function App() {
  const [apiKey, setApiKey] = useState(storedKey);
  const queryClient = useQueryClient();
  const client = useMemo(() => (apiKey ? clientFor(apiKey) : null), [apiKey]);
  // The key's scopes (GET /v1/me) decide which areas show; the API still refuses what a scope does not allow.
  const identity = useIdentity(client);
  if (!client) {
    return (
      <SignInPage
        onSignedIn={(key, signedIn) => {
          storeKey(key);
          storeIdentity(signedIn);
          queryClient.setQueryData(IDENTITY_QUERY, signedIn);
          setApiKey(key);
        }}
      />
    );
  }
  const signOut = () => {
    forgetKey();
    forgetIdentity();
    queryClient.clear();
    setApiKey(null);
  };
  if (!identity.data) {
    return (
      <main id={MAIN_ID}>
        {identity.isError ? <ErrorState error={identity.error} /> : <Loading what="your API key's scopes" />}
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </main>
    );
  }
  const access = accessOf(identity.data.key.scopes);
  return (
    <ClientContext.Provider value={client}>
      <ModeFrame
        brand="Waymark"
        navLabel="Sections"
        onSignOut={signOut}
        nav={
          <>
            {access.links && <a href="#/links">Links</a>}
            {access.analytics && <a href="#/analytics">Analytics</a>}
            {access.channels && <a href="#/channels">Channels</a>}
            {access.exports && <a href="#/gs1">GS1</a>}
            {access.exports && <a href="#/exports">Exports</a>}
            <a href="#/key">This key</a>
          </>
        }
      >
        <Suspense fallback={<Loading what="page" />}>
          <Page access={access} />
        </Suspense>
      </ModeFrame>
    </ClientContext.Provider>
  );
}

function Page({ access }: { access: ReadAccess }) {
  const route = useRoute();
  const denied = <ErrorState error={new Error('Your API key does not have the scope this page needs.')} />;
  switch (route.page) {
    case 'link':
      return access.links ? <LinkPage domain={route.domain} code={route.code} /> : denied;
    case 'channels':
      return access.channels ? <ChannelsPage /> : denied;
    case 'channel':
      return access.channels ? <ChannelPage id={route.id} /> : denied;
    case 'analytics':
      return access.analytics ? <TenantAnalyticsPage /> : denied;
    case 'key':
      return (
        <Suspense fallback={<Loading what="page" />}>
          <AccountPage />
        </Suspense>
      );
    case 'gs1':
    case 'gs1-record':
    case 'exports':
      if (!access.exports) return denied;
      return (
        <Suspense fallback={<Loading what="page" />}>
          {route.page === 'gs1' && <Gs1Page />}
          {route.page === 'gs1-record' && <Gs1RecordPage domain={route.domain} code={route.code} />}
          {route.page === 'exports' && <ExportsPage />}
        </Suspense>
      );
    default:
      if (access.links) return <LinksPage />;
      // A key without links:read starts on its own panel, which says what it may do.
      return (
        <Suspense fallback={<Loading what="page" />}>
          <AccountPage />
        </Suspense>
      );
  }
}
