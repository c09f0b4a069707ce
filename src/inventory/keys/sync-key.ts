import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { IdempotencyKeyHeaders } from "../../platform/http/idempotency";
import { actorName, OPERATOR_ONLY_DESCRIPTION, requireAdmin, requireOperator, idempotentForActor, ADMIN_WRITE_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { lifecycleState, syncKey } from "./service";
import { errorResponses } from "../http/schemas";
import { KeyIdParam, SyncedKeySchema } from "./schemas";
import { resolveKey } from "./resolve-key";
import { IDEMPOTENCY_ERRORS, BODY_ERRORS } from "../http/errors";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "post",
  path: "/admin/api/keys/{id}/sync",
  tags: ["Management"],
  summary: "Rebuild a key's live state from the registry (operator only): recovery after a lost write, or a legacy key's first state",
  description: `${OPERATOR_ONLY_DESCRIPTION} Writes what the registry holds into the state every request of the key is checked against: its revocation, its expiry (for a rotated key, the end of its grace), its access and scopes, and its organisation's plan and subscription. It never brings back a revoked or expired key, so it is safe to repeat. The answer gives the key's \`state\` and \`denial\`, the code every request of the key is now refused with (\`key_not_bound\` for a legacy key bound to no organisation, \`plan_required\`, \`subscription_lapsed\`), or null. Recorded in the organisation's audit log as \`key.synced\`; an unknown key id is 404.`,
  middleware: [requireAdmin, requireOperator, noBody, idempotentForActor] as const,
  request: { query: NoQueryParameters, headers: IdempotencyKeyHeaders, params: KeyIdParam },
  responses: {
    200: { description: "The state now enforced", content: { "application/json": { schema: z.object({ data: SyncedKeySchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...IDEMPOTENCY_ERRORS, "not_found", ...BODY_ERRORS),
  },
});

export function registerSyncKey(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const db = inventoryDb(c.env.DB);
    const { row } = await resolveKey(c, db, c.req.valid("param").id);
    const now = Date.now();
    const state = await syncKey(c.env, db, row, actorName(c), now);
    const lifecycle = lifecycleState(row, now);
    // A dead key is refused as invalid before any plan is read: its state says why, its denial is none.
    const dead = lifecycle === "revoked" || lifecycle === "expired";
    return c.json({ data: { id: row.id, state: lifecycle, denial: dead ? null : state.denial } }, 200);
  });
}
