// Tax webhook signing secrets at rest: D1 holds them sealed under SESSION_SECRET, never as shown; deliveries
// are signed with the secret shown at creation or roll; a row written before sealing (clear secret) still signs
// and is sealed at its first delivery; during a rotation of SESSION_SECRET (the old value in
// SESSION_SECRET_PREVIOUS) a secret sealed under the old value still signs and is re-sealed under the new one;
// a secret sealed under neither fails its delivery, logged, and is never replaced by an unsigned request.
import { parseTaxEnv } from "../../../src/tax/env";
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { z } from "@hono/zod-openapi";
import { sealWebhookSecret } from "../../../src/platform/webhooks/secrets";
import { newWebhookSecret } from "../../../src/platform/webhooks/sign";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { CreatedWebhookEndpointSchema, DeliverySchema, RolledWebhookEndpointSchema } from "../../../src/tax/webhooks/schemas";
import { taxOutbox } from "../../../src/tax/webhooks/events";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import taxWorker from "../../../src/tax/worker";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver, type Received } from "../../webhook-receiver";
import { api, createKey, expectStatus, TAX } from "../helpers";

installReceivers();

const worker = taxWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue" | "fetch">;

async function setup() {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver();
  const endpoint = CreatedWebhookEndpointSchema.parse(
    (await expectStatus(await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url }) }), 201)).data,
  );
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  return { key: key.key, endpoint, received, accountId: account!.id };
}

async function storedSecrets(id: string) {
  return (await env.DB.prepare("SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?").bind(id).first<{
    secret: string;
    previous_secret: string | null;
  }>())!;
}

/** One event fanned out to the account's endpoints and its delivery consumed from the queue. */
async function deliver(accountId: string, bindings: object = env): Promise<string> {
  const eventId = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now())
    .run();
  const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
  await consumeDelivery(worker, "tax-webhooks", deliveryId!, bindings);
  return deliveryId!;
}

/**
 * The key id docs/operations.md has the operator compute for a SESSION_SECRET value: the first 8 hex digits of
 * HMAC-SHA256 keyed with the value over `webhook-signing-secret-key-id` (worked here with Web Crypto directly).
 */
async function keyIdOf(sessionSecret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(sessionSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode("webhook-signing-secret-key-id")));
  return [...mac.slice(0, 4)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The endpoint's row counted by the query docs/operations.md gives the operator: still holds a secret not under `keyId`. */
async function notYetUnder(keyId: string, endpointId: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT COUNT(*) AS n FROM webhook_endpoints WHERE deleted_at IS NULL AND (
       (secret LIKE 'sealed-%' AND substr(secret, 1, 19) <> 'sealed-v1:${keyId}:') OR
       (previous_secret LIKE 'sealed-%' AND previous_secret_expires_at > unixepoch() * 1000 AND substr(previous_secret, 1, 19) <> 'sealed-v1:${keyId}:')
     ) AND id = ?`,
  )
    .bind(endpointId)
    .first<{ n: number }>();
  return row!.n;
}

const NEW_SESSION_SECRET = "a-new-session-secret-0123456789abcdef";

async function verifies(secret: string, request: Received): Promise<boolean> {
  return (await verifyWebhook(secret, request.headers, request.body, { scheme: "service-signature", now: request.at })).ok;
}

describe("webhook signing secrets at rest", () => {
  it("the stored row does not hold the secret shown at creation, and deliveries verify with the shown secret", async () => {
    const { endpoint, received, accountId } = await setup();
    const stored = await storedSecrets(endpoint.id);
    expect(stored.secret).not.toContain(endpoint.secret);
    expect(stored.secret).not.toContain(endpoint.secret.slice("whsec_".length));

    await deliver(accountId);
    expect(received).toHaveLength(1);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(true);
    expect(received[0]!.body).not.toContain("sealed");
  });

  it("a row written before sealing (its secret in clear) still signs deliveries and is sealed at its first one", async () => {
    const { endpoint, received, accountId } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();

    await deliver(accountId);
    expect(await verifies(clear, received[0]!)).toBe(true);
    const sealed = (await storedSecrets(endpoint.id)).secret;
    expect(sealed).not.toContain(clear.slice("whsec_".length));

    // Sealed once: the next delivery opens it, still signing with the same secret, and leaves the row as it is.
    await deliver(accountId);
    expect(received).toHaveLength(2);
    expect(await verifies(clear, received[1]!)).toBe(true);
    expect((await storedSecrets(endpoint.id)).secret).toBe(sealed);
  });

  it("sealing a clear secret happens only while the row still holds it: a second reader or a roll meanwhile wins", async () => {
    const { endpoint } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();
    const first = await sealWebhookSecret(env.SESSION_SECRET, endpoint.id, clear);
    const second = await sealWebhookSecret(env.SESSION_SECRET, endpoint.id, clear);
    await webhookStore.resealSecret(env.DB, endpoint.id, "secret", clear, first);
    await webhookStore.resealSecret(env.DB, endpoint.id, "secret", clear, second);
    expect((await storedSecrets(endpoint.id)).secret).toBe(first);
  });

  it("a delivery that read a clear secret before a roll does not seal it over the rolled one: the next delivery signs with the new secret", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();
    const staleSeal = await sealWebhookSecret(env.SESSION_SECRET, endpoint.id, clear);
    const rolled = RolledWebhookEndpointSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST" }), 200)).data,
    );
    // The delivery that read the row before the roll now seals what it read, for both columns.
    await webhookStore.resealSecret(env.DB, endpoint.id, "secret", clear, staleSeal);
    await webhookStore.resealSecret(env.DB, endpoint.id, "previousSecret", clear, staleSeal);
    expect(await storedSecrets(endpoint.id)).toMatchObject({ previous_secret: null });
    expect((await storedSecrets(endpoint.id)).secret).not.toBe(staleSeal);

    await deliver(accountId);
    expect(await verifies(rolled.secret, received[0]!)).toBe(true);
    expect(await verifies(clear, received[0]!)).toBe(false);
  });

  it("a D1 failure while sealing a clear secret leaves the secret out of the operator's log, and the delivery is tried again", async () => {
    const { endpoint, received, accountId } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();
    await env.DB.prepare(
      `CREATE TRIGGER seal_fault BEFORE UPDATE OF secret ON webhook_endpoints WHEN OLD.id = '${endpoint.id}' BEGIN SELECT RAISE(ABORT, 'injected'); END`,
    ).run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const eventId = `evt_${crypto.randomUUID()}`;
      await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(eventId, accountId, "profile.deleted", JSON.stringify({ profileId: "prof_x" }), Date.now())
        .run();
      const [deliveryId] = await webhookStore.fanOutEvents(env.DB, [eventId], Date.now());
      const result = await consumeDelivery(worker, "tax-webhooks", deliveryId!);
      expect(result.retryMessages).toHaveLength(1);
    } finally {
      await env.DB.prepare("DROP TRIGGER seal_fault").run();
    }
    const errors = logged.mock.calls.map((call) => call.join(" ")).join("\n");
    logged.mockRestore();
    expect(errors).toContain("injected");
    expect(errors).not.toContain(clear.slice("whsec_".length));
    expect(errors).not.toContain("sealed-v1:");
    expect(received).toHaveLength(0);
  });

  it("the cron's outbox sweep seals clear secrets no delivery will open: a disabled endpoint's, and a previous secret past its overlap", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const clear = newWebhookSecret();
    const expiredPrevious = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ?, previous_secret = ?, previous_secret_expires_at = ? WHERE id = ?")
      .bind(clear, expiredPrevious, Date.now() - 1_000, endpoint.id)
      .run();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "PATCH", body: JSON.stringify({ disabled: true }) }), 200);

    await taxOutbox.sweepOutbox(parseTaxEnv(env), Date.now());
    const stored = await storedSecrets(endpoint.id);
    expect(stored.secret).not.toContain(clear.slice("whsec_".length));
    expect(stored.previous_secret ?? "").not.toContain(expiredPrevious.slice("whsec_".length));

    // Enabled again, the endpoint signs with the secret its receiver holds.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "PATCH", body: JSON.stringify({ disabled: false }) }), 200);
    await deliver(accountId);
    expect(received).toHaveLength(1);
    expect(await verifies(clear, received[0]!)).toBe(true);
  });

  it("a sealed secret copied onto another endpoint does not open there: that endpoint's delivery is not sent", async () => {
    const a = await setup();
    const b = await setup();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?")
      .bind((await storedSecrets(a.endpoint.id)).secret, b.endpoint.id)
      .run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const deliveryId = await deliver(b.accountId);
    logged.mockRestore();
    expect(b.received).toHaveLength(0);
    const log = z.array(DeliverySchema).parse((await expectStatus(await api(`/api/v1/webhooks/${b.endpoint.id}/deliveries`, b.key), 200)).data);
    expect(log.find((d) => d.id === deliveryId)).toMatchObject({
      status: "failed",
      attempts: [{ error: expect.stringContaining("roll the endpoint's secret") }],
    });
  });

  it("rolling stores the new secret sealed; with an overlap both sign, the old one from a clear row sealed at first use", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const clear = newWebhookSecret();
    await env.DB.prepare("UPDATE webhook_endpoints SET secret = ? WHERE id = ?").bind(clear, endpoint.id).run();
    const rolled = RolledWebhookEndpointSchema.parse(
      (
        await expectStatus(
          await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST", body: JSON.stringify({ overlapHours: 1 }) }),
          200,
        )
      ).data,
    );
    expect(rolled.secret).toMatch(/^whsec_/);
    const stored = await storedSecrets(endpoint.id);
    expect(stored.secret).not.toContain(rolled.secret.slice("whsec_".length));
    expect(stored.previous_secret).toBe(clear);

    await deliver(accountId);
    expect(await verifies(rolled.secret, received[0]!)).toBe(true);
    expect(await verifies(clear, received[0]!)).toBe(true);
    expect((await storedSecrets(endpoint.id)).previous_secret).not.toContain(clear.slice("whsec_".length));

    // Without an overlap only the new secret signs.
    const again = RolledWebhookEndpointSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST" }), 200)).data,
    );
    expect((await storedSecrets(endpoint.id)).secret).not.toContain(again.secret.slice("whsec_".length));
    await deliver(accountId);
    expect(await verifies(again.secret, received[1]!)).toBe(true);
    expect(await verifies(rolled.secret, received[1]!)).toBe(false);
  });

  it("during a SESSION_SECRET rotation, secrets sealed under the old value still sign and are re-sealed under the new one, which alone then opens them", async () => {
    const { key, endpoint, received, accountId } = await setup();
    // A roll with an overlap before the rotation: both the secret and the previous one are sealed under the old value.
    const rolled = RolledWebhookEndpointSchema.parse(
      (
        await expectStatus(
          await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST", body: JSON.stringify({ overlapHours: 1 }) }),
          200,
        )
      ).data,
    );
    const newKeyId = await keyIdOf(NEW_SESSION_SECRET);
    const before = await storedSecrets(endpoint.id);
    expect(before.secret.startsWith(`sealed-v1:${await keyIdOf(env.SESSION_SECRET)}:`)).toBe(true);
    expect(await notYetUnder(newKeyId, endpoint.id)).toBe(1);

    await deliver(accountId, { ...env, SESSION_SECRET: NEW_SESSION_SECRET, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET });
    expect(received).toHaveLength(1);
    expect(await verifies(rolled.secret, received[0]!)).toBe(true);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(true);
    const after = await storedSecrets(endpoint.id);
    expect(after.secret.startsWith(`sealed-v1:${newKeyId}:`)).toBe(true);
    expect(after.previous_secret!.startsWith(`sealed-v1:${newKeyId}:`)).toBe(true);
    expect(await notYetUnder(newKeyId, endpoint.id)).toBe(0);

    // SESSION_SECRET_PREVIOUS removed: the new value alone opens both.
    await deliver(accountId, { ...env, SESSION_SECRET: NEW_SESSION_SECRET });
    expect(received).toHaveLength(2);
    expect(await verifies(rolled.secret, received[1]!)).toBe(true);
    expect(await verifies(endpoint.secret, received[1]!)).toBe(true);
  });

  it("during a SESSION_SECRET rotation the cron's sweep moves secrets no delivery would: a disabled endpoint's is re-sealed under the new value", async () => {
    const { key, endpoint, received, accountId } = await setup();
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "PATCH", body: JSON.stringify({ disabled: true }) }), 200);
    const newKeyId = await keyIdOf(NEW_SESSION_SECRET);
    expect(await notYetUnder(newKeyId, endpoint.id)).toBe(1);

    await taxOutbox.sweepOutbox(parseTaxEnv({ ...env, SESSION_SECRET: NEW_SESSION_SECRET, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET }), Date.now());
    expect(await notYetUnder(newKeyId, endpoint.id)).toBe(0);

    // SESSION_SECRET_PREVIOUS removed, the endpoint enabled again: it signs with the secret its receiver holds.
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}`, key, { method: "PATCH", body: JSON.stringify({ disabled: false }) }), 200);
    await deliver(accountId, { ...env, SESSION_SECRET: NEW_SESSION_SECRET });
    expect(received).toHaveLength(1);
    expect(await verifies(endpoint.secret, received[0]!)).toBe(true);
  });

  it("after SESSION_SECRET changes, a delivery is not sent (never unsigned), logged, and works again once the secret is rolled", async () => {
    const { key, endpoint, received, accountId } = await setup();
    const rotated = { ...env, SESSION_SECRET: "a-new-session-secret-0123456789abcdef" };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const deliveryId = await deliver(accountId, rotated);
    const errors = logged.mock.calls.map((call) => call.join(" ")).join("\n");
    logged.mockRestore();
    expect(received).toHaveLength(0);
    const log = z.array(DeliverySchema).parse((await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/deliveries`, key), 200)).data);
    expect(log.find((d) => d.id === deliveryId)).toMatchObject({
      status: "failed",
      attempts: [{ outcome: "failed", responseStatus: null, error: expect.stringContaining("roll the endpoint's secret") }],
    });
    expect(errors).toContain(`signing secret cannot be opened`);
    expect(errors).toContain(endpoint.id);
    expect(errors).not.toContain("whsec_");

    // The owner rolls the secret (the service runs under the new SESSION_SECRET from now on): deliveries sign again.
    const ctx = createExecutionContext();
    const request = new Request(`${TAX}/api/v1/webhooks/${endpoint.id}/roll-secret`, { method: "POST", headers: { Authorization: `Bearer ${key}` } });
    const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], rotated as never, ctx);
    await waitOnExecutionContext(ctx);
    const rolled = RolledWebhookEndpointSchema.parse((await expectStatus(response, 200)).data);
    await deliver(accountId, rotated);
    expect(received).toHaveLength(1);
    expect(await verifies(rolled.secret, received[0]!)).toBe(true);
  });
});
