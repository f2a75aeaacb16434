import { lazy, Suspense, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ClientContext } from './client-context';
import { clientFor, forgetKey, storedKey, storeKey } from './session';
import { useRoute } from './router';
import type { ReadAccess } from './scopes';
import { SignInPage } from './pages/sign-in-page';
import { LinksPage } from './pages/links-page';
import { LinkPage } from './pages/link-page';
import { ChannelsPage } from './pages/channels-page';
import { ChannelPage } from './pages/channel-page';
import { TenantAnalyticsPage } from './pages/tenant-analytics-page';
import { ErrorState, Loading } from './ui/states';
import { MAIN_ID, SkipLink } from './ui/skip-link';

// The GS1 and export pages (and their parsers) load when first opened, keeping them out of the initial bundle.
const Gs1Page = lazy(() => import('./pages/gs1-page'));
const Gs1RecordPage = lazy(() => import('./pages/gs1-record-page'));
const ExportsPage = lazy(() => import('./pages/exports-page'));

const ACCESS_KEY = 'waymark.access';
const ALL_ACCESS: ReadAccess = { links: true, analytics: true, channels: true, exports: true };

function storedAccess(): ReadAccess {
  const raw = sessionStorage.getItem(ACCESS_KEY);
  return raw ? { ...ALL_ACCESS, ...(JSON.parse(raw) as Partial<ReadAccess>) } : ALL_ACCESS;
}

export function App() {
  const [apiKey, setApiKey] = useState(storedKey);
  const [access, setAccess] = useState(storedAccess);
  const queryClient = useQueryClient();
  const client = useMemo(() => (apiKey ? clientFor(apiKey) : null), [apiKey]);
  if (!client) {
    return (
      <SignInPage
        onSignedIn={(key, granted) => {
          storeKey(key);
          sessionStorage.setItem(ACCESS_KEY, JSON.stringify(granted));
          setAccess(granted);
          setApiKey(key);
        }}
      />
    );
  }
  const signOut = () => {
    forgetKey();
    sessionStorage.removeItem(ACCESS_KEY);
    queryClient.clear();
    setApiKey(null);
  };
  return (
    <ClientContext.Provider value={client}>
      <SkipLink />
      <header className="top">
        <span className="brand">Waymark</span>
        <nav aria-label="Sections">
          {access.links && <a href="#/links">Links</a>}
          {access.analytics && <a href="#/analytics">Analytics</a>}
          {access.channels && <a href="#/channels">Channels</a>}
          {access.exports && <a href="#/gs1">GS1</a>}
          {access.exports && <a href="#/exports">Exports</a>}
        </nav>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        <Page access={access} />
      </main>
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
      return access.links ? <LinksPage /> : denied;
  }
}
