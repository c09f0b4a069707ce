// A previous signing secret is kept only for its overlap after a roll: once the overlap has ended, the next delivery
// or edit of the endpoint clears it from the row, and migration 0018_drop_expired_previous_secrets cleared those
// stored before. Its own file: the migration updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CreatedWebhookSchema, RolledWebhookSchema, TestSendSchema } from "../../../src/inventory/webhooks/schemas";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { endOverlap, expectExpiredPreviousSecretsDropped, previousSecretOf } from "../../expired-previous-secrets";
import { installReceivers, receiver } from "../../webhook-receiver";
import { admin, createOrg, expectStatus } from "../helpers";

installReceivers();

/** An endpoint whose secret was rolled with a one-hour overlap: the old secret still signs. */
async function rolledWithOverlap() {
  const orgId = await createOrg();
  const { url, received } = receiver();
  const endpoint = CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url }), 201)).data);
  const base = `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`;
  const rolled = RolledWebhookSchema.parse((await expectStatus(await admin("POST", `${base}/roll-secret`, { overlap_hours: 1 }), 200)).data);
  return { base, received, id: endpoint.id, oldSecret: endpoint.secret, newSecret: rolled.secret };
}

describe("a previous secret after its overlap", () => {
  it("is cleared from the row by the next delivery, which carries the new secret's signature alone", async () => {
    const { base, received, id, oldSecret, newSecret } = await rolledWithOverlap();
    await endOverlap(id);
    TestSendSchema.parse((await expectStatus(await admin("POST", `${base}/test`), 200)).data);
    const [request] = received;
    // docs/webhooks.md: X-Service-Signature-Previous is sent only during an overlap.
    expect(request!.headers.get("X-Service-Signature-Previous")).toBeNull();
    expect(await verifyWebhook(newSecret, request!.headers, request!.body, { scheme: "x-service" })).toMatchObject({ ok: true });
    expect(await verifyWebhook(oldSecret, request!.headers, request!.body, { scheme: "x-service" })).toMatchObject({ ok: false });
    expect(await previousSecretOf(id)).toEqual({ secret: null, expiresAt: null });
  });

  it("is kept by an edit during the overlap and cleared by one after it", async () => {
    const { base, id } = await rolledWithOverlap();
    await expectStatus(await admin("PATCH", base, { description: "during" }), 200);
    expect((await previousSecretOf(id))!.secret).not.toBeNull();
    await endOverlap(id);
    await expectStatus(await admin("PATCH", base, { description: "after" }), 200);
    expect(await previousSecretOf(id)).toEqual({ secret: null, expiresAt: null });
  });
});

describe("migration 0018_drop_expired_previous_secrets", () => {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0018_drop_expired_previous_secrets"))!.queries;

  it("clears every previous secret whose overlap has ended, and keeps one still in its overlap", async () => {
    const orgId = await createOrg();
    await expectExpiredPreviousSecretsDropped(migration, { column: "org_id", id: orgId });
  });
});
