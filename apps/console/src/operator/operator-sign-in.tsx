import { useState, type FormEvent } from 'react';
import { checkOperatorToken } from './operator-session';

/** Sign-in with the operator token: checked against the operator API before it is kept (by the caller). */
export function OperatorSignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await checkOperatorToken(token.trim());
      onSignedIn(token.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>Waymark operator console</h1>
      <form onSubmit={submit} className="card grid-form">
        <label htmlFor="operator-token">Operator token</label>
        <input
          id="operator-token"
          type="password"
          autoComplete="off"
          required
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <p className="hint">
          The deployment&apos;s <code>OPERATOR_TOKEN</code>; the embedded mode writes it to the file its start banner
          names. Kept in this tab&apos;s session storage only.
        </p>
        {error && (
          <p className="state error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || token.trim() === ''}>
          {busy ? 'Checking…' : 'Sign in as operator'}
        </button>
      </form>
      <p>
        <a href="#/links">Sign in with an API key instead</a>
      </p>
    </main>
  );
}
