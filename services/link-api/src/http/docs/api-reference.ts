import { Router } from 'express';
import { redocBundle } from './redoc-bundle';

const STYLE = 'body { margin: 0; }';

/** The page is static; the document it renders is fetched from the same base URL, so it always matches the API. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>Waymark API reference</title>
  <style>${STYLE}</style>
</head>
<body>
  <redoc spec-url="/v1/openapi.json" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/**
 * The page runs only the bundle from this host and fetches only the document. Redoc writes its styles into the page
 * at run time (styled-components) and runs its search in a worker made from a blob, so those two are admitted; no
 * other site may frame the page (against clickjacking).
 */
export const API_REFERENCE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; worker-src blob:; connect-src 'self'; img-src 'self' data:; " +
    `style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; ` +
    "form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** GET /docs: the API reference rendered by Redoc from GET /v1/openapi.json. No key needed, like the document. */
export function apiReferenceRoutes(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').set(API_REFERENCE_HEADERS).send(PAGE);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.type('js').set('Cache-Control', 'public, max-age=86400').set('X-Content-Type-Options', 'nosniff');
    res.send(redocBundle());
  });
  return router;
}
