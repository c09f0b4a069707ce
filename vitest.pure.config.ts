// Fast loop for pure domain code while developing, and the microbenchmarks: plain Node, no workerd.
// `npm test` runs the same test files inside workerd through vitest.config.ts.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/domain/**/*.test.ts", "test/platform/pure/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./test/property-time-limit.ts"],
    benchmark: { include: ["bench/micro/**/*.bench.ts"] },
  },
});
