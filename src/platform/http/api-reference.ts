// The API reference page: Swagger UI rendering the live OpenAPI document. Its files come from the Worker's own
// static assets (Swagger UI's copied from the installed swagger-ui-dist package into public/swagger-ui/, the start-up
// script and the stylesheet fixing Swagger UI's contrast in public/api-reference/), so the page works offline and
// under the pages' CSP: no CDN, no inline script.
import type { Env, Hono } from "hono";
import { htmlPage, serveStaticFile } from "../ui/headers";

export interface ApiReferenceOptions {
  /** Where the page is served, e.g. `/api/v1/docs`; its files live under `<path>/`. */
  path: string;
  /** The OpenAPI document the page renders. */
  documentPath: string;
  title: string;
}

/**
 * The page's files under `<path>/`: where each is in the static assets, its type and how long a browser keeps it
 * before revalidating. Swagger UI's change only with the package (scripts/vendor-assets.mjs copies them); the
 * project's own, like the web pages' files, with any deploy.
 */
const FILES: Record<string, [string, string, number]> = {
  "swagger-ui.css": ["/swagger-ui/swagger-ui.css", "text/css; charset=utf-8", 3600],
  "swagger-ui-bundle.js": ["/swagger-ui/swagger-ui-bundle.js", "text/javascript; charset=utf-8", 3600],
  "favicon-32x32.png": ["/swagger-ui/favicon-32x32.png", "image/png", 3600],
  "overrides.css": ["/api-reference/overrides.css", "text/css; charset=utf-8", 300],
  "init.js": ["/api-reference/init.js", "text/javascript; charset=utf-8", 300],
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function serveApiReference<E extends Env & { Bindings: { ASSETS: Fetcher } }>(app: Hono<E>, options: ApiReferenceOptions): void {
  const { path, documentPath, title } = options;
  const page = `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="${path}/favicon-32x32.png"><link rel="stylesheet" href="${path}/swagger-ui.css"><link rel="stylesheet" href="${path}/overrides.css"></head><body><main id="api-reference" data-document="${escapeHtml(documentPath)}"></main><script src="${path}/swagger-ui-bundle.js"></script><script src="${path}/init.js"></script></body></html>`;

  app.get(path, (c) => htmlPage(c, page));
  app.get(`${path}/`, (c) => c.redirect(path, 301));
  // The API's base URL, as printed by `npm start` and used in the examples, leads to its reference.
  const base = path.slice(0, path.lastIndexOf("/"));
  app.get(base, (c) => c.redirect(path, 302));
  app.get(`${base}/`, (c) => c.redirect(path, 302));
  for (const [file, [asset, contentType, maxAgeSeconds]] of Object.entries(FILES)) {
    app.get(`${path}/${file}`, (c) => serveStaticFile(c.env.ASSETS, c.req.raw, asset, contentType, maxAgeSeconds));
  }
}
