// Entry of the inventory Worker: validates the env once, then hands requests to the app.
import { renderEntryFailure } from "../platform/http/entry";
import { SignInThrottle } from "../platform/auth/throttle";
import { KeyGuard } from "../platform/keys/guard";
import { buildInventoryApp } from "./app";
import { parseInventoryEnv } from "./env";
import { inventoryErrors } from "./errors";

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
} satisfies ExportedHandler<Record<string, unknown>>;
