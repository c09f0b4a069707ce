// The API reference page: Swagger UI rendering the live OpenAPI document. Swagger UI's files come from the
// Worker's own static assets (copied from the installed swagger-ui-dist package into public/swagger-ui/), so
// the page works offline and under the pages' CSP: no CDN, no inline script (the start-up code is a served file).
import type { Env, Hono } from "hono";
import { asset, htmlPage, serveAsset, serveStaticFile } from "../ui/headers";

export interface ApiReferenceOptions {
  /** Where the page is served, e.g. `/api/v1/docs`; its files live under `<path>/`. */
  path: string;
  /** The OpenAPI document the page renders. */
  documentPath: string;
  title: string;
}

/** The files of swagger-ui-dist the page loads (scripts/vendor-assets.mjs copies these). */
const VENDOR_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function serveApiReference<E extends Env & { Bindings: { ASSETS: Fetcher } }>(app: Hono<E>, options: ApiReferenceOptions): void {
  const { path, documentPath, title } = options;
  const init = asset(
    // validatorUrl null: Swagger UI would otherwise send the document to an outside validator for a badge.
    `window.onload = () => { window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentPath)}, dom_id: "#api-reference", deepLinking: true, validatorUrl: null, tryItOutEnabled: false }); };\n`,
    "text/javascript; charset=utf-8",
  );
  const page = `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="${path}/favicon-32x32.png"><link rel="stylesheet" href="${path}/swagger-ui.css"></head><body><div id="api-reference"></div><script src="${path}/swagger-ui-bundle.js"></script><script src="${path}/init.js"></script></body></html>`;

  app.get(path, (c) => htmlPage(c, page));
  app.get(`${path}/`, (c) => c.redirect(path, 301));
  // The API's base URL, as printed by `npm start` and used in the examples, leads to its reference.
  const base = path.slice(0, path.lastIndexOf("/"));
  app.get(base, (c) => c.redirect(path, 302));
  app.get(`${base}/`, (c) => c.redirect(path, 302));
  app.get(`${path}/init.js`, (c) => serveAsset(c, init));
  for (const [file, contentType] of Object.entries(VENDOR_FILES)) {
    app.get(`${path}/${file}`, (c) => serveStaticFile(c.env.ASSETS, c.req.raw, `/swagger-ui/${file}`, contentType, 3600));
  }
}
