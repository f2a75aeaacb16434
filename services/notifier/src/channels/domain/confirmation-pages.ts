import { createHash } from 'node:crypto';

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;text-align:center}button{font-size:1rem;padding:.6rem 1.4rem}';

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${title}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
  ].join('');
}

/**
 * The page the mailed link opens. Its form posts back to the same URL (the token stays out of the markup); only a
 * person pressing the button confirms, never a scanner that follows the link.
 */
export const CONFIRMATION_PAGE = page(
  'Confirm click notifications',
  '<h1>Confirm click notifications</h1><p>Waymark will send click and scan notifications to this address.</p>' +
    '<form method="post"><button type="submit">Confirm</button></form>' +
    '<p>If you did not ask for this, close this page: nothing is sent until the address is confirmed.</p>',
);

export const CONFIRMED_PAGE = page(
  'Notifications confirmed',
  '<h1>Confirmed</h1><p>This address now receives Waymark click notifications.</p>',
);

/** No script, no framing, the form may post to this origin only; the token in the URL is never sent as a referrer. */
export const CONFIRMATION_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; ` +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
