// Entry of the inventory Worker: validates the env once, then hands requests to the app, queue batches to
// the webhook consumers, and the crons to compliance.due, the outbox sweep and the pruning of expired
// Idempotency-Key records.
import { renderEntryFailure } from "../platform/http/entry";
import { IDEMPOTENCY_TTL_MS } from "../platform/http/idempotency";
import { pruneIdempotencyKeys } from "../platform/http/idempotency-store";
import { SignInThrottle } from "../platform/auth/throttle";
import { KeyGuard } from "../platform/keys/guard";
import { buildInventoryApp } from "./app";
import { parseInventoryEnv } from "./env";
import { inventoryErrors } from "./http/errors";
import { runScheduled, inventoryOutbox } from "./webhooks/service";

/** The inventory service's own key-state and rate-limit Durable Object class. */
export class InventoryKeyGuard extends KeyGuard {}

/** Its own sign-in throttle class for the web page. */
export class InventorySignInThrottle extends SignInThrottle {}

const app = buildInventoryApp();

export default {
  fetch(request, env, ctx) {
    try {
      return app.fetch(request, parseInventoryEnv(env), ctx);
    } catch (error) {
      return renderEntryFailure(inventoryErrors, error);
    }
  },
  async queue(batch, env) {
    const inventoryEnv = parseInventoryEnv(env);
    // inventory-webhooks-dlq receives what inventory-webhooks gave up on after max_retries.
    if (batch.queue.endsWith("-dlq")) await inventoryOutbox.consumeDeadLetters(batch, inventoryEnv);
    else await inventoryOutbox.consumeWebhooks(batch, inventoryEnv);
  },
  async scheduled(controller, env) {
    const inventoryEnv = parseInventoryEnv(env);
    await runScheduled(inventoryEnv, controller.cron, controller.scheduledTime);
    await pruneIdempotencyKeys(inventoryEnv.DB, controller.scheduledTime - IDEMPOTENCY_TTL_MS);
  },
} satisfies ExportedHandler<Record<string, unknown>>;
