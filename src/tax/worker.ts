// Entry of the tax Worker: validates the env once, then hands requests to the app, queue batches to the
// webhook consumers and the cron to the outbox sweep.
import { SignInThrottle } from "../platform/auth/throttle";
import { KeyGuard } from "../platform/keys/guard";
import { renderEntryFailure } from "../platform/http/entry";
import { buildTaxApp } from "./app";
import { parseTaxEnv } from "./env";
import { taxErrors } from "./hono";
import { consumeTaxDeadLetters, consumeTaxWebhooks, sweepOutbox } from "./webhooks/events";

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
    if (batch.queue.endsWith("-dlq")) await consumeTaxDeadLetters(batch, taxEnv);
    else await consumeTaxWebhooks(batch, taxEnv);
  },
  async scheduled(controller, env) {
    await sweepOutbox(parseTaxEnv(env), controller.scheduledTime);
  },
} satisfies ExportedHandler<Record<string, unknown>>;
