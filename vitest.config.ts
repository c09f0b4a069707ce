// Every test runs inside workerd with real local D1, Durable Objects and Queues: one project per service.
// Platform tests use the tax Worker as their host (they need a Worker with a KeyGuard binding).
import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";
import { bundleWorker, SERVICES } from "./scripts/lib.mjs";

export const TEST_SECRETS = {
  ADMIN_TOKEN: "test-admin-token-0123456789abcdef",
  RAZORPAY_WEBHOOK_SECRET: "test-razorpay-secret-0123456789",
  SESSION_SECRET: "test-session-secret-0123456789abcdef",
  WEBHOOK_ALLOW_LOOPBACK: "false",
};

// Ceilings, not expectations: CI machines are shared and busy, so a test waits on its condition for as long as a
// loaded machine may need (`npm run test:stress` proves the suite holds with every core taken by other work).
const UNDER_LOAD = { testTimeout: 120_000, hookTimeout: 120_000, expect: { poll: { timeout: 60_000, interval: 50 } } };

// What test files import themselves (schemas, the app for in-process requests), and the whole Worker in watch mode,
// comes module by module from Vite: hono, zod and drizzle alone are some 250 modules. Pre-bundled, they are a handful.
const PREBUNDLED = {
  optimizer: {
    ssr: {
      enabled: true,
      include: [
        "hono",
        "hono/cookie",
        "hono/factory",
        "hono/http-exception",
        "hono/jsx",
        "zod",
        "@hono/zod-openapi",
        "drizzle-orm",
        "drizzle-orm/d1",
        "drizzle-orm/sqlite-core",
      ],
    },
  },
};

// The projects that serve Workers on real ports (Chromium, the documented examples) run after the others, so that a
// loaded machine's cores are not shared with two busy workerd test runtimes as well.
const AFTER_THE_WORKERD_PROJECTS = { groupOrder: 1 };

// Pure domain code (no I/O) runs in workerd too, as deployed, but without the database: a file that never imports
// `cloudflare:test` never loads the Worker, and starts in a fraction of the time.
const PURE_TESTS = ["test/**/domain/**/*.test.ts", "test/platform/pure/**/*.test.ts"];

// A one-off run (`vitest run`) loads each Worker as `wrangler deploy` bundles it, built once for the run: one module
// instead of some 200 for every test file's workerd, and the code exactly as deployed. Watch mode loads the sources,
// so that an edit applies to the next run.
const ONE_OFF_RUN = process.argv.includes("run");

/** The projects a run names with `--project` (empty: every project). */
function namedProjects(argv: string[]): string[] {
  return argv.flatMap((arg, i) => (arg === "--project" ? [argv[i + 1] ?? ""] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : []));
}

const WORKERS_OF_PROJECT: Record<string, (keyof typeof SERVICES)[]> = {
  platform: ["tax"],
  tax: ["tax"],
  inventory: ["inventory"],
  node: ["tax", "inventory"],
  browser: ["tax", "inventory"],
};

/** Whether the run loads this Worker: a run of only the domain project loads neither. */
function runLoads(service: keyof typeof SERVICES): boolean {
  const named = namedProjects(process.argv);
  return named.length === 0 || named.some((name) => /[*?[]/.test(name) || WORKERS_OF_PROJECT[name]?.includes(service));
}

/** The Worker bundled for this run, and esbuild's metafile of it; none in watch mode or when no project loads it. */
async function bundledWorker(service: keyof typeof SERVICES): Promise<{ worker: string; metafile: string } | null> {
  if (!ONE_OFF_RUN || !runLoads(service)) return null;
  // In this checkout's own .wrangler/ (git-ignored): node_modules may be shared with another checkout.
  const { worker, metafile } = await bundleWorker(service, path.join(import.meta.dirname, ".wrangler/test-workers", service));
  return { worker, metafile };
}

async function workerProject(name: string, service: keyof typeof SERVICES, main: string | undefined, include: string[]) {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations", service));
  const config = SERVICES[service].config;
  return {
    // A test that imports the Worker itself (its queue and cron handlers) gets the module `SELF` would serve: the bundle,
    // already loaded for `fetchWorker`, rather than the Worker's sources loaded a second time.
    resolve: {
      alias: [
        // `fetchWorker` (test/worker-under-test.ts) calls the Worker `SELF` would: its bundle, or its sources in watch mode.
        { find: /^worker-under-test$/, replacement: main ?? path.join(import.meta.dirname, `src/${service}/worker.ts`) },
        ...(main ? [{ find: new RegExp(`^(\\.\\./)+src/${service}/worker$`), replacement: main }] : []),
      ],
    },
    plugins: [
      cloudflareTest({
        main,
        wrangler: { configPath: config },
        miniflare: { bindings: { ...TEST_SECRETS, TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      name,
      include,
      exclude: [...configDefaults.exclude, ...PURE_TESTS],
      setupFiles: ["./test/fresh-database.ts"],
      // The project's files share one runtime per vitest worker: no workerd start and no module loading per file, which
      // cost more than most files' tests. Each file still starts from an empty database (the setup file above).
      isolate: false,
      deps: PREBUNDLED,
      ...UNDER_LOAD,
    },
  };
}

export default defineConfig(async () => {
  const [taxWorker, inventoryWorker] = await Promise.all([bundledWorker("tax"), bundledWorker("inventory")]);
  // The node and browser projects serve and inspect these same bundles (test/worker-bundles.ts).
  const workerBundles = { tax: taxWorker, inventory: inventoryWorker };
  return {
    test: {
      // One test file per core. Vitest's default leaves a core free for itself, but its workers mostly wait on the
      // workerd process each file starts, so on two cores the default ran one file at a time.
      maxWorkers: availableParallelism(),
      projects: [
        await workerProject("platform", "tax", taxWorker?.worker, ["test/platform/**/*.test.ts"]),
        await workerProject("tax", "tax", taxWorker?.worker, ["test/tax/**/*.test.ts"]),
        await workerProject("inventory", "inventory", inventoryWorker?.worker, ["test/inventory/**/*.test.ts"]),
        {
          plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.tax.toml" } })],
          // One runtime per vitest worker for all its files, as for the Worker projects: pure code has no state to leave.
          test: { name: "domain", include: PURE_TESTS, setupFiles: ["./test/property-time-limit.ts"], isolate: false, ...UNDER_LOAD },
        },
        // Node-side checks: clients generated from the committed OpenAPI documents, and the documented shell examples
        // against both Workers on local ports (started by the test itself: wide ceilings, as for the browser).
        {
          test: {
            name: "node",
            include: ["test/node/**/*.test.ts"],
            environment: "node",
            setupFiles: ["./test/one-request-per-connection.ts"],
            ...UNDER_LOAD,
            testTimeout: 180_000,
            hookTimeout: 720_000,
            sequence: AFTER_THE_WORKERD_PROJECTS,
            provide: { workerBundles },
          },
        },
        // Real Chromium against both Workers on local ports (started by the test itself), in Node.
        {
          test: {
            name: "browser",
            include: ["test/browser/**/*.test.ts"],
            sequence: AFTER_THE_WORKERD_PROJECTS,
            provide: { workerBundles },
            environment: "node",
            setupFiles: ["./test/one-request-per-connection.ts"],
            ...UNDER_LOAD,
            testTimeout: 300_000,
            // Bundling, seeding and starting both Workers on a loaded machine can take minutes.
            hookTimeout: 420_000,
          },
        },
      ],
    },
  };
});
