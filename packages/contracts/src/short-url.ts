/**
 * The scheme of a front domain's short URLs, the same in every service (link responses, click events, webhook
 * deliveries, QR codes, Digital Link anchors). Branded domains are served over HTTPS; a domain with an explicit port
 * or a `localhost` name (the embedded mode's `localhost:8081`) is a local development front, served over plain HTTP.
 * It depends on the domain alone, never on how a visit arrived (TLS ends before the redirector). Written without a
 * regular expression or a new string: the redirector calls it for every click event it writes.
 */
export function shortUrlSchemeOf(domain: string): 'http' | 'https' {
  let i = domain.length - 1;
  while (i >= 0 && domain.charCodeAt(i) >= 0x30 && domain.charCodeAt(i) <= 0x39) i -= 1;
  if (i >= 0 && i < domain.length - 1 && domain.charCodeAt(i) === 0x3a) return 'http';
  const at = domain.length - LOCALHOST.length;
  return domain.endsWith(LOCALHOST) && (at === 0 || domain.charCodeAt(at - 1) === 0x2e) ? 'http' : 'https';
}

const LOCALHOST = 'localhost';

/** `<scheme>://<domain>`: where a domain's short URLs and Digital Links live. */
export function shortUrlOriginOf(domain: string): string {
  return `${shortUrlSchemeOf(domain)}://${domain}`;
}

/** The short URL of a code on a front domain (a link's `shortUrl`, the `shortUrl` of its click events). */
export function shortUrlOf(domain: string, code: string): string {
  return `${shortUrlOriginOf(domain)}/${code}`;
}

/**
 * The scan marker: link-api's QR codes encode the short URL plus `?s=q`, so the redirector can tell a scan from a
 * click (source `qr`). The redirector drops this parameter before passing the query on to the destination.
 */
export const SCAN_MARKER_PARAM = 's';
export const SCAN_MARKER_VALUE = 'q';

/** The URL a link's QR code encodes: its short URL with the scan marker. */
export function scanUrlOf(domain: string, code: string): string {
  return `${shortUrlOf(domain, code)}?${SCAN_MARKER_PARAM}=${SCAN_MARKER_VALUE}`;
}
