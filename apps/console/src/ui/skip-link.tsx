import type { MouseEvent } from 'react';

/** The id of the element every mode's skip link focuses (a `<main tabIndex={-1}>`). */
export const MAIN_ID = 'main';

/**
 * "Skip to content" for the tenant and operator modes. The console routes by the URL hash, so following `#main`
 * would replace the route: the link moves focus to the main region instead and leaves the URL as it is.
 */
export function SkipLink() {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a className="skip" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to content
    </a>
  );
}
