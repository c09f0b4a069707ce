// API-key authentication for tax routes: `requireKey()` for /compute (a valid key, no scope), or
// `requireKey("profiles:read")` and the like (403 `forbidden` without the scope).
import { keyAuth } from "../../platform/keys/middleware";
import type { TaxEnv } from "../env";

export const TAX_SCOPES = ["documents:parse", "deadlines:read", "profiles:read", "profiles:write", "webhooks:manage"] as const;
export type TaxScope = (typeof TAX_SCOPES)[number];

export const TAX_KEY_TAG = "tax";

export const PLAN_LIMITS = {
  free: { perMinute: 30, perDay: 500 },
  paid: { perMinute: 120, perDay: 10_000 },
} as const;
export type TaxPlan = keyof typeof PLAN_LIMITS;

const options = { tag: TAX_KEY_TAG, guard: (env: TaxEnv) => env.KEY_GUARD };
const anyKey = keyAuth(options);
const byScope = new Map(TAX_SCOPES.map((scope) => [scope, keyAuth(options, [{ grant: scope, code: "forbidden" }])]));

export function requireKey(scope?: TaxScope) {
  return scope ? byScope.get(scope)! : anyKey;
}

/** The security requirement shown in the OpenAPI document of every keyed route. */
export const bearerSecurity = [{ apiKey: [] }];
