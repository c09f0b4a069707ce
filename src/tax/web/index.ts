import { servePageFiles } from "../../platform/ui/headers";
import type { TaxApp } from "../hono";
import { registerChangePassword } from "./change-password";
import { registerHome } from "./home";
import { ASSET_BASE } from "./session-auth";
import { registerSignIn } from "./sign-in";
import { registerSignOut } from "./sign-out";
import { registerSignUp } from "./sign-up";

/** The web page: GET /, the sign-in/sign-up/sign-out and change-password form posts, and its script and stylesheet. */
export function registerWebPages(app: TaxApp): void {
  servePageFiles(app, ASSET_BASE);
  registerHome(app);
  registerSignIn(app);
  registerSignUp(app);
  registerSignOut(app);
  registerChangePassword(app);
}
