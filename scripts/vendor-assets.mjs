// Copies the files of swagger-ui-dist that the API reference page loads into public/swagger-ui/, the Workers'
// static assets (git-ignored: they come from the installed package). Runs after every `npm install` and `npm ci`,
// so the page always serves the version package.json pins; nothing is fetched from elsewhere.
import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./lib.mjs";

const FILES = ["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"];
const from = path.join(ROOT, "node_modules", "swagger-ui-dist");
const to = path.join(ROOT, "public", "swagger-ui");
mkdirSync(to, { recursive: true });
for (const file of FILES) copyFileSync(path.join(from, file), path.join(to, file));
