// Every event, or a fixed list (tax): an endpoint registered without `events` takes every event type, those added
// after its list was stored included; an explicit list takes exactly its events; PATCH moves between the two,
// each move audited; asking for both is a 400 that changes nothing; every view says which the endpoint takes.
import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { webhookStore } from "../../../src/tax/webhooks/queries";
import {
  CreatedWebhookEndpointSchema,
  RolledWebhookEndpointSchema,
  WebhookEndpointDetailSchema,
  WebhookEndpointSchema,
} from "../../../src/tax/webhooks/schemas";
import taxWorker from "../../../src/tax/worker";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver } from "../../webhook-receiver";
import { admin, api, createKey, expectError, expectStatus } from "../helpers";

installReceivers();

const queueWorker = taxWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue">;

/** Every tax event (docs/webhooks.md, Events). */
const EVERY_EVENT = ["profile.saved", "profile.deleted", "plan.activated", "plan.deactivated"];
/** The tax events before plan.deactivated was added: what a registration without `events` stored then. */
const BEFORE_PLAN_DEACTIVATED = ["profile.saved", "profile.deleted", "plan.activated"];

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

async function register(key: string, body: Record<string, unknown>) {
  return CreatedWebhookEndpointSchema.parse((await expectStatus(await api("/api/v1/webhooks", key, json("POST", body)), 201)).data);
}

async function setup(body: Record<string, unknown> = {}) {
  const key = await createKey({ scopes: ["webhooks:manage"] });
  const { url, received } = receiver();
  const endpoint = await register(key.key, { url, ...body });
  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  return { key: key.key, email: key.email, accountId: account!.id, endpoint, received };
}

const detail = async (key: string, id: string) =>
  WebhookEndpointDetailSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}`, key), 200)).data);

const patch = async (key: string, id: string, body: unknown) =>
  WebhookEndpointSchema.parse((await expectStatus(await api(`/api/v1/webhooks/${id}`, key, json("PATCH", body)), 200)).data);

/** An outbox row of `type`, as the profile and billing writes insert them, fanned out: the deliveries it made. */
async function emit(accountId: string, type: string): Promise<string[]> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, owner_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, accountId, type, JSON.stringify({ accountId, plan: "free", paymentId: "pay_x", reason: "refund" }), Date.now())
    .run();
  return webhookStore.fanOutEvents(env.DB, [id], Date.now());
}

describe("an endpoint registered without events", () => {
  it("takes every event, also a type added after its list was stored", async () => {
    const { key, accountId, endpoint, received } = await setup();
    expect(endpoint).toMatchObject({ allEvents: true, events: EVERY_EVENT });
    // Stored as a registration before plan.deactivated existed stored it, now marked as taking every event.
    await env.DB.prepare("UPDATE webhook_endpoints SET events = ? WHERE id = ?").bind(JSON.stringify(BEFORE_PLAN_DEACTIVATED), endpoint.id).run();
    expect(await detail(key, endpoint.id)).toMatchObject({ allEvents: true, events: EVERY_EVENT });

    const [deliveryId] = await emit(accountId, "plan.deactivated");
    expect(deliveryId).toBeDefined();
    await consumeDelivery(queueWorker, "tax-webhooks", deliveryId!);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: "plan.deactivated", data: { accountId } });
    expect(await verifyWebhook(endpoint.secret, received[0]!.headers, received[0]!.body, { scheme: "service-signature" })).toMatchObject({
      ok: true,
    });
  });

  it("takes a type the service adds in future, which a list naming every event of today does not", async () => {
    const { key, accountId, endpoint } = await setup({ allEvents: true });
    expect(endpoint.allEvents).toBe(true);
    const listed = await register(key, { url: receiver().url, events: EVERY_EVENT });
    expect(listed).toMatchObject({ allEvents: false, events: EVERY_EVENT });

    const deliveries = await emit(accountId, "plan.renewed");
    const rows = await env.DB.prepare("SELECT endpoint_id FROM webhook_deliveries WHERE id = ?")
      .bind(deliveries[0] ?? "")
      .all();
    expect(deliveries).toHaveLength(1);
    expect(rows.results).toEqual([{ endpoint_id: endpoint.id }]);
  });
});

describe("an endpoint registered with events", () => {
  it("takes exactly that list: an event outside it makes no delivery", async () => {
    const { accountId, endpoint } = await setup({ events: BEFORE_PLAN_DEACTIVATED, allEvents: false });
    expect(endpoint).toMatchObject({ allEvents: false, events: BEFORE_PLAN_DEACTIVATED });
    expect(await emit(accountId, "plan.deactivated")).toEqual([]);
    expect(await emit(accountId, "plan.activated")).toHaveLength(1);
  });
});

describe("PATCH between every event and a fixed list", () => {
  it("events sets a fixed list, allEvents: true takes every event again, and each change is recorded", async () => {
    const { key, accountId, endpoint } = await setup();
    const keyId = (await env.DB.prepare("SELECT id FROM api_keys WHERE account_id = ?").bind(accountId).first<{ id: string }>())!.id;

    expect(await patch(key, endpoint.id, { events: ["plan.activated"] })).toMatchObject({ allEvents: false, events: ["plan.activated"] });
    expect(await emit(accountId, "plan.deactivated")).toEqual([]);

    expect(await patch(key, endpoint.id, { allEvents: true })).toMatchObject({ allEvents: true, events: EVERY_EVENT });
    expect(await emit(accountId, "plan.deactivated")).toHaveLength(1);

    // Already taking every event: no change, nothing recorded.
    await patch(key, endpoint.id, { allEvents: true });
    // A list naming every event of today is still a fixed list.
    expect(await patch(key, endpoint.id, { events: EVERY_EVENT, allEvents: false })).toMatchObject({ allEvents: false, events: EVERY_EVENT });
    expect(await emit(accountId, "plan.renewed")).toEqual([]);

    expect((await detail(key, endpoint.id)).changes).toEqual([
      {
        action: "updated",
        actor: `api_key:${keyId}`,
        detail: "events profile.saved, profile.deleted, plan.activated, plan.deactivated (no longer every event)",
        at: expect.any(String),
      },
      { action: "updated", actor: `api_key:${keyId}`, detail: "events every event, those added later included", at: expect.any(String) },
      { action: "updated", actor: `api_key:${keyId}`, detail: "events plan.activated (no longer every event)", at: expect.any(String) },
    ]);
  });

  it.each([
    [{ events: ["plan.activated"], allEvents: true }, "allEvents: true takes every event; send it without events"],
    [{ allEvents: false }, "allEvents: false needs events, the fixed list to take"],
    [{ allEvents: "yes" }, "allEvents: must be of type boolean"],
  ])("refuses %j with 400 %s and changes nothing", async (body, message) => {
    const { key, endpoint } = await setup();
    expect(await expectError(await api(`/api/v1/webhooks/${endpoint.id}`, key, json("PATCH", body)), 400, "validation_error")).toBe(message);
    expect(await detail(key, endpoint.id)).toMatchObject({ allEvents: true, events: EVERY_EVENT, changes: [] });
  });
});

describe("registering", () => {
  it.each([
    [{ events: ["plan.activated"], allEvents: true }, "allEvents: true takes every event; send it without events"],
    [{ allEvents: false }, "allEvents: false needs events, the fixed list to take"],
  ])("refuses %j with 400 %s and registers nothing", async (body, message) => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const refused = await api("/api/v1/webhooks", key, json("POST", { url: receiver().url, ...body }));
    expect(await expectError(refused, 400, "validation_error")).toBe(message);
    expect((await expectStatus(await api("/api/v1/webhooks", key), 200)).data).toEqual([]);
  });
});

describe("every view of an endpoint says whether it takes every event", () => {
  it("list, read, edit and roll, by API key and on the management API", async () => {
    const { key, email, endpoint } = await setup();
    const listed = await register(key, { url: receiver().url, events: ["profile.saved"] });
    const list = z.array(WebhookEndpointSchema).parse((await expectStatus(await api("/api/v1/webhooks", key), 200)).data);
    expect(list.map((e) => [e.id, e.allEvents, e.events])).toEqual([
      [listed.id, false, ["profile.saved"]],
      [endpoint.id, true, EVERY_EVENT],
    ]);
    const managed = await expectStatus(await admin("GET", `/admin/api/webhooks?accountEmail=${encodeURIComponent(email)}`), 200);
    expect(managed.data.map((e: { id: string; allEvents: boolean }) => [e.id, e.allEvents])).toEqual([
      [listed.id, false],
      [endpoint.id, true],
    ]);
    const rolled = RolledWebhookEndpointSchema.parse(
      (await expectStatus(await api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key, { method: "POST" }), 200)).data,
    );
    expect(rolled).toMatchObject({ allEvents: true, events: EVERY_EVENT });
    expect(await patch(key, listed.id, { description: "billing" })).toMatchObject({ allEvents: false, events: ["profile.saved"] });
  });
});
