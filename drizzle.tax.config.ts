import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "sqlite", schema: "./src/tax/db/schema.ts", out: "./migrations/tax" });
