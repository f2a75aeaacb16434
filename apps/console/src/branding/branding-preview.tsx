import './branding.css';
import { contrastRatio, DEFAULT_BACKGROUND, DEFAULT_PRIMARY, isHttpUrl, type Branding } from './branding-rules';

/**
 * The redirector's "Link expired" page as this branding draws it (same layout, colours and fallback link), so a
 * change can be judged before it reaches visitors. Like that page, it draws no logo: an image from the tenant's host
 * would tell that host about everyone who opens the page (docs/decisions.md).
 */
export function BrandingPreview({ branding }: { branding: Branding }) {
  const primary = branding.primaryColor ?? DEFAULT_PRIMARY;
  const background = branding.backgroundColor ?? DEFAULT_BACKGROUND;
  const ratio = contrastRatio(primary, background);
  const fallback = branding.fallbackUrl && isHttpUrl(branding.fallbackUrl) ? branding.fallbackUrl : undefined;
  return (
    <figure className="branding-preview">
      <div className="branding-page" style={{ background, color: primary }} data-testid="branding-preview">
        {branding.name && <p>{branding.name}</p>}
        <p className="branding-title">Link expired</p>
        <p>This link has expired.</p>
        {fallback && (
          <p>
            <a href={fallback} style={{ color: primary }} rel="nofollow noreferrer" target="_blank">
              Continue to {branding.name || 'the site'}
            </a>
          </p>
        )}
      </div>
      <figcaption>
        Preview of the expired-link page.{' '}
        {ratio < 4.5 && (
          <strong role="status">
            Text contrast {ratio.toFixed(1)}:1 is below 4.5:1; some visitors will not be able to read the page.
          </strong>
        )}
      </figcaption>
    </figure>
  );
}
