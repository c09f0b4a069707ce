// API-key authentication for tax routes: `requireKey()` for /compute (a valid key, no scope), or
// `requireKey("profiles:read")` and the like (403 `forbidden` without the scope); a route that several scopes open
// names them all, `requireKey("events:read", "webhooks:manage")`, and a key holding any one of them passes.
import { sessionSecrets } from "../../platform/env";
import { idempotent } from "../../platform/http/idempotency";
import { d1IdempotencyStore } from "../../platform/http/idempotency-store";
import { type ApiKeyVariables, keyAuth } from "../../platform/keys/middleware";
import type { TaxEnv } from "../env";
import type { TaxErrorCode } from "../hono";
import { taxDb } from "../db/client";
import { keyHashIsRegistered } from "./queries";
import type { TaxScope } from "./scopes";

export const TAX_KEY_TAG = "tax";

const options = {
  tag: TAX_KEY_TAG,
  guard: (env: TaxEnv) => env.KEY_GUARD,
  keyIsRegistered: (env: TaxEnv, keyHash: string) => keyHashIsRegistered(taxDb(env.DB), keyHash),
};
const anyKey = keyAuth(options);

/** A valid key holding any one of `scopes` (403 `forbidden` naming them otherwise); without scopes, any valid key. */
export function requireKey(...scopes: TaxScope[]) {
  return scopes.length === 0 ? anyKey : keyAuth(options, [{ anyOf: scopes, code: "forbidden" }]);
}

/** What `requireKey()` can refuse with: no or a malformed key, an unknown, expired or revoked one, over its limits. */
export const KEY_ERRORS = ["unauthorized", "invalid_api_key", "rate_limited"] as const satisfies readonly TaxErrorCode[];

/** What `requireKey(scope, …)` can refuse with: KEY_ERRORS, and 403 `forbidden` for a key without the scope. */
export const SCOPED_KEY_ERRORS = [...KEY_ERRORS, "forbidden"] as const satisfies readonly TaxErrorCode[];

/**
 * The security requirements a keyed route shows in the OpenAPI document: the scopes its `requireKey` checks, one
 * alternative each (OpenAPI: a key satisfying any one requirement object is let in).
 */
export function keySecurity(...scopes: TaxScope[]) {
  return scopes.length === 0 ? [{ apiKey: [] }] : scopes.map((scope) => ({ apiKey: [scope] }));
}

/** Idempotency-Key for keyed creating requests: keys belong to the API key's account. */
export const idempotentForAccount = idempotent<{ Bindings: TaxEnv; Variables: ApiKeyVariables }>({
  store: (c) => d1IdempotencyStore(c.env.DB),
  secret: (c) => sessionSecrets(c.env),
  scope: (c) => `account:${c.var.apiKey.state.ownerId}`,
});
