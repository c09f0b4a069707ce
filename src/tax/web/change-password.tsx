import { changePasswordHandler } from "../../platform/auth/change-password";
import { htmlPage } from "../../platform/ui/headers";
import { changeAccountPassword, findAccountById } from "../accounts/queries";
import { taxDb } from "../db/client";
import type { TaxEnv } from "../env";
import type { TaxApp } from "../hono";
import { PASSWORD_ACTION, PasswordPage } from "./pages";
import { currentSession, deviceCookie } from "./session-auth";
import { SESSION_COOKIE } from "../accounts/operator-auth";

/**
 * POST /auth/password (form post from the signed-in page): the current password, counted by the sign-in throttle,
 * then the new one; every other session of the account ends with the old password.
 */
export function registerChangePassword(app: TaxApp): void {
  app.post(
    PASSWORD_ACTION,
    changePasswordHandler({
      currentSession,
      passwordHash: async (env: TaxEnv, session) => (await findAccountById(taxDb(env.DB), session.userId))?.passwordHash,
      storePassword: (env: TaxEnv, change) => changeAccountPassword(taxDb(env.DB), change),
      throttle: (env: TaxEnv) => env.SIGN_IN_THROTTLE,
      device: deviceCookie,
      sessionCookie: SESSION_COOKIE,
      signedOutTo: "/",
      render: (c, session, outcome) =>
        htmlPage(c, <PasswordPage email={session.email} csrfToken={session.csrfToken} outcome={outcome} />, outcome.status),
    }),
  );
}
