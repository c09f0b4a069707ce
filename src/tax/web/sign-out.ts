import { signOutHandler } from "../../platform/auth/sign-out";
import { SESSION_COOKIE } from "../accounts/operator-auth";
import type { TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { deleteSessionByTokenHash } from "../accounts/queries";
import type { TaxEnv } from "../env";
import { currentSession } from "./session-auth";

/** POST /auth/signout: needs the session's CSRF token (a cross-site page cannot sign a user out). */
export function registerSignOut(app: TaxApp): void {
  app.post(
    "/auth/signout",
    signOutHandler({
      currentSession,
      deleteSession: (env: TaxEnv, tokenHash) => deleteSessionByTokenHash(taxDb(env.DB), tokenHash),
      cookie: SESSION_COOKIE,
      redirectTo: "/",
    }),
  );
}
