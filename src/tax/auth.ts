// API-key authentication for tax routes: `requireKey()` for /compute (a valid key, no scope), or
// `requireKey("profiles:read")` and the like (403 `forbidden` without the scope).
import type { Context } from "hono";
import { idempotent } from "../platform/http/idempotency";
import { d1IdempotencyStore } from "../platform/http/idempotency-store";
import { type AuthenticatedKey, keyAuth } from "../platform/keys/middleware";
import { keyHashIsRegistered } from "./db/accounts";
import { taxDb } from "./db/client";
import type { TaxEnv } from "./env";

export const TAX_SCOPES = ["documents:parse", "deadlines:read", "profiles:read", "profiles:write", "webhooks:manage"] as const;
export type TaxScope = (typeof TAX_SCOPES)[number];

export const TAX_KEY_TAG = "tax";

export const PLAN_LIMITS = {
  free: { perMinute: 30, perDay: 500 },
  paid: { perMinute: 120, perDay: 10_000 },
} as const;
export type TaxPlan = keyof typeof PLAN_LIMITS;

const options = {
  tag: TAX_KEY_TAG,
  guard: (c: Context<{ Bindings: TaxEnv }>) => c.env.KEY_GUARD,
  keyIsRegistered: (c: Context<{ Bindings: TaxEnv }>, keyHash: string) => keyHashIsRegistered(taxDb(c.env.DB), keyHash),
};
const anyKey = keyAuth(options);
const byScope = new Map(TAX_SCOPES.map((scope) => [scope, keyAuth(options, [{ grant: scope, code: "forbidden" }])]));

export function requireKey(scope?: TaxScope) {
  return scope ? byScope.get(scope)! : anyKey;
}

/** The security requirement shown in the OpenAPI document of every keyed route. */
export const bearerSecurity = [{ apiKey: [] }];

/** Idempotency-Key for keyed creating requests: keys belong to the API key's account. */
export const idempotentForAccount = idempotent({
  store: (c) => d1IdempotencyStore((c.env as TaxEnv).DB),
  scope: (c) => `account:${(c.get("apiKey" as never) as AuthenticatedKey).state.ownerId}`,
});
