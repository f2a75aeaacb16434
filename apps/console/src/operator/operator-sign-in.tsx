import { SecretSignIn } from '../ui/secret-sign-in';
import { checkOperatorToken } from './operator-session';

/** Sign-in with the operator token: checked against the operator API before it is kept (by the caller). */
export function OperatorSignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  return (
    <SecretSignIn
      title="Waymark operator console"
      inputId="operator-token"
      label="Operator token"
      hint={
        <>
          The deployment&apos;s <code>OPERATOR_TOKEN</code>; the embedded mode writes it to the file its start banner
          names. Kept in this tab&apos;s session storage only.
        </>
      }
      submitLabel="Sign in as operator"
      formClassName="card grid-form"
      otherMode={{ href: '#/links', label: 'Sign in with an API key instead' }}
      signIn={async (token) => {
        await checkOperatorToken(token);
        onSignedIn(token);
      }}
    />
  );
}
