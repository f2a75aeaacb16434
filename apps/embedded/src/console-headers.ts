/**
 * The console's Content-Security-Policy, sent with every console file here and by the nginx gateway
 * (deploy/nginx/gateway.conf.template, kept in step by a test). The console is a bundle with no inline script or
 * style; it draws images from this host and `data:` URLs (QR codes) only; it calls the API on this host and, for the
 * resolver preview, a tenant's own link domains, which may be any http(s) host. No site may frame it.
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
  "connect-src 'self' https: http:; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** Headers of every console file: no sniffing, no referrer, the policy above, and no framing by older browsers. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': CONSOLE_CSP,
  'x-frame-options': 'DENY',
};
