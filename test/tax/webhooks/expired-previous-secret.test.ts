// A previous signing secret is kept only for its overlap after a roll: once the overlap has ended, the next delivery
// or edit of the endpoint clears it from the row, and migration 0015_drop_expired_previous_secrets cleared those
// stored before. Its own file: the migration updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { CreatedWebhookEndpointSchema, RolledWebhookEndpointSchema, TestSendSchema } from "../../../src/tax/webhooks/schemas";
import { endOverlap, expectExpiredPreviousSecretsDropped, previousSecretOf } from "../../expired-previous-secrets";
import { installReceivers, receiver } from "../../webhook-receiver";
import { api, createKey, expectStatus } from "../helpers";

installReceivers();

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/** An endpoint whose secret was rolled with a one-hour overlap: the old secret still signs. */
async function rolledWithOverlap() {
  const key = (await createKey({ scopes: ["webhooks:manage"] })).key;
  const { url, received } = receiver();
  const endpoint = CreatedWebhookEndpointSchema.parse((await expectStatus(await api("/api/v1/webhooks", key, json("POST", { url })), 201)).data);
  const rolled = RolledWebhookEndpointSchema.parse(
    (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, json("POST", { overlapHours: 1 })), 200)).data,
  );
  return { key, received, id: endpoint.id, oldSecret: endpoint.secret, newSecret: rolled.secret };
}

describe("a previous secret after its overlap", () => {
  it("is cleared from the row by the next delivery, which carries the new secret's signature alone", async () => {
    const { key, received, id, oldSecret, newSecret } = await rolledWithOverlap();
    await endOverlap(id);
    TestSendSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}/test`, key, { method: "POST" }), 200)).data);
    const [request] = received;
    // docs/webhooks.md: `Service-Signature: t=<unix>,v1=<hex>`, a second v1= only during an overlap.
    expect(request!.headers.get("Service-Signature")).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhook(newSecret, request!.headers, request!.body, { scheme: "service-signature" })).toMatchObject({ ok: true });
    expect(await verifyWebhook(oldSecret, request!.headers, request!.body, { scheme: "service-signature" })).toMatchObject({ ok: false });
    expect(await previousSecretOf(id)).toEqual({ secret: null, expiresAt: null });
  });

  it("is kept by an edit during the overlap and cleared by one after it", async () => {
    const { key, id } = await rolledWithOverlap();
    await expectStatus(await api(`/api/v1/webhooks/${id}`, key, json("PATCH", { description: "during" })), 200);
    expect((await previousSecretOf(id))!.secret).not.toBeNull();
    await endOverlap(id);
    await expectStatus(await api(`/api/v1/webhooks/${id}`, key, json("PATCH", { description: "after" })), 200);
    expect(await previousSecretOf(id)).toEqual({ secret: null, expiresAt: null });
  });
});

describe("migration 0015_drop_expired_previous_secrets", () => {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0015_drop_expired_previous_secrets"))!.queries;

  it("clears every previous secret whose overlap has ended, and keeps one still in its overlap", async () => {
    const { email } = await createKey({ scopes: ["webhooks:manage"] });
    const accountId = (await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>())!.id;
    await expectExpiredPreviousSecretsDropped(migration, { column: "owner_id", id: accountId });
  });
});
