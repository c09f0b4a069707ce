// Inventory webhook signing secrets at rest: D1 holds them sealed under SESSION_SECRET, never as shown;
// deliveries verify with the secret shown at creation or roll; a row written before sealing (clear secret) still
// signs and is sealed at its first delivery; during a rotation of SESSION_SECRET (the old value in
// SESSION_SECRET_PREVIOUS) a secret sealed under the old value still signs and is re-sealed under the new one.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { webhookStore } from "../../../src/inventory/webhooks/queries";
import { CreatedWebhookSchema, RolledWebhookSchema } from "../../../src/inventory/webhooks/schemas";
import inventoryWorker from "../../../src/inventory/worker";
import { newWebhookSecret } from "../../../src/platform/webhooks/sign";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver, type Received } from "../../webhook-receiver";
import { admin, createOrg, expectStatus } from "../helpers";

installReceivers();

const worker = inventoryWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue">;

async function setup() {
  const orgId = await createOrg();
  const { url, received } = receiver();
  const endpoint = CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url }), 201)).data);
  return { orgId, endpoint, received };
}

async function storedSecret(id: string): Promise<string> {
  return (await env.DB.prepare("SELECT secret FROM webhook_endpoints WHERE id = ?").bind(id).first<{ secret: string }>())!.secret;
}

/** One event fanned out to the organisation's endpoints and its delivery consumed from the queue. */
async function deliver(orgId: string, bindings: object = env): Promise<void> {
  const eventId = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(eventId, orgId, "sale.created", JSON.stringify({ sale_id: "sale_1", total: "1250.00" }), Date.now())
    .run();
  const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
  await consumeDelivery(worker, "inventory-webhooks", deliveryId!, bindings);
}

async function verifies(secret: string, request: Received): Promise<boolean> {
  return (await verifyWebhook(secret, request.headers, request.body, { scheme: "x-service", now: request.at })).ok;
}

describe("webhook signing secrets at rest", () => {
  it("the stored row does not hold the secret shown at creation, and deliveries verify with the shown secret", async () => {
    const { orgId, endpoint, received } = await setup();
    expect(await storedSecret(endpoint.id)).not.toContain(endpoint.secret.slice("whsec_".length));
    await deliver(orgId);
    expect(received).toHaveLength(1);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(true);
  });

  it("a row written before sealing (its secret in clear) still signs deliveries and is sealed at its first one", async () => {
    const { orgId, endpoint, received } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();
    await deliver(orgId);
    expect(await verifies(clear, received[0]!)).toBe(true);
    const sealed = await storedSecret(endpoint.id);
    expect(sealed).not.toContain(clear.slice("whsec_".length));
    await deliver(orgId);
    expect(await verifies(clear, received[1]!)).toBe(true);
    expect(await storedSecret(endpoint.id)).toBe(sealed);
  });

  it("a rolled secret is stored sealed and signs the next delivery", async () => {
    const { orgId, endpoint, received } = await setup();
    const rolled = RolledWebhookSchema.parse(
      (await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/roll-secret`), 200)).data,
    );
    expect(await storedSecret(endpoint.id)).not.toContain(rolled.secret.slice("whsec_".length));
    await deliver(orgId);
    expect(await verifies(rolled.secret, received[0]!)).toBe(true);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(false);
  });

  it("during a SESSION_SECRET rotation a secret sealed under the old value still signs and is re-sealed under the new one", async () => {
    const { orgId, endpoint, received } = await setup();
    const newSecret = "a-new-session-secret-0123456789abcdef";
    const before = await storedSecret(endpoint.id);
    await deliver(orgId, { ...env, SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET });
    expect(received).toHaveLength(1);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(true);
    expect(await storedSecret(endpoint.id)).not.toBe(before);

    // SESSION_SECRET_PREVIOUS removed: the new value alone opens the re-sealed secret.
    await deliver(orgId, { ...env, SESSION_SECRET: newSecret });
    expect(received).toHaveLength(2);
    expect(await verifies(endpoint.secret, received[1]!)).toBe(true);
  });

  it("a secret sealed under neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS is not sent, and logged", async () => {
    const { orgId, endpoint, received } = await setup();
    const before = await storedSecret(endpoint.id);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await deliver(orgId, {
      ...env,
      SESSION_SECRET: "a-new-session-secret-0123456789abcdef",
      SESSION_SECRET_PREVIOUS: "another-old-secret-0123456789abcdef",
    });
    const errors = logged.mock.calls.map((call) => call.join(" ")).join("\n");
    logged.mockRestore();
    expect(received).toHaveLength(0);
    expect(errors).toContain("signing secret cannot be opened");
    expect(errors).toContain(endpoint.id);
    expect(await storedSecret(endpoint.id)).toBe(before);
  });
});
