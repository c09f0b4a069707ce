// Keyset cursors of the lists with filters (the account's events, an endpoint's deliveries log, the operator's
// accounts): the position of a page's last row (its creation time and id), signed (platform/http/cursor: it cannot
// be edited into another position) and bound to what the list belongs to (the account, the endpoint, or the caller)
// and the filters of the request that gave it.
import { z } from "@hono/zod-openapi";
import { sessionSecrets } from "../../platform/env";
import { decodeCursor, encodeCursor, filterMismatch } from "../../platform/http/cursor";
import type { TaxEnv } from "../env";
import { taxError } from "../hono";

/** The `cursor` query parameter of these lists. */
export const CursorQuery = z.string().min(1).max(512).optional().openapi({ description: "`nextCursor` of the previous page; opaque" });

/** Where a page ends: its last row's creation time and id, the lists' sort key. */
export interface ListPosition {
  createdAt: number;
  id: string;
}

/** A list request's filters by name, null when not sent. */
type Filters = Record<string, string | null>;

/** The cursor's contents: `o` names what the list belongs to; `f` holds exactly the list's filters. */
function contentsOf(filters: Filters) {
  return z
    .object({
      c: z.number().int().nonnegative(),
      i: z.string().max(64),
      o: z.string(),
      f: z.object(Object.fromEntries(Object.keys(filters).map((name) => [name, z.string().nullable()]))).strict(),
    })
    .strict();
}

export function issueListCursor(env: TaxEnv, boundTo: string, filters: Filters, last: ListPosition): Promise<string> {
  return encodeCursor(sessionSecrets(env), { c: last.createdAt, i: last.id, o: boundTo, f: filters });
}

/**
 * The position a cursor continues after, when this service issued it for the list bound to `boundTo` with these
 * filters; otherwise a 400 that says which (another account's, endpoint's or caller's is as invalid as a forged one).
 */
export async function openListCursor(env: TaxEnv, boundTo: string, filters: Filters, cursor: string): Promise<ListPosition> {
  const position = contentsOf(filters).safeParse(await decodeCursor(sessionSecrets(env), cursor));
  if (!position.success || position.data.o !== boundTo) throw taxError("validation_error", "cursor: is not a cursor this API issued");
  const mismatch = filterMismatch(position.data.f, filters);
  if (mismatch !== null) throw taxError("validation_error", mismatch);
  return { createdAt: position.data.c, id: position.data.i };
}
