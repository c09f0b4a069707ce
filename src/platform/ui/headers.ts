// Security headers of the web pages: a Content-Security-Policy that allows no inline script or style (the
// page loads one script and one stylesheet from its own origin), no framing, no referrer leaks; and the pages'
// files served under them from the static assets.
import type { Context, Env, Hono } from "hono";

export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

const PAGE_HEADERS: Record<string, string> = {
  "Content-Security-Policy": PAGE_CSP,
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  // A page shows key prefixes and account details: never keep it in a shared cache or the back-forward cache.
  "Cache-Control": "no-store",
};

/** Renders an HTML page (standards mode) with the security headers. */
export async function htmlPage(c: Context, html: string | Promise<string>, status = 200): Promise<Response> {
  const body = `<!DOCTYPE html>${String(await html)}`;
  for (const [name, value] of Object.entries(PAGE_HEADERS)) c.header(name, value);
  return c.html(body, status as 200);
}

/**
 * A file of the Worker's static assets (`public/`, the `ASSETS` binding) under the pages' headers. The asset store
 * answers conditional requests itself (ETag, 304), so the browser's headers go along.
 */
export async function serveStaticFile(
  assets: Fetcher,
  request: Request,
  file: string,
  contentType: string,
  maxAgeSeconds: number,
): Promise<Response> {
  const upstream = await assets.fetch(new Request(new URL(file, request.url), { headers: request.headers }));
  const headers = new Headers(upstream.headers);
  headers.set("Content-Type", contentType);
  headers.set("Content-Security-Policy", PAGE_CSP);
  headers.set("Cache-Control", `public, max-age=${maxAgeSeconds}, must-revalidate`);
  return new Response(upstream.body, { status: upstream.status, headers });
}

/** The pages' one script and one stylesheet (shared by both services), under `base` on the page's own origin. */
export function servePageFiles<E extends Env & { Bindings: { ASSETS: Fetcher } }>(app: Hono<E>, base: string): void {
  app.get(`${base}/app.js`, (c) => serveStaticFile(c.env.ASSETS, c.req.raw, "/app.js", "text/javascript; charset=utf-8", 300));
  app.get(`${base}/app.css`, (c) => serveStaticFile(c.env.ASSETS, c.req.raw, "/app.css", "text/css; charset=utf-8", 300));
}
