// Sale routes carry no organisation in their path: the sale's own organisation is used, and a session of
// another organisation gets the same 404 as for a sale that does not exist.
import type { InventoryContext } from "../hono";
import { orgFilter } from "../orgs/operator-auth";
import { saleOrgId } from "./queries";
import { inventoryError } from "../http/errors";

/** What resolveSaleOrg means to a caller, for the OpenAPI descriptions of the operations that call it. */
export const SALE_SELECTION_DESCRIPTION =
  "The operator may name any organisation's sale, an organisation admin's session only their own organisation's: any other sale id is 404, like one that does not exist.";

export async function resolveSaleOrg(c: InventoryContext, db: D1Database, saleId: string): Promise<string> {
  const orgId = await saleOrgId(db, saleId);
  const allowed = orgFilter(c);
  if (orgId === null || (allowed !== null && allowed !== orgId)) throw inventoryError("not_found", `No sale ${saleId}`);
  return orgId;
}
