import type { InventoryApp } from "../app";
import { registerAdminAssets } from "./serve-assets";
import { registerAdminHome } from "./show-home";
import { registerAdminSignIn } from "./sign-in";
import { registerAdminSignOut } from "./sign-out";

/** The admin area: GET /admin, the sign-in and sign-out form posts, and its script and stylesheet. */
export function registerAdminPages(app: InventoryApp): void {
  registerAdminAssets(app);
  registerAdminHome(app);
  registerAdminSignIn(app);
  registerAdminSignOut(app);
}
