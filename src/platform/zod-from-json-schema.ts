// Stands in for zod's `fromJSONSchema` when wrangler bundles a Worker (the [alias] in wrangler.*.toml): the services
// never build a schema from JSON Schema, and @hono/zod-openapi keeps zod's whole namespace, so the bundle would carry
// its 12 KiB converter anyway.
export function fromJSONSchema(): never {
  throw new Error("zod's fromJSONSchema is not bundled in this Worker");
}
