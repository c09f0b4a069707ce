// Both Workers on free ports of 127.0.0.1, for the tests that need real sockets (Chromium, the documented shell
// examples): each on its own throwaway local state, every migration applied and the demo organisation seeded, as
// after `npm start` and `npm run seed`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { ROOT } from "../scripts/lib.mjs";
import { serveBundled } from "../scripts/local-workers.mjs";
import { demoSeedStatements } from "../scripts/seed.mjs";
import { builtBundle } from "./worker-bundles";

export interface DemoWorkers {
  taxUrl: string;
  inventoryUrl: string;
  /** Stops both Workers and deletes their state. */
  stop(): Promise<void>;
}

type Database = Awaited<ReturnType<Awaited<ReturnType<typeof serveBundled>>["database"]>>;

/** Applies every migration of `service` to its empty database, one batch (one transaction) a migration. */
async function migrate(database: Database, service: "tax" | "inventory"): Promise<void> {
  for (const { queries } of await readD1Migrations(path.join(ROOT, "migrations", service))) {
    await database.batch(queries.map((query) => database.prepare(query)));
  }
}

export async function serveDemoWorkers(name: string, adminToken: string): Promise<DemoWorkers> {
  const persistTo = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const vars = {
    ADMIN_TOKEN: adminToken,
    SESSION_SECRET: `${name}-session-${crypto.randomUUID()}`,
    RAZORPAY_WEBHOOK_SECRET: `${name}-razorpay-${crypto.randomUUID()}`,
    // Webhook receivers in these tests listen on this machine.
    WEBHOOK_ALLOW_LOOPBACK: "true",
  };
  const started = await Promise.allSettled(
    (["tax", "inventory"] as const).map((service) => serveBundled(service, { persistTo, vars, bundlePath: builtBundle(service)?.worker })),
  );
  const stop = async () => {
    await Promise.all(started.map((outcome) => (outcome.status === "fulfilled" ? outcome.value.stop() : undefined)));
    rmSync(persistTo, { recursive: true, force: true });
  };
  const [tax, inventory] = started;
  if (tax?.status !== "fulfilled" || inventory?.status !== "fulfilled") {
    await stop();
    throw started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected")?.reason;
  }
  try {
    const [taxDatabase, inventoryDatabase] = await Promise.all([tax.value.database(), inventory.value.database()]);
    await Promise.all([migrate(taxDatabase, "tax"), migrate(inventoryDatabase, "inventory")]);
    const seed = await demoSeedStatements({ now: Date.now() });
    await inventoryDatabase.batch(seed.map((statement) => inventoryDatabase.prepare(statement)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { taxUrl: tax.value.url, inventoryUrl: inventory.value.url, stop };
}
