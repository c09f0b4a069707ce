import { z } from "zod";
import { binding, envParser } from "../platform/env";
import type { SignInThrottle } from "../platform/auth/throttle";
import type { KeyGuard } from "../platform/keys/guard";

const TaxEnvSchema = z.object({
  DB: binding.d1(),
  KEY_GUARD: binding.durableObject<KeyGuard>(),
  SIGN_IN_THROTTLE: binding.durableObject<SignInThrottle>(),
  WEBHOOKS: binding.queue<unknown>(),
  /** Swagger UI's files for the API reference page (`[assets]` in the wrangler config). */
  ASSETS: binding.fetcher(),
  ADMIN_TOKEN: binding.adminToken(),
  RAZORPAY_WEBHOOK_SECRET: binding.secret(),
  SESSION_SECRET: binding.secret(),
  /** Only while SESSION_SECRET is rotated: the value it replaced, still opening what was sealed or signed under it. */
  SESSION_SECRET_PREVIOUS: binding.secret().optional(),
  SERVICE_VERSION: z.string().default("dev"),
  /** The paid plan's price in paise (INR); only a captured payment of exactly this amount activates a period. */
  PAID_PLAN_PRICE_PAISE: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, "a whole number of paise, e.g. 99900 for ₹999")
    .transform(Number),
  /** Only `.dev.vars` sets this: lets `npm start` deliver webhooks to http://127.0.0.1. */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(["true", "false"])
    .default("false")
    .transform((allow) => allow === "true"),
});

export type TaxEnv = z.infer<typeof TaxEnvSchema>;

export const parseTaxEnv = envParser(TaxEnvSchema);
