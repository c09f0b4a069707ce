// Entry of the tax Worker: validates the env once, then hands requests to the app.
import { SignInThrottle } from "../platform/auth/throttle";
import { KeyGuard } from "../platform/keys/guard";
import { renderEntryFailure } from "../platform/http/entry";
import { buildTaxApp } from "./app";
import { parseTaxEnv } from "./env";
import { taxErrors } from "./errors";

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
} satisfies ExportedHandler<Record<string, unknown>>;
