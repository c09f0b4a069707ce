// Integer query parameters read strictly: decimal digits only, with an optional minus sign. `z.coerce.number()`
// would read `0x10` as 16, `1e3` as 1000 and an empty value as 0; here they fail validation like any other
// malformed parameter, in the service's error envelope.
import { z } from "@hono/zod-openapi";

const DECIMAL_INTEGER = /^-?[0-9]{1,15}$/;

export function queryInteger(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL_INTEGER.test(value) ? Number(value) : value),
    z.number({ error: "must be a whole number in decimal digits" }).int().min(min).max(max),
  );
}

/** The query of a route that takes no parameters: any parameter is refused, named (`limit: unknown field`). */
export const NoQueryParameters = z.object({}).strict();
