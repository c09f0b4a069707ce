// The key a management request names, seen through the actor: an organisation admin finds only their own
// organisation's keys, and any other id answers 404 exactly like one that does not exist.
import type { InventoryDb } from "../db/client";
import type { InventoryContext } from "../hono";
import { inventoryError } from "../http/errors";
import { orgFilter } from "../orgs/operator-auth";
import { findOrg, type OrgRow } from "../orgs/queries";
import { findKey, type ApiKeyRow } from "./queries";

/** What resolveKey means to a caller, for the OpenAPI descriptions of the operations that call it. */
export const KEY_SELECTION_DESCRIPTION =
  "The operator may name any key, an organisation admin's session only their own organisation's: any other key id is 404, like one that does not exist.";

/** A key the actor may act on, with its organisation (null for a legacy key, which only the operator sees). */
export async function resolveKey(c: InventoryContext, db: InventoryDb, keyId: string): Promise<{ row: ApiKeyRow; org: OrgRow | null }> {
  const row = await findKey(db, keyId, orgFilter(c));
  if (!row) throw inventoryError("not_found", "No such key");
  if (row.orgId === null) return { row, org: null };
  const org = await findOrg(db, row.orgId);
  if (!org) throw inventoryError("not_found", "No such key");
  return { row, org };
}
