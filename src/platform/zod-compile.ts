// Stands in for zod's `compile` module when wrangler bundles a Worker (the [alias] in wrangler.*.toml). `z.compile`
// builds parsers with `new Function`, which Workers refuse (code generation from strings is disallowed), so there it
// can only ever fall back to the runtime parser: this module does the same without the 29 KiB generator. No code
// here calls it; zod's index re-exports it, and @hono/zod-openapi keeps zod's whole namespace, so the bundle would.
import type { ZodType } from "zod";

export const INVALID = Symbol.for("zod.compile.invalid");

export class ZodCompileAsyncError extends Error {}

export class ZodCompileUnsupportedError extends Error {}

const UNSUPPORTED = "z.compile generates code from strings, which Workers do not allow; the runtime parser is used";

/** As zod's: the schema unchanged where no fast path can be built, or the refusal under `{ strict: true }`. */
export function compile<T extends ZodType>(schema: T, options?: { strict?: boolean }): T {
  if (options?.strict) throw new ZodCompileUnsupportedError(UNSUPPORTED);
  return schema;
}

export function compileFn(): never {
  throw new ZodCompileUnsupportedError(UNSUPPORTED);
}

export function withParser(): never {
  throw new ZodCompileUnsupportedError(UNSUPPORTED);
}
