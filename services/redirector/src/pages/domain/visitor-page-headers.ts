import { createHash } from 'node:crypto';

/**
 * Headers of every HTML page shown to visitors. The page runs no script and loads nothing, so the policy allows
 * exactly its own inline style (by hash): no images, no frames around it (against clickjacking), no forms, no base
 * URL. The referrer is trimmed to the origin so a visitor's path on the short domain does not reach the fallback's
 * host.
 */
export function visitorPageHeaders(style: string): Record<string, string> {
  const styleHash = createHash('sha256').update(style).digest('base64');
  return {
    'content-security-policy':
      `default-src 'none'; style-src 'sha256-${styleHash}'; ` +
      "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
  };
}
