import { CLIENT_JS } from "../../platform/ui/client";
import { serveAsset } from "../../platform/ui/headers";
import { STYLES_CSS } from "../../platform/ui/styles";
import type { InventoryApp } from "../hono";
import { ASSET_BASE } from "./session";

/** The admin area's only script and stylesheet, from its own origin (the CSP allows nothing inline). */
export function registerAdminAssets(app: InventoryApp): void {
  app.get(`${ASSET_BASE}/app.js`, (c) => serveAsset(c, CLIENT_JS));
  app.get(`${ASSET_BASE}/app.css`, (c) => serveAsset(c, STYLES_CSS));
}
