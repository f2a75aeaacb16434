/**
 * The short URL of a code on a front domain, the same in every service (link responses, click events, QR codes).
 * Branded domains are served over HTTPS; a domain with an explicit port or a `localhost` name (the embedded mode's
 * `localhost:8081`) is a local development front and is served over plain HTTP.
 */
export function shortUrlOf(domain: string, code: string): string {
  const local = /:\d+$/.test(domain) || /(^|\.)localhost$/.test(domain);
  return `${local ? 'http' : 'https'}://${domain}/${code}`;
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
