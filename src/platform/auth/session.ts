// Web-page sessions, both services: a random token lives only in the browser's cookie; D1 keeps its SHA-256
// (a leaked table cannot be replayed as cookies) with a CSRF token and an absolute expiry.
// Pre-session forms (sign in, sign up) are protected by an Origin check plus a double-submit token.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { randomString, sha256Hex, timingSafeEqual } from "../crypto";

/** Sessions end 12 hours after sign-in, whatever the activity. */
export const SESSION_TTL_MS = 12 * 3_600_000;

export interface IssuedSession {
  /** Goes into the cookie, never stored. */
  token: string;
  tokenHash: string;
  csrfToken: string;
  expiresAt: number;
}

/** 43 base62 characters: about 256 bits each. */
export async function issueSession(nowMs: number, ttlMs: number = SESSION_TTL_MS): Promise<IssuedSession> {
  const token = randomString(43);
  return { token, tokenHash: await sha256Hex(token), csrfToken: randomString(43), expiresAt: nowMs + ttlMs };
}

/**
 * `Secure` is dropped only for plain-http loopback development (wrangler dev on 127.0.0.1 or localhost),
 * where a Secure cookie would never come back; everything else gets it.
 */
export function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && (hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]");
}

/** A cookie of the web pages, by its name without prefix; every one is on Path=/, as `__Host-` requires. */
export interface PageCookie {
  name: string;
}

/**
 * Wherever the cookie is Secure it carries the `__Host-` prefix, so the browser refuses a cookie of that name set
 * without Secure, from a subdomain, with a Domain or on another path (a sibling subdomain cannot shadow it).
 * Plain-http loopback development keeps the plain name, as its cookies cannot be Secure.
 */
function prefixOf(c: Context): "host" | undefined {
  return isLoopbackHttp(c.req.url) ? undefined : "host";
}

/** HttpOnly, Path=/, SameSite=Lax, and off plain-http loopback Secure with the `__Host-` prefix: every page cookie's. */
export function pageCookieOptions(c: Context, maxAgeSeconds?: number) {
  const prefix = prefixOf(c);
  return {
    httpOnly: true,
    secure: prefix !== undefined,
    sameSite: "Lax" as const,
    path: "/",
    ...(prefix === undefined ? {} : { prefix }),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/** The cookie's value, read under the name this request's URL implies. */
export function readCookie(c: Context, cookie: PageCookie): string | undefined {
  return getCookie(c, cookie.name, prefixOf(c));
}

export function setSessionCookie(c: Context, cookie: PageCookie, session: IssuedSession, nowMs: number): void {
  setCookie(c, cookie.name, session.token, pageCookieOptions(c, Math.floor((session.expiresAt - nowMs) / 1000)));
}

/** Where a service keeps its sessions: ending one by its token's hash, and writing a new one (false when refused). */
export interface SessionStore {
  end(tokenHash: string): Promise<void>;
  insert(session: IssuedSession, nowMs: number): Promise<boolean>;
}

/**
 * Starts a session after a sign-in or sign-up: ends the one this browser held (its cookie is replaced), issues a new
 * token and sets its cookie only if the store wrote it; false when the store refused (nothing set).
 */
export async function startPageSession(c: Context, cookie: PageCookie, store: SessionStore): Promise<boolean> {
  const now = Date.now();
  const previous = await sessionTokenHash(c, cookie);
  if (previous) await store.end(previous);
  const session = await issueSession(now);
  const started = await store.insert(session, now);
  if (started) setSessionCookie(c, cookie, session, now);
  return started;
}

export function clearSessionCookie(c: Context, cookie: PageCookie): void {
  deleteCookie(c, cookie.name, pageCookieOptions(c));
}

export async function sessionTokenHash(c: Context, cookie: PageCookie): Promise<string | null> {
  const token = readCookie(c, cookie);
  if (!token || token.length > 200) return null;
  return sha256Hex(token);
}

/** The double-submit token of the sign-in and sign-up forms: reuses the browser's cookie, or sets one. */
export function formToken(c: Context, cookie: PageCookie): string {
  const existing = readCookie(c, cookie);
  if (existing && /^[0-9A-Za-z]{32}$/.test(existing)) return existing;
  const token = randomString(32);
  setCookie(c, cookie.name, token, { ...pageCookieOptions(c, 12 * 3600), sameSite: "Strict" });
  return token;
}

/** What a form post refused by `sameSiteFormPost` shows. */
export const FORM_EXPIRED = "This form has expired or did not come from this page. Reload the page and try again.";

/**
 * A state-changing form post comes from this site: the Origin header (which browsers send on every POST)
 * names this origin, or, without Origin, Sec-Fetch-Site says same-origin; and the submitted token equals
 * `expected` (the double-submit cookie, or the session's CSRF token once signed in).
 */
export function sameSiteFormPost(c: Context, submitted: string | undefined, expected: string | undefined): boolean {
  const origin = c.req.header("Origin");
  if (origin !== undefined) {
    if (origin !== new URL(c.req.url).origin) return false;
  } else if (c.req.header("Sec-Fetch-Site") !== "same-origin") {
    return false;
  }
  if (!submitted || !expected) return false;
  return timingSafeEqual(submitted, expected);
}
