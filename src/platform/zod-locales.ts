// Stands in for zod's index of every locale when wrangler bundles a Worker (the [alias] in wrangler.*.toml).
// @hono/zod-openapi hands zod's whole namespace to a function, so the bundler keeps all of its exports, and
// `z.locales` alone added 258 KiB of translations no one reads: every error message is zod's English, which zod
// sets up from this same file on its own.
export { default as en } from "zod/v4/locales/en.js";
