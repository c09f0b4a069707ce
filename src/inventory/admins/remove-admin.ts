import { createRoute, z } from "@hono/zod-openapi";
import { NoQueryParameters } from "../../platform/http/query";
import { actorName, ORG_SELECTION_DESCRIPTION, requireAdmin, resolveOrg, ADMIN_WRITE_ERRORS, ORG_SELECTION_ERRORS } from "../orgs/operator-auth";
import type { InventoryApp } from "../hono";
import { inventoryDb } from "../db/client";
import { inventoryError, BODY_ERRORS } from "../http/errors";
import { errorResponses, iso } from "../http/schemas";
import { removeAdmin } from "./service";
import { AdminParams, adminView, RemovedAdminSchema } from "./schemas";
import { noBody } from "../../platform/http/body";

const route = createRoute({
  method: "delete",
  path: "/admin/api/orgs/{id}/admins/{adminId}",
  tags: ["Management"],
  summary: "Remove an admin of the organisation: their sessions end at once and they can no longer sign in",
  description: `${ORG_SELECTION_DESCRIPTION} The admin's sessions are deleted with them, so their very next request is 401 \`unauthorized\` (the admin area asks them to sign in) and signing in fails; the email may be given to a new admin afterwards. What they did stays in the audit log under their email, and the removal is recorded there as \`admin.removed\` with the email. An admin of another organisation, or an id that does not exist, is 404 \`not_found\`. A signed-in admin cannot remove the organisation's last admin (409 \`conflict\`), so an organisation never locks itself out; the operator can. Takes no Idempotency-Key: sent again, it is a 404 and changes nothing.`,
  middleware: [requireAdmin, noBody] as const,
  request: { query: NoQueryParameters, params: AdminParams },
  responses: {
    200: { description: "Removed", content: { "application/json": { schema: z.object({ data: RemovedAdminSchema }) } } },
    ...errorResponses(...ADMIN_WRITE_ERRORS, ...ORG_SELECTION_ERRORS, "bad_request", "conflict", ...BODY_ERRORS),
  },
});

export function registerRemoveAdmin(app: InventoryApp): void {
  app.openapi(route, async (c) => {
    const { id, adminId } = c.req.valid("param");
    const db = inventoryDb(c.env.DB);
    const org = await resolveOrg(c, db, id);
    const now = Date.now();
    const removal = await removeAdmin(db, org, adminId, c.var.actor.kind === "user", actorName(c), now);
    if (removal.kind === "not_found") throw inventoryError("not_found", "No such admin");
    if (removal.kind === "last_admin") throw inventoryError("conflict", "This is the organisation's last admin; only the operator may remove it");
    return c.json({ data: { ...adminView(removal.admin), removed_at: iso(now) } }, 200);
  });
}
