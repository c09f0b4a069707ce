// Authentication of the management API (`/admin/api/*`): either the operator's ADMIN_TOKEN as a bearer
// token (compared in constant time), or the session cookie of a signed-in user of the web page, who acts on
// their own account or organisation only. State-changing session requests must carry the CSRF token.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sha256Hex, timingSafeEqual } from "../crypto";
import { PlatformError } from "../http/errors";
import { type PageCookie, readCookie } from "./session";
import { checkManagementCall, type SignInThrottle } from "./throttle";

export interface SessionRecord {
  sessionId: string;
  userId: string;
  ownerId: string;
  email: string;
  csrfToken: string;
  expiresAt: number;
}

export type Actor = { kind: "operator" } | ({ kind: "user" } & SessionRecord);

/** What the management API's middleware puts in the context: `c.var.actor`. */
export interface ActorVariables {
  actor: Actor;
}

/** How audit entries name who acted: the operator, or the signed-in user's email. */
export function actorName(actor: Actor): string {
  return actor.kind === "operator" ? "operator" : actor.email;
}

export interface AdminAuthOptions<Bindings extends object = object> {
  adminToken: (env: Bindings) => string;
  /** The session cookie, read under the name the request's URL implies (session.ts). */
  cookie: PageCookie;
  findSession: (env: Bindings, tokenHash: string) => Promise<SessionRecord | null>;
  /** Counts every call but the operator's per client network, and a session's per owner (MANAGEMENT_RULES). */
  throttle?: (env: Bindings) => DurableObjectNamespace<SignInThrottle>;
  now?: () => number;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CSRF_HEADER = "X-CSRF-Token";

export async function sessionFromCookie<Bindings extends object>(
  c: Context,
  env: Bindings,
  options: AdminAuthOptions<Bindings>,
): Promise<SessionRecord | null> {
  const token = readCookie(c, options.cookie);
  if (!token || token.length > 200) return null;
  const session = await options.findSession(env, await sha256Hex(token));
  if (!session || session.expiresAt <= (options.now ?? Date.now)()) return null;
  return session;
}

export function adminAuth<Bindings extends object>(options: AdminAuthOptions<Bindings>) {
  const now = options.now ?? Date.now;
  return createMiddleware<{ Bindings: Bindings; Variables: ActorVariables }>(async (c, next) => {
    // Counted before the refusal, so guessing tokens or replaying a stolen session is throttled as well.
    const throttle = async (ownerId?: string) => {
      if (!options.throttle) return;
      const address = c.req.header("CF-Connecting-IP") ?? null;
      const verdict = await checkManagementCall(options.throttle(c.env), { ownerId, address, nowMs: now() });
      if (!verdict.allowed) {
        throw new PlatformError("rate_limited", `Too many management requests; retry in ${verdict.retryAfterSeconds} s`, {
          "Retry-After": String(verdict.retryAfterSeconds),
        });
      }
    };
    const authorization = c.req.header("Authorization");
    if (authorization !== undefined) {
      const match = /^Bearer +(\S{1,512})$/i.exec(authorization);
      if (!match || !timingSafeEqual(match[1]!, options.adminToken(c.env))) {
        await throttle();
        throw new PlatformError("unauthenticated", "Invalid operator token");
      }
      c.set("actor", { kind: "operator" });
      return next();
    }
    const session = await sessionFromCookie(c, c.env, options);
    await throttle(session?.ownerId);
    if (!session) throw new PlatformError("unauthenticated", "Sign in, or send Authorization: Bearer <ADMIN_TOKEN>");
    if (!SAFE_METHODS.has(c.req.method)) {
      const csrf = c.req.header(CSRF_HEADER) ?? "";
      if (!timingSafeEqual(csrf, session.csrfToken)) throw new PlatformError("forbidden", "Missing or invalid CSRF token");
    }
    c.set("actor", { kind: "user", ...session });
    return next();
  });
}

/**
 * Route middleware for operations only the operator's token may perform: a session is 403 `forbidden` before the
 * request's parameters and body are read, so it learns nothing of them and is refused alike whatever it sends.
 */
export function operatorOnly(message: string) {
  return createMiddleware<{ Variables: ActorVariables }>(async (c, next) => {
    if (c.var.actor.kind !== "operator") throw new PlatformError("forbidden", message);
    await next();
  });
}
