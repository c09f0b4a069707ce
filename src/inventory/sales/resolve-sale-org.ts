// Sale routes carry no organisation in their path: the sale's own organisation is used, and a session of
// another organisation gets the same 404 as for a sale that does not exist.
import type { InventoryContext } from "../hono";
import { orgFilter } from "../orgs/operator-auth";
import { saleOrgId } from "./queries";
import { inventoryError } from "../http/errors";

export async function resolveSaleOrg(c: InventoryContext, db: D1Database, saleId: string): Promise<string> {
  const orgId = await saleOrgId(db, saleId);
  const allowed = orgFilter(c);
  if (orgId === null || (allowed !== null && allowed !== orgId)) throw inventoryError("not_found", `No sale ${saleId}`);
  return orgId;
}
