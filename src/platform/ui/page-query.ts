// The query parameters that choose what a page's cards show (a page of keys, a page of events, an event type).
// Each card's links and forms change only their own parameters, so paging one card keeps the others where they were.

/** A page's query parameters by name; undefined leaves one out. */
export type PageQuery = Readonly<Record<string, string | undefined>>;

/** A link to the same page with some parameters changed (undefined drops one), at the card `anchor`. */
export function pageHref(path: string, query: PageQuery, changes: PageQuery, anchor: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...changes })) if (value !== undefined) params.set(name, value);
  const search = params.toString();
  return `${path}${search === "" ? "" : `?${search}`}#${anchor}`;
}
