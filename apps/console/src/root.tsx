import { lazy, Suspense } from 'react';
import { App } from './app';
import { isOperatorHash, useHash } from './operator/operator-routes';
import { Loading } from './ui/states';

// The operator pages are a separate chunk: tenant users never download them.
const OperatorApp = lazy(() => import('./operator/operator-app'));

/** Tenant mode (an API key) or, under `#/operator`, operator mode (the operator token). */
export function Root() {
  const hash = useHash();
  if (!isOperatorHash(hash)) return <App />;
  return (
    <Suspense
      fallback={
        <main>
          <Loading what="the operator console" />
        </main>
      }
    >
      <OperatorApp />
    </Suspense>
  );
}
