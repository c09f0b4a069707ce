// Read sessions. API reads go through D1's Sessions API so a read replica near the client may answer.
// A client that sends back the `X-D1-Bookmark` of its last response is served data at least as new as what
// it already saw (sequential consistency per client); without one, the first query may read any replica
// ("first-unconstrained"), and every later query of the same request sees that snapshot or newer.
import { inventoryError } from "./errors";

/** What read queries need: a database or a session over it. */
export type ReadDb = Pick<D1Database, "prepare" | "batch">;

/** D1 bookmarks: four dash-separated hex groups (e.g. 0000007b-0000b26e-00001538-0c3e87bb…). */
export const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export function readSession(db: D1Database, bookmark: string | undefined): D1DatabaseSession {
  return db.withSession(bookmark ?? "first-unconstrained");
}

/**
 * Opens the read session of a request from its X-D1-Bookmark header; a malformed bookmark is a 400. An empty
 * header is no bookmark: clients and proxies send one when they have none yet.
 */
export function openReadSession(db: D1Database, header: string | undefined): D1DatabaseSession {
  const bookmark = header?.trim() === "" ? undefined : header;
  if (bookmark !== undefined && !BOOKMARK_PATTERN.test(bookmark)) {
    throw inventoryError("bad_request", "X-D1-Bookmark: must be a bookmark returned by a previous response");
  }
  return readSession(db, bookmark);
}

/** The header to return: the session's latest bookmark (absent before any query ran). */
export function bookmarkHeader(session: D1DatabaseSession): Record<string, string> {
  const bookmark = session.getBookmark();
  return bookmark ? { "X-D1-Bookmark": bookmark } : {};
}
