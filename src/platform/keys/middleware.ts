// API-key authentication and rate limiting for one route: parse (no I/O), hash, one call to the key's
// Durable Object, then the verdict becomes the service's error or the rate-limit headers.
import { createMiddleware } from "hono/factory";
import { ApiError, PlatformError } from "../http/errors";
import { bearerKey, hashApiKey } from "./format";
import type { KeyGuard, KeyIdentity, Requirement, Usage, Verdict } from "./guard";

export interface AuthenticatedKey {
  state: KeyIdentity;
  usage: Usage;
}

/** What the key middleware puts in the context: `c.var.apiKey`. */
export interface ApiKeyVariables {
  apiKey: AuthenticatedKey;
}

export interface KeyAuthOptions<Bindings extends object = object> {
  tag: string;
  guard: (env: Bindings) => DurableObjectNamespace<KeyGuard>;
  /** Headers a service adds for an identified key (superseded, expiry), on success and on refusals. */
  keyHeaders?: (state: KeyIdentity) => Record<string, string>;
  /** Messages for the service's denial codes (plan_required, …); scope denials name the missing grant. */
  denialMessages?: Readonly<Record<string, string>>;
  now?: () => number;
}

/**
 * Bounds what a client sending well-formed random keys can cost: each isolate answers an address that has
 * produced more than this many unknown-key verdicts in the current minute with 429, without any I/O.
 */
const UNKNOWN_KEYS_PER_MINUTE_PER_ADDRESS = 120;
const unknownKeyCounts = new Map<string, number>();
let unknownKeyWindow = -1;

function unknownKeyBudgetExceeded(address: string, nowMs: number, record: boolean): boolean {
  const window = Math.floor(nowMs / 60_000);
  if (window !== unknownKeyWindow || unknownKeyCounts.size > 50_000) {
    unknownKeyCounts.clear();
    unknownKeyWindow = window;
  }
  const count = (unknownKeyCounts.get(address) ?? 0) + (record ? 1 : 0);
  if (record) unknownKeyCounts.set(address, count);
  return count > UNKNOWN_KEYS_PER_MINUTE_PER_ADDRESS;
}

/**
 * Per-isolate memo of key → Durable Object id for keys that exist, sparing SHA-256 and the id derivation on
 * the hot path. It holds no key state, so it can never let a revoked or expired key through; unknown keys are
 * not remembered, so random keys cannot fill it.
 */
const guardIds = new WeakMap<DurableObjectNamespace<KeyGuard>, Map<string, DurableObjectId>>();
const GUARD_ID_MEMO_LIMIT = 10_000;

function knownGuardIds(namespace: DurableObjectNamespace<KeyGuard>): Map<string, DurableObjectId> {
  let known = guardIds.get(namespace);
  if (!known) guardIds.set(namespace, (known = new Map()));
  return known;
}

function remember(known: Map<string, DurableObjectId>, key: string, id: DurableObjectId): void {
  if (known.has(key)) return;
  if (known.size >= GUARD_ID_MEMO_LIMIT) known.clear();
  known.set(key, id);
}

function rateLimitHeaders(usage: Usage, nowMs: number): Record<string, string> {
  const { minute, day } = usage;
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(minute.limit),
    "X-RateLimit-Remaining": String(minute.remaining),
    "X-RateLimit-Reset": String(minute.resetAt),
  };
  if (day) {
    // draft-ietf-httpapi-ratelimit-headers: list both policies, report the window with the lower remaining.
    const nowSeconds = Math.floor(nowMs / 1000);
    headers["RateLimit-Policy"] = `"minute";q=${minute.limit};w=60, "day";q=${day.limit};w=86400`;
    const tighter = day.remaining < minute.remaining ? { name: "day", w: day } : { name: "minute", w: minute };
    headers["RateLimit"] = `"${tighter.name}";r=${tighter.w.remaining};t=${Math.max(0, tighter.w.resetAt - nowSeconds)}`;
  }
  return headers;
}

export function keyAuth<Bindings extends object>(options: KeyAuthOptions<Bindings>, required: Requirement[] = []) {
  const now = options.now ?? Date.now;
  return createMiddleware<{ Bindings: Bindings; Variables: ApiKeyVariables }>(async (c, next) => {
    const parsed = bearerKey(options.tag, c.req.header("Authorization"));
    if (!parsed) throw new PlatformError("missing_credentials", "Send Authorization: Bearer <API key>");

    // Cloudflare always sets CF-Connecting-IP; without it (local tools) there is no address to budget.
    const address = c.req.header("CF-Connecting-IP");
    const nowMs = now();
    if (address && unknownKeyBudgetExceeded(address, nowMs, false)) {
      throw new PlatformError("rate_limited", "Too many requests with unknown API keys", { "Retry-After": String(60 - Math.floor((nowMs % 60_000) / 1000)) });
    }

    const namespace = options.guard(c.env);
    const known = knownGuardIds(namespace);
    const id = known.get(parsed.key) ?? namespace.idFromName(await hashApiKey(parsed.key));
    const verdict = (await namespace.get(id).authorize(nowMs, required)) as Verdict;

    if (verdict.outcome === "unknown") {
      if (address) unknownKeyBudgetExceeded(address, nowMs, true);
      throw new PlatformError("invalid_credentials", "The API key is not valid");
    }
    remember(known, parsed.key, id);
    if (verdict.outcome === "revoked") throw new PlatformError("invalid_credentials", "The API key has been revoked");
    if (verdict.outcome === "expired") throw new PlatformError("invalid_credentials", "The API key has expired");

    // Every answer to an identified key, refusals included, carries its key and rate-limit headers.
    const headers = { ...options.keyHeaders?.(verdict.state), ...rateLimitHeaders(verdict.usage, nowMs) };
    if (verdict.outcome === "denied") {
      throw new ApiError(verdict.code, deniedMessage(verdict.code, required, options.denialMessages), headers);
    }
    if (verdict.outcome === "limited") {
      throw new PlatformError("rate_limited", "Rate limit exceeded for this API key", { ...headers, "Retry-After": String(verdict.retryAfterSeconds) });
    }

    c.set("apiKey", { state: verdict.state, usage: verdict.usage });
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}

function deniedMessage(code: string, required: Requirement[], messages: Readonly<Record<string, string>> = {}): string {
  const missing = required.find((r) => r.code === code);
  if (missing) return messages[code] ?? `This API key lacks the permission ${missing.grant}`;
  return messages[code] ?? `Request refused: ${code}`;
}
