import { z } from "zod";
import { binding, envParser } from "../platform/env";
import type { SignInThrottle } from "../platform/auth/throttle";
import type { KeyGuard } from "../platform/keys/guard";

const InventoryEnvSchema = z.object({
  DB: binding.d1(),
  KEY_GUARD: binding.durableObject<KeyGuard>(),
  SIGN_IN_THROTTLE: binding.durableObject<SignInThrottle>(),
  WEBHOOKS: binding.queue<unknown>(),
  /** Swagger UI's files for the API reference page (`[assets]` in the wrangler config). */
  ASSETS: binding.fetcher(),
  ADMIN_TOKEN: binding.adminToken(),
  SESSION_SECRET: binding.secret(),
  /** Only while SESSION_SECRET is rotated: the value it replaced, still opening what was sealed or signed under it. */
  SESSION_SECRET_PREVIOUS: binding.secret().optional(),
  SERVICE_VERSION: z.string().default("dev"),
  /** Only `.dev.vars` sets this: lets `npm start` deliver webhooks to http://127.0.0.1. */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(["true", "false"])
    .default("false")
    .transform((allow) => allow === "true"),
});

export type InventoryEnv = z.infer<typeof InventoryEnvSchema>;

export const parseInventoryEnv = envParser(InventoryEnvSchema);
