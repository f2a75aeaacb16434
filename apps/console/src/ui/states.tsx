import type { ReactNode } from 'react';
import { ApiError } from '../session';

export function Loading({ what }: { what: string }) {
  return (
    <p className="state" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state empty">{children}</p>;
}

export function ErrorState({ error }: { error: unknown }) {
  const text =
    error instanceof ApiError
      ? error.status === 403
        ? 'Your API key does not have the scope this page needs.'
        : `${error.message} (${error.code})`
      : error instanceof Error
        ? error.message
        : 'Something went wrong';
  return (
    <p className="state error" role="alert">
      {text}
    </p>
  );
}
