/** The tenant's branding as the API stores it (the redirector's expiry and disabled pages). */
export interface Branding {
  name: string;
  logoUrl?: string;
  primaryColor?: string;
  backgroundColor?: string;
  fallbackUrl?: string;
}

/** The form's text fields; an empty optional field is left out of the branding. */
export type BrandingDraft = Record<keyof Branding, string>;

export const DEFAULT_PRIMARY = '#1f2937';
export const DEFAULT_BACKGROUND = '#ffffff';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
// eslint-disable-next-line no-control-regex -- the API refuses control characters in a name; so does the form
const CONTROL = /[\u0000-\u001f\u007f]/;

export function draftOf(branding: Branding): BrandingDraft {
  return {
    name: branding.name,
    logoUrl: branding.logoUrl ?? '',
    primaryColor: branding.primaryColor ?? '',
    backgroundColor: branding.backgroundColor ?? '',
    fallbackUrl: branding.fallbackUrl ?? '',
  };
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The API's rules for branding, checked before submit: what is wrong, by field. */
export function brandingIssues(draft: BrandingDraft): Partial<Record<keyof Branding, string>> {
  const issues: Partial<Record<keyof Branding, string>> = {};
  const name = draft.name.trim();
  if (name === '' || name.length > 200) issues.name = 'A name of 1 to 200 characters is required.';
  else if (CONTROL.test(name)) issues.name = 'The name must not contain control characters.';
  for (const field of ['primaryColor', 'backgroundColor'] as const) {
    const value = draft[field].trim();
    if (value !== '' && !HEX.test(value)) issues[field] = 'A colour is #rgb or #rrggbb, e.g. #0a7 or #00aa77.';
  }
  for (const field of ['logoUrl', 'fallbackUrl'] as const) {
    const value = draft[field].trim();
    if (value !== '' && !isHttpUrl(value)) issues[field] = 'An absolute http(s) URL, e.g. https://example.com/a.svg';
  }
  return issues;
}

export function brandingOf(draft: BrandingDraft): Branding {
  const branding: Branding = { name: draft.name.trim() };
  for (const field of ['logoUrl', 'primaryColor', 'backgroundColor', 'fallbackUrl'] as const) {
    const value = draft[field].trim();
    if (value !== '') branding[field] = value;
  }
  return branding;
}

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r as number) + 0.7152 * linear(g as number) + 0.0722 * linear(b as number);
}

/** WCAG contrast ratio of the page's text colour on its background (4.5 is the minimum for body text). */
export function contrastRatio(primary: string, background: string): number {
  const [a, b] = [luminance(primary), luminance(background)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}
