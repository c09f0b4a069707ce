import type { TaxApp } from "../hono";
import { registerWebAssets } from "./assets";
import { registerChangePassword } from "./change-password";
import { registerHome } from "./home";
import { registerSignIn } from "./sign-in";
import { registerSignOut } from "./sign-out";
import { registerSignUp } from "./sign-up";

/** The web page: GET /, the sign-in/sign-up/sign-out and change-password form posts, and its script and stylesheet. */
export function registerWebPages(app: TaxApp): void {
  registerWebAssets(app);
  registerHome(app);
  registerSignIn(app);
  registerSignUp(app);
  registerSignOut(app);
  registerChangePassword(app);
}
