// Entry of the tax Worker: validates the env once, then hands requests to the app, queue batches to the
// webhook consumers, and the cron to the outbox sweep and the pruning of expired Idempotency-Key records.
import { SignInThrottle } from "../platform/auth/throttle";
import { KeyGuard } from "../platform/keys/guard";
import { renderEntryFailure } from "../platform/http/entry";
import { IDEMPOTENCY_TTL_MS } from "../platform/http/idempotency";
import { pruneIdempotencyKeys } from "../platform/http/idempotency-store";
import { buildTaxApp } from "./app";
import { parseTaxEnv } from "./env";
import { taxErrors } from "./hono";
import { taxOutbox } from "./webhooks/events";

/** The tax service's own key-state and rate-limit Durable Object class. */
export class TaxKeyGuard extends KeyGuard {}

/** Its own sign-in throttle class for the web page. */
export class TaxSignInThrottle extends SignInThrottle {}

const app = buildTaxApp();

export default {
  fetch(request, env, ctx) {
    try {
      return app.fetch(request, parseTaxEnv(env), ctx);
    } catch (error) {
      return renderEntryFailure(taxErrors, error);
    }
  },
  async queue(batch, env) {
    const taxEnv = parseTaxEnv(env);
    // tax-webhooks-dlq receives what tax-webhooks gave up on after max_retries.
    if (batch.queue.endsWith("-dlq")) await taxOutbox.consumeDeadLetters(batch, taxEnv);
    else await taxOutbox.consumeWebhooks(batch, taxEnv);
  },
  async scheduled(controller, env) {
    const taxEnv = parseTaxEnv(env);
    await taxOutbox.sweepOutbox(taxEnv, controller.scheduledTime);
    await pruneIdempotencyKeys(taxEnv.DB, controller.scheduledTime - IDEMPOTENCY_TTL_MS);
  },
} satisfies ExportedHandler<Record<string, unknown>>;
