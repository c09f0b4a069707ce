// If-None-Match as RFC 9110 §13.1.2 has it: "*" or a list of entity tags, compared weakly (W/"x" matches "x").
// A compressing proxy, Cloudflare's among them, may weaken a strong tag on its way to the client, which then
// revalidates with W/"…"; an exact string comparison would send it the whole body every time.

const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/** Whether a request's If-None-Match names the current representation, so the answer is 304 Not Modified. */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = withoutWeakness(etag);
  for (const tag of ifNoneMatch.match(ENTITY_TAG) ?? []) if (withoutWeakness(tag) === opaque) return true;
  return false;
}

function withoutWeakness(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}
