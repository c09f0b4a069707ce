import type { D1Migration } from "cloudflare:test";
import type { SignInThrottle } from "../src/platform/auth/throttle";
import type { KeyGuard } from "../src/platform/keys/guard";

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      KEY_GUARD: DurableObjectNamespace<KeyGuard>;
      SIGN_IN_THROTTLE: DurableObjectNamespace<SignInThrottle>;
      WEBHOOKS: Queue<unknown>;
      ADMIN_TOKEN: string;
      RAZORPAY_WEBHOOK_SECRET: string;
      SESSION_SECRET: string;
      WEBHOOK_ALLOW_LOOPBACK: string;
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
