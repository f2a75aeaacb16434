import { Router } from 'express';

/** Redoc's standalone bundle, served from this installation: the page needs no CDN and works offline. */
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/** The page is static; the document it renders is fetched from the same base URL, so it always matches the API. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Waymark API reference</title>
  <style>body { margin: 0; }</style>
</head>
<body>
  <redoc spec-url="/v1/openapi.json" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>
`;

/** GET /docs: the API reference rendered by Redoc from GET /v1/openapi.json. No key needed, like the document. */
export function apiReferenceRoutes(): Router {
  const router = Router();
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'no-cache').send(PAGE);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').sendFile(REDOC_BUNDLE);
  });
  return router;
}
