// Validates a Worker's bindings and secrets once per env object, so a missing secret is one clear error at
// the entry instead of an `undefined` deep inside a handler.
import { z } from "zod";
import type { SecretRing } from "./crypto";

export class EnvError extends Error {
  override name = "EnvError";
}

/** Whether a value is a binding of each kind: what the env schema requires, and what GET /api/v1/health reports. */
export const isBinding = {
  d1: (v: unknown) => typeof (v as D1Database | undefined)?.prepare === "function",
  durableObject: (v: unknown) => typeof (v as DurableObjectNamespace | undefined)?.idFromName === "function",
  fetcher: (v: unknown) => typeof (v as Fetcher | undefined)?.fetch === "function",
  queue: (v: unknown) => typeof (v as Queue | undefined)?.send === "function",
};

const secretText = () => z.string({ error: "a secret (wrangler secret put, or .dev.vars locally)" });

export const binding = {
  d1: () => z.custom<D1Database>(isBinding.d1, "a D1 database binding"),
  durableObject: <T extends Rpc.DurableObjectBranded | undefined = undefined>() =>
    z.custom<DurableObjectNamespace<T>>(isBinding.durableObject, "a Durable Object namespace binding"),
  fetcher: () => z.custom<Fetcher>(isBinding.fetcher, "a service or static assets binding"),
  queue: <T>() => z.custom<Queue<T>>(isBinding.queue, "a Queue producer binding"),
  secret: () => secretText().min(16, "a secret of at least 16 characters"),
  /** ADMIN_TOKEN: only a value the operator's `Authorization: Bearer <token>` can carry (auth/admin.ts) ever matches. */
  adminToken: () => secretText().regex(/^\S{16,512}$/, "a secret of 16 to 512 characters without whitespace"),
};

export function envParser<S extends z.ZodType<object>>(schema: S): (env: unknown) => z.infer<S> {
  const parsed = new WeakMap<object, z.infer<S>>();
  return (env) => {
    const cached = parsed.get(env as object);
    if (cached) return cached;
    const result = schema.safeParse(env);
    if (!result.success) {
      const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
      throw new EnvError(`Invalid Worker configuration: ${problems}`);
    }
    parsed.set(env as object, result.data);
    return result.data;
  };
}

/** SESSION_SECRET with SESSION_SECRET_PREVIOUS, the value it replaced, while a rotation is under way. */
export function sessionSecrets(env: { SESSION_SECRET: string; SESSION_SECRET_PREVIOUS?: string | undefined }): SecretRing {
  return { current: env.SESSION_SECRET, previous: env.SESSION_SECRET_PREVIOUS };
}
