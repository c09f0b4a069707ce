// Both Workers on free ports of 127.0.0.1, for the tests that need real sockets (Chromium, the documented shell
// examples): each on its own throwaway local state, every migration applied and the demo organisation seeded, as
// after `npm start` and `npm run seed`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalDatabase } from "../scripts/lib.mjs";
import { serveBundled } from "../scripts/local-workers.mjs";
import { seedDemo } from "../scripts/seed.mjs";

export interface DemoWorkers {
  taxUrl: string;
  inventoryUrl: string;
  /** Stops both Workers and deletes their state. */
  stop(): Promise<void>;
}

export async function serveDemoWorkers(name: string, adminToken: string): Promise<DemoWorkers> {
  const persistTo = mkdtempSync(path.join(tmpdir(), `${name}-`));
  createLocalDatabase("tax", persistTo);
  createLocalDatabase("inventory", persistTo);
  await seedDemo({ persistTo });
  const vars = {
    ADMIN_TOKEN: adminToken,
    SESSION_SECRET: `${name}-session-${crypto.randomUUID()}`,
    RAZORPAY_WEBHOOK_SECRET: `${name}-razorpay-${crypto.randomUUID()}`,
    // Webhook receivers in these tests listen on this machine.
    WEBHOOK_ALLOW_LOOPBACK: "true",
  };
  const started = await Promise.allSettled([serveBundled("tax", { persistTo, vars }), serveBundled("inventory", { persistTo, vars })]);
  const stop = async () => {
    await Promise.all(started.map((outcome) => (outcome.status === "fulfilled" ? outcome.value.stop() : undefined)));
    rmSync(persistTo, { recursive: true, force: true });
  };
  const [tax, inventory] = started;
  if (tax.status === "rejected" || inventory.status === "rejected") {
    await stop();
    throw tax.status === "rejected" ? tax.reason : (inventory as PromiseRejectedResult).reason;
  }
  return { taxUrl: tax.value.url, inventoryUrl: inventory.value.url, stop };
}
