// Managing a registered endpoint (inventory): edit, disable and enable, roll the secret with an overlap (a
// second signature header), re-send a delivery, filter deliveries; a session acts on its own organisation only.
import { parseInventoryEnv } from "../../../src/inventory/env";
import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { dispatchEvents } from "../../../src/inventory/webhooks/service";
import {
  CreatedWebhookSchema,
  DeliverySchema,
  RolledWebhookSchema,
  TestSendSchema,
  WebhookDetailSchema,
  WebhookSchema,
} from "../../../src/inventory/webhooks/schemas";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { sameMillisecondIds } from "../../same-millisecond";
import { installReceivers, receiver, respond, type Behaviour } from "../../webhook-receiver";
import { admin, asSession, createOrg, expectError, expectStatus, signIn } from "../helpers";

installReceivers();

async function setup(behaviour: Behaviour = respond.ok) {
  const orgId = await createOrg();
  const { url, received } = receiver(behaviour);
  const endpoint = CreatedWebhookSchema.parse(
    (await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url, description: "dispatch desk" }), 201)).data,
  );
  const base = `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}`;
  return { orgId, url, received, endpoint, base };
}

const detail = async (base: string) => WebhookDetailSchema.parse((await expectStatus(await admin("GET", base), 200)).data);
const testSend = async (base: string) => TestSendSchema.parse((await expectStatus(await admin("POST", `${base}/test`), 200)).data);

describe("managing an inventory webhook endpoint", () => {
  it("PATCH changes what is given and records it; a disabled endpoint gets no deliveries until enabled", async () => {
    const { orgId, endpoint, base, received } = await setup();
    const updated = await expectStatus(await admin("PATCH", base, { events: ["sale.created"], description: "ops" }), 200);
    expect(updated.data).toMatchObject({ events: ["sale.created"], description: "ops", status: "enabled" });

    const disabled = await expectStatus(await admin("PATCH", base, { disabled: true }), 200);
    expect(disabled.data).toMatchObject({ status: "disabled", disabled_reason: "manual" });
    const eventId = `evt_${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, 'sale.created', '{}', ?)")
      .bind(eventId, orgId, Date.now())
      .run();
    await dispatchEvents(parseInventoryEnv(env), [eventId]);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?").bind(endpoint.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
    await expectError(await admin("POST", `${base}/test`), 409, "conflict");
    expect(received).toHaveLength(0);

    await expectStatus(await admin("PATCH", base, { disabled: false }), 200);
    await testSend(base);
    expect(received).toHaveLength(1);
    expect((await detail(base)).changes).toEqual([
      { action: "enabled", actor: "operator", detail: "enabled", at: expect.any(String) },
      { action: "disabled", actor: "operator", detail: "disabled", at: expect.any(String) },
      { action: "updated", actor: "operator", detail: "events sale.created (no longer every event); description", at: expect.any(String) },
    ]);
  });

  it("moving to a URL another endpoint of the organisation has is 409 naming it and changes nothing", async () => {
    const { orgId, endpoint } = await setup();
    const other = CreatedWebhookSchema.parse(
      (await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: "https://hooks.example.com/other" }), 201)).data,
    );
    // The endpoint's URL with its host in capitals and the default port written out: the same URL.
    const sameUrl = endpoint.url.replace("receiver.example", "RECEIVER.Example:443");
    const moved = await admin("PATCH", `/admin/api/orgs/${orgId}/webhooks/${other.id}`, { url: sameUrl, description: "x" });
    expect(await expectError(moved, 409, "conflict")).toBe(
      `url: webhook endpoint ${endpoint.id} already has this URL; change or delete that endpoint instead`,
    );
    expect(await detail(`/admin/api/orgs/${orgId}/webhooks/${other.id}`)).toMatchObject({
      url: "https://hooks.example.com/other",
      description: null,
      changes: [],
    });
  });

  it("of two endpoints moved to one URL at once, one moves and the other is 409", async () => {
    const { orgId, endpoint } = await setup();
    const other = CreatedWebhookSchema.parse(
      (await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url }), 201)).data,
    );
    const { url: target } = receiver();
    const answers = await Promise.all(
      [endpoint.id, other.id].map((id) => admin("PATCH", `/admin/api/orgs/${orgId}/webhooks/${id}`, { url: target })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const listed = z.array(WebhookSchema).parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data);
    expect(listed.filter((e) => e.url === target)).toHaveLength(1);
  });

  it("refuses a bad edit with 400 bad_request naming the field, changing nothing", async () => {
    const { base, endpoint } = await setup();
    expect(await expectError(await admin("PATCH", base, { url: "https://foo.localhost../x" }), 400, "bad_request")).toContain("url:");
    expect(await expectError(await admin("PATCH", base, { events: ["profile.saved"] }), 400, "bad_request")).toContain("events[0]");
    expect(await expectError(await admin("PATCH", base, {}), 400, "bad_request")).toContain("give at least one of");
    expect(await detail(base)).toMatchObject({ url: endpoint.url, status: "enabled", changes: [] });
  });

  it("a roll with overlap_hours signs with both secrets: X-Service-Signature and X-Service-Signature-Previous", async () => {
    const { base, endpoint, received } = await setup();
    const rolled = RolledWebhookSchema.parse((await expectStatus(await admin("POST", `${base}/roll-secret`, { overlap_hours: 2 }), 200)).data);
    expect(Date.parse(rolled.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(3_600_000);
    await testSend(base);
    const [request] = received;
    expect(request!.headers.get("X-Service-Signature-Previous")).toMatch(/^[0-9a-f]{64}$/);
    for (const secret of [rolled.secret, endpoint.secret]) {
      expect(await verifyWebhook(secret, request!.headers, request!.body, { scheme: "x-service" })).toMatchObject({ ok: true });
    }
    await expectError(await admin("POST", `${base}/roll-secret`, { overlap_hours: 48 }), 400, "bad_request");
  });

  it("re-sends a delivery as a new one with a fresh X-Service-Delivery, and filters the delivery log", async () => {
    let n = 0;
    const { base, received } = await setup(() => (++n === 1 ? respond.fail(500) : respond.ok()));
    const first = await testSend(base);
    expect(first.status).toBe("pending");
    const again = TestSendSchema.parse((await expectStatus(await admin("POST", `${base}/deliveries/${first.delivery_id}/resend`), 200)).data);
    expect(again).toMatchObject({ event_id: first.event_id, status: "delivered" });
    expect(received[1]!.headers.get("X-Service-Delivery")).toBe(again.delivery_id);
    expect(received[1]!.body).toBe(received[0]!.body);

    const list = async (query: string) =>
      z.array(DeliverySchema).parse((await expectStatus(await admin("GET", `${base}/deliveries${query}`), 200)).data);
    expect((await list("?status=delivered")).map((d) => [d.id, d.resend_of])).toEqual([[again.delivery_id, first.delivery_id]]);
    expect((await list("?status=pending")).map((d) => d.id)).toEqual([first.delivery_id]);
    expect(await list("?event_type=sale.created")).toEqual([]);
    await expectError(await admin("GET", `${base}/deliveries?status=unknown`), 400, "bad_request");
    await expectError(await admin("POST", `${base}/deliveries/whd_01jd3k9x2m4n5p6q7r8s9t0v1w/resend`), 404, "not_found");
  });

  it.each([
    ["eventType=sale.created", "eventType"],
    ["state=failed", "state"],
  ])("the delivery log refuses a filter it does not know (%s) with a 400 naming it, rather than listing every delivery", async (query, name) => {
    const { base } = await setup();
    await testSend(base);
    expect(await expectError(await admin("GET", `${base}/deliveries?${query}`), 400, "bad_request")).toBe(`${name}: unknown field`);
  });

  it("a session edits its own organisation's endpoint, named in the audit, and no other organisation's", async () => {
    const own = await setup();
    const other = await setup();
    const session = await signIn(own.orgId);
    await expectStatus(await asSession(session, "PATCH", own.base, { description: "mine" }), 200);
    expect((await detail(own.base)).changes[0]).toMatchObject({ action: "updated", actor: session.email });
    await expectError(await asSession(session, "PATCH", other.base, { disabled: true }), 404, "not_found");
    await expectError(
      await asSession(session, "PATCH", `/admin/api/orgs/${own.orgId}/webhooks/${other.endpoint.id}`, { disabled: true }),
      404,
      "not_found",
    );
    expect((await detail(other.base)).status).toBe("enabled");
  });
});

describe("the order of endpoints and their changes written in one millisecond", () => {
  it("lists endpoints registered in one millisecond newest first, in the reverse of the order they were registered", async () => {
    const { orgId, endpoint } = await setup();
    // Ids of one millisecond whose random parts sort opposite to the order written, a minute after the first.
    const at = Date.parse(endpoint.created_at) + 60_000;
    const written = sameMillisecondIds("whk", 3, at);
    for (const [i, id] of written.entries()) {
      await env.DB.prepare(
        "INSERT INTO webhook_endpoints (id, org_id, url, events, all_events, secret, created_at) VALUES (?, ?, ?, '[]', 1, 'sealed-v1:unused', ?)",
      )
        .bind(id, orgId, `https://hooks.example.com/${i}`, at)
        .run();
    }
    const listed = z.array(WebhookSchema).parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data);
    expect(listed.map((e) => e.id)).toEqual([written[2], written[1], written[0], endpoint.id]);
  });

  it("shows an endpoint's changes of one millisecond newest first, in the reverse of the order they were made", async () => {
    const { orgId, endpoint, base } = await setup();
    const at = Date.now();
    const written = sameMillisecondIds("whc", 3, at);
    for (const [i, id] of written.entries()) {
      await env.DB.prepare(
        "INSERT INTO webhook_endpoint_changes (id, endpoint_id, org_id, action, actor, detail, at) VALUES (?, ?, ?, 'updated', 'operator', ?, ?)",
      )
        .bind(id, endpoint.id, orgId, `change ${i}`, at)
        .run();
    }
    expect((await detail(base)).changes.map((c) => c.detail)).toEqual(["change 2", "change 1", "change 0"]);
  });
});
