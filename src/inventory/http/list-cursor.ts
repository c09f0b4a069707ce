// Keyset cursors of GET /api/v1/sales, /api/v1/inventory, the organisation's events list and its endpoints' delivery logs. A cursor holds the position of a page's last row in
// the list's own order, signed (platform/http/cursor: it cannot be edited into another position) and bound to the
// list, the organisation and the filters of the request that gave it, so the page it asks for is the same list,
// continued strictly after that row. The query still filters by the caller's organisation: a cursor is only a position.
import { z } from "@hono/zod-openapi";
import type { SecretRing } from "../../platform/crypto";
import { decodeCursor, encodeCursor, filterMismatch } from "../../platform/http/cursor";
import { inventoryError } from "./errors";

/** The layout of a cursor's contents: a cursor of another layout is refused by name, never read as this one. */
const CURSOR_VERSION = 1;

export type KeysetList = "sales" | "inventory" | "events" | "deliveries";

/** The filters of a list request by query parameter, null when the parameter was not sent. */
export type ListFilters = Record<string, string | null>;

const Versioned = z.object({ v: z.unknown() });

const Contents = z
  .object({
    v: z.literal(CURSOR_VERSION),
    list: z.enum(["sales", "inventory", "events", "deliveries"]),
    org: z.string(),
    filters: z.record(z.string(), z.string().nullable()),
    after: z.unknown(),
  })
  .strict();

const NOT_ISSUED = "cursor: is not a next_cursor this list gave your organisation; send it exactly as received, or start again without cursor";

export function issueCursor(secrets: SecretRing, list: KeysetList, orgId: string, filters: ListFilters, after: unknown): Promise<string> {
  return encodeCursor(secrets, { v: CURSOR_VERSION, list, org: orgId, filters, after } satisfies z.infer<typeof Contents>);
}

/**
 * The position a cursor continues after, when this list gave it to this organisation for these filters; otherwise
 * a 400 `bad_request` that says which (an edited, cut or foreign cursor, one of another version, other filters).
 */
export async function openCursor<P>(
  secrets: SecretRing,
  list: KeysetList,
  orgId: string,
  filters: ListFilters,
  cursor: string,
  position: z.ZodType<P>,
): Promise<P> {
  const decoded = await decodeCursor(secrets, cursor);
  const versioned = Versioned.safeParse(decoded);
  if (!versioned.success) throw inventoryError("bad_request", NOT_ISSUED);
  if (versioned.data.v !== CURSOR_VERSION)
    throw inventoryError("bad_request", "cursor: was given by another version of this API and cannot be read now; start again without cursor");
  const contents = Contents.safeParse(decoded);
  if (!contents.success || contents.data.list !== list || contents.data.org !== orgId) throw inventoryError("bad_request", NOT_ISSUED);
  const mismatch = filterMismatch(contents.data.filters, filters);
  if (mismatch !== null) throw inventoryError("bad_request", mismatch);
  const after = position.safeParse(contents.data.after);
  if (!after.success) throw inventoryError("bad_request", NOT_ISSUED);
  return after.data;
}
