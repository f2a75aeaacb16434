import { KNOWN_ENTITLEMENTS } from './admin-types';

/** What each entitlement the services know switches on, under an entitlements field. */
export function EntitlementsHint({ id }: { id: string }) {
  return (
    <p className="hint" id={id}>
      Comma separated.{' '}
      {KNOWN_ENTITLEMENTS.map((e) => (
        <span key={e.name}>
          <code>{e.name}</code>: {e.grants}.{' '}
        </span>
      ))}
    </p>
  );
}
