/**
 * The scan marker: link-api's QR encodes `<shortUrl>?s=q`, and gs1-catalog's artwork the Digital Link with the
 * same parameter. A request carrying it is counted with `source: "qr"`; the marker is removed before the
 * visitor's query string is passed on to the destination.
 */
export const SCAN_MARKER_NAME = 's';
export const SCAN_MARKER_VALUE = 'q';

export interface SplitQuery {
  /** The visitor's query without the marker, `a=1&b=2` (no leading `?`); empty when nothing is left. */
  readonly passthrough: string;
  readonly scanned: boolean;
}

/** Splits a raw query string (without `?`) into the marker and the rest, keeping the rest byte for byte. */
export function splitScanMarker(rawQuery: string): SplitQuery {
  if (rawQuery === '') return { passthrough: '', scanned: false };
  let scanned = false;
  const kept: string[] = [];
  for (const part of rawQuery.split('&')) {
    if (part === `${SCAN_MARKER_NAME}=${SCAN_MARKER_VALUE}`) scanned = true;
    else if (part !== '') kept.push(part);
  }
  return { passthrough: kept.join('&'), scanned };
}
