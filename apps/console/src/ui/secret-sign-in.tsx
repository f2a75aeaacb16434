import { useState, type FormEvent, type ReactNode } from 'react';

export interface SecretSignInProps {
  title: string;
  inputId: string;
  label: string;
  placeholder?: string;
  hint: ReactNode;
  submitLabel: string;
  formClassName: string;
  /** The sign-in of the other mode (tenant key or operator token). */
  otherMode: { href: string; label: string };
  /** Checks the secret against the API and signs in; a throw's message is shown. */
  signIn: (secret: string) => Promise<void>;
}

/** A sign-in page for one secret (an API key or the operator token), never echoed and checked before it is kept. */
export function SecretSignIn(props: SecretSignInProps) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.signIn(secret.trim());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Sign-in failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="sign-in">
      <h1>{props.title}</h1>
      <form onSubmit={submit} className={props.formClassName}>
        <label htmlFor={props.inputId}>{props.label}</label>
        <input
          id={props.inputId}
          type="password"
          autoComplete="off"
          required
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          placeholder={props.placeholder}
        />
        <p className="hint">{props.hint}</p>
        {error && (
          <p className="state error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || secret.trim() === ''}>
          {busy ? 'Checking…' : props.submitLabel}
        </button>
      </form>
      <p>
        <a href={props.otherMode.href}>{props.otherMode.label}</a>
      </p>
    </main>
  );
}
