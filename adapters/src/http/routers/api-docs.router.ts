import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';

/** Where the viewer lives: /api/docs is the page, its assets sit under /api/docs/. */
export const API_DOCS_PATH = '/api/docs';

/** The files of swagger-ui-dist the page needs; nothing else of the package is served. */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png']);

const swaggerUiRoot = (): string => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="ja">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>APIリファレンス | クリニック予約システム</title>
  <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
  <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
  <link rel="stylesheet" href="${API_DOCS_PATH}/docs.css">
</head>
<body>
  <header class="docs-header">
    <h1>クリニック予約システム APIリファレンス</h1>
    <p>機械可読な定義: <a href="/api/openapi.json">/api/openapi.json</a>（OpenAPI 3.0）</p>
  </header>
  <main id="swagger-ui"><noscript>このページの表示にはJavaScriptが必要です。定義そのものは /api/openapi.json にあります。</noscript></main>
  <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
  <script src="${API_DOCS_PATH}/docs.js"></script>
</body>
</html>
`;

/**
 * Started by the page. "Try it out" calls go to this server with the session cookie and the
 * X-Requested-With header that every state-changing call needs.
 */
const SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  layout: 'BaseLayout',
  presets: [SwaggerUIBundle.presets.apis],
  validatorUrl: null,
  docExpansion: 'none',
  defaultModelsExpandDepth: -1,
  displayRequestDuration: true,
  filter: true,
  requestInterceptor: function (request) {
    request.headers['X-Requested-With'] = 'XMLHttpRequest';
    request.credentials = 'same-origin';
    return request;
  },
});
`;

const STYLE = `body { margin: 0; font-family: system-ui, 'Hiragino Sans', 'Noto Sans JP', sans-serif; }
.docs-header { padding: 16px 20px 0; max-width: 1460px; margin: 0 auto; box-sizing: border-box; }
.docs-header h1 { font-size: 22px; margin: 0 0 4px; color: #3b4151; }
.docs-header p { margin: 0; color: #3b4151; font-size: 14px; }
.swagger-ui .info .title small pre { font-family: inherit; }
/* No operation has links: the empty column only takes room. */
.swagger-ui .response-col_links { display: none; }
@media (max-width: 600px) {
  .docs-header { padding: 12px 12px 0; }
  .swagger-ui .wrapper { padding: 0 8px; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary-description { flex-basis: 100%; padding: 4px 8px; }
  .swagger-ui .responses-inner { padding: 8px; }
  .swagger-ui .response-col_status { width: 3em; }
}
`;

/**
 * The API reference: Swagger UI (swagger-ui-dist, served from node_modules, no CDN) reading
 * /api/openapi.json. Same-origin scripts only, so the site-wide Content-Security-Policy holds.
 */
export const apiDocs = (): Middleware => {
  const root = swaggerUiRoot();
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === API_DOCS_PATH || ctx.path === `${API_DOCS_PATH}/`) {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = PAGE;
      return;
    }
    if (!ctx.path.startsWith(`${API_DOCS_PATH}/`)) return next();
    const file = ctx.path.slice(API_DOCS_PATH.length + 1);
    if (file === 'docs.js') {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.body = SCRIPT;
      return;
    }
    if (file === 'docs.css') {
      ctx.type = 'text/css; charset=utf-8';
      ctx.body = STYLE;
      return;
    }
    if (!ASSETS.has(file)) return next();
    // The viewer's files (1.7 MB) are kept by the browser for a day, unlike the API's answers;
    // Last-Modified lets it revalidate them cheaply afterwards.
    await send(ctx, file, { root, maxage: 86_400_000 });
  };
};
