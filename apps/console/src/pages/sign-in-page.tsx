import { clientFor } from '../session';
import { fetchIdentity, type CurrentIdentity } from '../scopes';
import { SecretSignIn } from '../ui/secret-sign-in';

/** Sign-in with a tenant API key: checked against the API before it is kept (in sessionStorage, by the caller). */
export function SignInPage({ onSignedIn }: { onSignedIn: (key: string, identity: CurrentIdentity) => void }) {
  return (
    <SecretSignIn
      title="Waymark console"
      inputId="api-key"
      label="API key"
      placeholder="wm_live_…"
      hint="Kept in this tab's session storage only; closing the tab signs you out."
      submitLabel="Sign in"
      formClassName="card"
      otherMode={{ href: '#/operator', label: 'Operator? Sign in with the operator token' }}
      signIn={async (key) => onSignedIn(key, await fetchIdentity(clientFor(key)))}
    />
  );
}
