import type { ReactNode } from 'react';
import { MAIN_ID, SkipLink } from './skip-link';

/**
 * What the tenant and operator modes share around their pages: the skip link, the header with the mode's name, its
 * sections and a sign-out button, and the main region the skip link focuses.
 */
export function ModeFrame(props: {
  brand: string;
  navLabel: string;
  nav: ReactNode;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <SkipLink />
      <header className="top">
        <span className="brand">{props.brand}</span>
        <nav aria-label={props.navLabel}>{props.nav}</nav>
        <button type="button" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      <main id={MAIN_ID} tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}
