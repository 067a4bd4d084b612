import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import type { LoadedSpec } from './openapi-document.js';

const require = createRequire(import.meta.url);
/** swagger-ui-dist ships the built Swagger UI; /docs needs no network access. */
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Shelfmark API</title>
    <link rel="stylesheet" href="/docs/swagger-ui.css" />
    <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/docs/swagger-ui-bundle.js"></script>
    <script src="/docs/init.js"></script>
  </body>
</html>
`;

const initializer = `window.ui = SwaggerUIBundle({
  url: '/openapi.yaml',
  dom_id: '#swagger-ui',
  deepLinking: true,
  withCredentials: true,
  persistAuthorization: false,
});
`;

/** The contract at /openapi.yaml (and under the API root) and its rendering at /docs. */
export function docsRoutes(spec: LoadedSpec): Router {
  const router = Router();
  const sendSpec: express.RequestHandler = (_req, res) => {
    res.type('application/yaml').send(spec.text);
  };
  router.get('/openapi.yaml', sendSpec);
  router.get(`${spec.basePath}/openapi.yaml`, sendSpec);
  router.get(['/docs', '/docs/'], (_req, res) => {
    res.type('html').send(page);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(initializer);
  });
  // Only the assets the page uses; the package's own index.html points at the petstore demo.
  router.use('/docs', express.static(swaggerUiDir, { index: false, maxAge: '1d' }));
  return router;
}
