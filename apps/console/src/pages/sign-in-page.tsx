import { useState, type FormEvent } from 'react';
import { clientFor } from '../session';
import { probeAccess, type ReadAccess } from '../scopes';

/** Sign-in with a tenant API key: checked against the API before it is kept (in sessionStorage, by the caller). */
export function SignInPage({ onSignedIn }: { onSignedIn: (key: string, access: ReadAccess) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(key.trim(), await probeAccess(clientFor(key.trim())));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>Waymark console</h1>
      <form onSubmit={submit} className="card">
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          required
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="wm_live_…"
        />
        <p className="hint">Kept in this tab's session storage only; closing the tab signs you out.</p>
        {error && (
          <p className="state error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || key.trim() === ''}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
      </form>
      <p>
        <a href="#/operator">Operator? Sign in with the operator token</a>
      </p>
    </main>
  );
}
