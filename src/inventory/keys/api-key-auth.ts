// API-key authentication for inventory routes. A key's grants are its resource scopes (every scope when it
// has none) plus `write` for read_write keys; plan, subscription and binding problems are denials stored
// on the key, so they are refused before any rate limit applies.
import { ApiError } from "../../platform/http/errors";
import type { KeyIdentity } from "../../platform/keys/guard";
import { invalidTokenChallenge, keyAuth } from "../../platform/keys/middleware";
import { inventoryDb } from "../db/client";
import type { Plan } from "../db/schema";
import type { InventoryEnv } from "../env";
import type { InventoryErrorCode } from "../http/errors";
import { type ApiKeyRow, findKeyByHash, keyHashIsRegistered } from "./queries";

/**
 * One scope per kind of record, so a key given for one purpose reaches nothing else: customers' contacts and
 * credit, and mills' accounts, are their own scopes rather than part of sales or exports.
 */
export const INVENTORY_SCOPES = ["sales:read", "inventory:read", "customers:read", "suppliers:read", "exports:read"] as const;
export type InventoryScope = (typeof INVENTORY_SCOPES)[number];
export const INVENTORY_KEY_TAG = "inv";

/** What a key may do: its scopes (every scope when it has none, seed section 5), and `write` for read_write keys. */
export function keyGrants(key: Pick<ApiKeyRow, "scopes" | "access">): string[] {
  const scopes = key.scopes.length > 0 ? [...key.scopes] : [...INVENTORY_SCOPES];
  return key.access === "read_write" ? [...scopes, "write"] : scopes;
}

/** Requests per minute per key; starter and growth do not include the REST API (seed section 8). */
export const PLAN_REQUESTS_PER_MINUTE: Record<Plan, number> = {
  starter: 60,
  growth: 300,
  business: 1_200,
  scale: 3_000,
  enterprise: 6_000,
};
export const PLANS_WITH_API: ReadonlySet<Plan> = new Set(["business", "scale", "enterprise"]);

function keyHeaders(state: KeyIdentity): Record<string, string> {
  const headers: Record<string, string> = {};
  if (state.attributes.superseded === true) headers["X-Service-Key-Superseded"] = "true";
  if (state.expiresAt !== null) headers["X-Service-Key-Expires"] = new Date(state.expiresAt).toISOString();
  return headers;
}

const denialMessages = {
  key_not_bound: "This key is not bound to an organisation; issue a new key",
  plan_required: "The organisation's plan does not include the REST API (business and above)",
  subscription_lapsed: "The organisation's subscription has lapsed",
  read_only_key: "This key is read-only",
  method_not_allowed: "Write methods are not allowed: every v1 endpoint is a read",
};

/**
 * key_not_bound is a 401: the key is "invalid for other reasons" (RFC 6750 section 3.1), so it is challenged as such.
 * A 405 names the methods the resource does support (RFC 9110 section 15.5.6): every v1 endpoint is a read.
 */
const denialHeaders = { key_not_bound: invalidTokenChallenge(INVENTORY_KEY_TAG), method_not_allowed: { Allow: "GET" } };

/**
 * A legacy key (no organisation) the old system left live gets key_not_bound, as the error table says, even
 * before an operator syncs its state: until then its Durable Object knows nothing of it.
 */
async function refuseLegacyKey(env: InventoryEnv, keyHash: string, nowMs: number): Promise<ApiError | null> {
  const row = await findKeyByHash(inventoryDb(env.DB), keyHash);
  if (!row || row.orgId !== null || row.revokedAt !== null || (row.expiresAt !== null && !(nowMs < row.expiresAt))) return null;
  return new ApiError("key_not_bound", denialMessages.key_not_bound, denialHeaders.key_not_bound);
}

/** Keys whose grants this isolate has compared with the registry; cleared when full, as it only spares D1 reads. */
const grantsCompared = new Set<string>();
const GRANTS_COMPARED_LIMIT = 10_000;

/**
 * A key without scopes holds every scope that existed when its state was written, so one issued before
 * customers:read and suppliers:read lacks them. Its first missing_scope in an isolate reads its row; later ones
 * do not, so a scoped key asking for other scopes' reads costs one D1 read, not one per refusal.
 */
async function currentGrants(env: InventoryEnv, hashOfKey: () => Promise<string>, code: string): Promise<string[] | null> {
  if (code !== "missing_scope") return null;
  const keyHash = await hashOfKey();
  if (grantsCompared.has(keyHash)) return null;
  const row = await findKeyByHash(inventoryDb(env.DB), keyHash);
  if (grantsCompared.size >= GRANTS_COMPARED_LIMIT) grantsCompared.clear();
  grantsCompared.add(keyHash);
  return row ? keyGrants(row) : null;
}

const options = {
  tag: INVENTORY_KEY_TAG,
  guard: (env: InventoryEnv) => env.KEY_GUARD,
  keyIsRegistered: (env: InventoryEnv, keyHash: string) => keyHashIsRegistered(inventoryDb(env.DB), keyHash),
  refuseUnprovisioned: refuseLegacyKey,
  currentGrants,
  keyHeaders,
  denialMessages,
  denialHeaders,
};

const byScope = new Map(INVENTORY_SCOPES.map((scope) => [scope, keyAuth(options, [{ anyOf: [scope], code: "missing_scope" }])]));
/**
 * No grant allows a write to a v1 endpoint, since every one is a read: a key with write access is refused with 405
 * as a denial, as a read-only key is with read_only_key, so neither refusal uses a request of the key's limit.
 */
const writer = keyAuth(options, [
  { anyOf: ["write"], code: "read_only_key" },
  { anyOf: [], code: "method_not_allowed" },
]);

/**
 * What a v1 read's key requirement can refuse with: no key, an unknown, expired or revoked one, one bound to no
 * organisation, without the scope, the organisation's plan or subscription, over the limit.
 */
export const KEY_ERRORS = [
  "missing_token",
  "invalid_api_key",
  "key_not_bound",
  "missing_scope",
  "plan_required",
  "subscription_lapsed",
  "rate_limited",
] as const satisfies readonly InventoryErrorCode[];

/**
 * A v1 read's key requirement, for its route definition: the scope the middleware checks is the scope the
 * OpenAPI document states, from one place.
 */
export function scopedKey(scope: InventoryScope) {
  return { security: [{ apiKey: [scope] }], middleware: byScope.get(scope)! };
}

/** Any non-GET under /api/v1: 403 read_only_key for a read-only key, 405 for a read_write one, neither counted. */
export const requireWriteAccess = writer;
