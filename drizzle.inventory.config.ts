import { defineConfig } from "drizzle-kit";

export default defineConfig({ dialect: "sqlite", schema: "./src/inventory/db/schema.ts", out: "./migrations/inventory" });
