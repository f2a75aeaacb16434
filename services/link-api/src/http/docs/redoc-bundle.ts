import { readFileSync } from 'node:fs';

/** Redoc's standalone bundle, served from this installation: the page needs no CDN and works offline. */
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/**
 * Redoc draws a "docs by Redocly" logo from Redocly's CDN, which would tell that host about every reader and break
 * the page's `img-src 'self' data:`. Its source becomes an empty picture drawn in place (the link text stays).
 */
const CDN_LOGO = '"https://cdn.redoc.ly/redoc/logo-mini.svg"';
const EMPTY_PICTURE = `"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='0' height='0'/%3E"`;

let bundle: Buffer | undefined;

/** The bundle as served: read once, with every address that would leave this host replaced. */
export function redocBundle(): Buffer {
  bundle ??= Buffer.from(readFileSync(REDOC_BUNDLE, 'utf8').split(CDN_LOGO).join(EMPTY_PICTURE), 'utf8');
  return bundle;
}
