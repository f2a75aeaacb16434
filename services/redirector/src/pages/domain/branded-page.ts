import escapeHtml from 'escape-html';
import type { Branding } from '@waymark/contracts';

export type PageKind = 'not_found' | 'unavailable' | 'expired';

const COPY: Record<PageKind, { title: string; text: string }> = {
  not_found: { title: 'Link not found', text: 'This link does not exist.' },
  unavailable: { title: 'Link unavailable', text: 'This link is not available.' },
  expired: { title: 'Link expired', text: 'This link has expired.' },
};

const DEFAULT_PRIMARY = '#1f2937';
const DEFAULT_BACKGROUND = '#ffffff';
// A colour goes into a style attribute: only plain hex or a CSS colour keyword, never arbitrary text.
const SAFE_COLOUR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$/;

function safeColour(value: string | undefined, fallback: string): string {
  return value !== undefined && SAFE_COLOUR.test(value) ? value : fallback;
}

/** Only absolute http(s) URLs may become an href (no `javascript:` or `data:`). */
function safeHttpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The page's one inline style sheet; the Content-Security-Policy admits exactly this text (by its hash). */
export function pageStyle(branding: Branding | undefined): string {
  const primary = safeColour(branding?.primaryColor, DEFAULT_PRIMARY);
  const background = safeColour(branding?.backgroundColor, DEFAULT_BACKGROUND);
  return (
    `body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;text-align:center;` +
    `background:${background};color:${primary}}a{color:${primary}}`
  );
}

/**
 * The branded page for unknown, unavailable and expired links. Every tenant-supplied value is escaped for its
 * context (text, attribute) and URLs and colours are allow-listed, so branding cannot inject markup or script.
 * Unknown domains get the page without branding. The tenant's logo is not drawn: an image from its host would tell
 * that host every visitor's address (docs/decisions.md); the page loads nothing but itself.
 */
export function brandedPage(kind: PageKind, branding: Branding | undefined): string {
  const copy = COPY[kind];
  const name = branding?.name ? escapeHtml(branding.name) : '';
  const fallback = kind === 'not_found' ? undefined : safeHttpUrl(branding?.fallbackUrl);
  const parts = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(copy.title)}${name ? ` · ${name}` : ''}</title>`,
    `<style>${pageStyle(branding)}</style>`,
    '</head><body><main>',
    name ? `<p class="tenant">${name}</p>` : '',
    `<h1>${escapeHtml(copy.title)}</h1>`,
    `<p>${escapeHtml(copy.text)}</p>`,
    fallback ? `<p><a href="${escapeHtml(fallback)}" rel="nofollow">Continue to ${name || 'the site'}</a></p>` : '',
    '</main></body></html>',
  ];
  return parts.join('');
}
