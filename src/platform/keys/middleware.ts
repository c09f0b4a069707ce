// API-key authentication and rate limiting for one route: parse (no I/O), hash, one call to the key's
// Durable Object, then the verdict becomes the service's error or the rate-limit headers.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError, PlatformError } from "../http/errors";
import { UnknownKeyBudget } from "./budget";
import { bearerKey, hashApiKey } from "./format";
import type { KeyGuard, KeyIdentity, Requirement, Usage, Verdict } from "./guard";
import { expiryWarning, rateLimitHeaders } from "./rate-limit-headers";

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
  /** Headers a denial code adds to its refusal (the challenge of a denial answered with 401). */
  denialHeaders?: Readonly<Record<string, Record<string, string>>>;
  /**
   * Whether a key with this SHA-256 was ever issued (the service's key registry). Asked before a key's Durable
   * Object is reached for the first time in an isolate, so an unknown key never creates one.
   */
  keyIsRegistered: (env: Bindings, keyHash: string) => Promise<boolean>;
  /**
   * The refusal for a key the registry knows but whose Durable Object holds no state (a key the service's old
   * system issued, before key state lived there), or null to refuse it as unknown. Reads only: nothing is written.
   */
  refuseUnprovisioned?: (env: Bindings, keyHash: string, nowMs: number) => Promise<ApiError | null>;
  /**
   * For a key refused with a denial code: the grants its state should hold, from the service's registry, or null
   * to leave it. A state written before the service gave grants a new meaning (a scope added since) is brought up
   * to date with them, and the request asked once more. The key's hash comes as a function, so a denial code the
   * service leaves alone costs no SHA-256.
   */
  currentGrants?: (env: Bindings, hashOfKey: () => Promise<string>, code: string) => Promise<string[] | null>;
  now?: () => number;
}

/** Unknown keys an address's network may try per minute in one isolate before they get 429 instead of 401. */
const UNKNOWN_KEYS_PER_MINUTE_PER_NETWORK = 120;
const unknownKeys = new UnknownKeyBudget(UNKNOWN_KEYS_PER_MINUTE_PER_NETWORK);

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

export function keyAuth<Bindings extends object>(options: KeyAuthOptions<Bindings>, required: Requirement[] = []) {
  const now = options.now ?? Date.now;
  return createMiddleware<{ Bindings: Bindings; Variables: ApiKeyVariables }>(async (c, next) => {
    const parsed = bearerKey(options.tag, c.req.header("Authorization"));
    if (!parsed)
      throw new PlatformError("missing_credentials", "Send Authorization: Bearer <API key>", { "WWW-Authenticate": `Bearer realm="${options.tag}"` });

    const nowMs = now();
    const namespace = options.guard(c.env);
    const known = knownGuardIds(namespace);
    let id = known.get(parsed.key);
    // Hashed once, and only when needed: the memo spares it on the hot path.
    let keyHash: string | undefined;
    const hashOfKey = async () => (keyHash ??= await hashApiKey(parsed.key));
    if (!id) {
      if (!(await options.keyIsRegistered(c.env, await hashOfKey()))) refuseUnknownKey(c, options.tag, nowMs);
      id = namespace.idFromName(await hashOfKey());
    }
    const guard = namespace.get(id);
    let verdict: Verdict = await guard.authorize(nowMs, required);
    if (verdict.outcome === "denied" && options.currentGrants) {
      const grants = await options.currentGrants(c.env, hashOfKey, verdict.code);
      if (grants && (await guard.replaceGrants(grants))) verdict = await guard.authorize(nowMs, required);
    }
    if (verdict.outcome === "unknown") {
      const refusal = await options.refuseUnprovisioned?.(c.env, await hashOfKey(), nowMs);
      if (refusal) throw refusal;
      refuseUnknownKey(c, options.tag, nowMs);
    }
    remember(known, parsed.key, id);
    // A dead key is still identified: its refusal carries the key's own headers (its expiry, say), not its usage.
    if (verdict.outcome === "revoked" || verdict.outcome === "expired") {
      const message = verdict.outcome === "revoked" ? "The API key has been revoked" : "The API key has expired";
      throw new PlatformError("invalid_credentials", message, { ...options.keyHeaders?.(verdict.state), ...invalidTokenChallenge(options.tag) });
    }

    // Every answer to an identified key, refusals included, carries its key and rate-limit headers.
    const limited = verdict.outcome === "limited";
    const headers = {
      ...options.keyHeaders?.(verdict.state),
      ...expiryWarning(verdict.state.expiresAt, nowMs),
      ...rateLimitHeaders(verdict.usage, nowMs, limited),
    };
    if (verdict.outcome === "denied") {
      throw new ApiError(verdict.code, deniedMessage(verdict.code, required, options.denialMessages), {
        ...headers,
        ...options.denialHeaders?.[verdict.code],
      });
    }
    if (verdict.outcome === "limited") {
      throw new PlatformError("rate_limited", "Rate limit exceeded for this API key", headers);
    }

    c.set("apiKey", { state: verdict.state, usage: verdict.usage });
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  });
}

/** 401 for an unknown key, or 429 once the sender's network is past its unknown-key budget. */
function refuseUnknownKey(c: Context, tag: string, nowMs: number): never {
  // Cloudflare always sets CF-Connecting-IP; without it (local tools) there is no address to budget.
  const address = c.req.header("CF-Connecting-IP");
  const budget = address ? unknownKeys.record(address, nowMs) : null;
  if (budget?.exceeded) {
    throw new PlatformError("rate_limited", "Too many requests with unknown API keys from this network", {
      "Retry-After": String(budget.retryAfterSeconds),
    });
  }
  throw new PlatformError("invalid_credentials", "The API key is not valid", invalidTokenChallenge(tag));
}

/** RFC 6750 section 3: a 401 for a bad bearer token names the error in its challenge. */
export function invalidTokenChallenge(tag: string): Record<string, string> {
  return { "WWW-Authenticate": `Bearer realm="${tag}", error="invalid_token"` };
}

function deniedMessage(code: string, required: Requirement[], messages: Readonly<Record<string, string>> = {}): string {
  const missing = required.find((r) => r.code === code);
  if (missing) return messages[code] ?? `This API key lacks the permission ${missing.anyOf.join(" or ")}`;
  return messages[code] ?? `Request refused: ${code}`;
}
