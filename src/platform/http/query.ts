// Integer query parameters read strictly: decimal digits only, with a minus sign only before a number other than 0.
// `z.coerce.number()` would read `0x10` as 16, `1e3` as 1000 and an empty value as 0; here they fail validation like
// any other malformed parameter, in the service's error envelope.
import { z } from "@hono/zod-openapi";

const DECIMAL_INTEGER = /^(?:-(?!0+$))?[0-9]{1,15}$/;

export function queryInteger(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL_INTEGER.test(value) ? Number(value) : value),
    z.number({ error: "must be a whole number in decimal digits" }).int().min(min).max(max),
  );
}

/** The query of a route that takes no parameters: any parameter is refused, named (`limit: unknown field`). */
export const NoQueryParameters = z.object({}).strict();

/**
 * The name-less parameter of a query string (`?=5`), which the router drops before any route reads the query: the
 * routes' own checks refuse every other parameter they do not document, so this one is refused too. Null without one.
 */
export function namelessParameter(url: string): string | null {
  const start = url.indexOf("?");
  if (start === -1 || (!url.includes("?=", start) && !url.includes("&=", start))) return null;
  for (const [name, value] of new URLSearchParams(url.slice(start))) if (name === "") return value;
  return null;
}
