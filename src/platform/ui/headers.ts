// Security headers of the web pages: a Content-Security-Policy that allows no inline script or style (the
// page loads one script and one stylesheet from its own origin), no framing, no referrer leaks.
import type { Context } from "hono";

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

export interface StaticAsset {
  body: string;
  contentType: string;
  etag: string;
}

/** A small static file compiled into the Worker (no build step); revalidated by ETag. */
export function asset(body: string, contentType: string): StaticAsset {
  let hash = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) hash = Math.imul(hash ^ body.charCodeAt(i), 0x01000193) >>> 0;
  return { body, contentType, etag: `"${hash.toString(16)}-${body.length.toString(16)}"` };
}

export function serveAsset(c: Context, file: StaticAsset): Response {
  const headers = {
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=300, must-revalidate",
    ETag: file.etag,
    "Content-Security-Policy": PAGE_CSP,
  };
  if (c.req.header("If-None-Match") === file.etag) return new Response(null, { status: 304, headers });
  return new Response(file.body, { status: 200, headers });
}
