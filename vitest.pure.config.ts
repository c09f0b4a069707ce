// Fast loop for pure domain code while developing: plain Node, no workerd.
// `npm test` runs the same files inside workerd through vitest.config.ts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["test/**/domain/**/*.test.ts"], environment: "node" },
});
