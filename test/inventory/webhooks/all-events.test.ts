// Every event, or a fixed list (inventory): an endpoint registered without `events` takes every event kind, those
// added after its list was stored included; an explicit list takes exactly its kinds; PATCH moves between the
// two, each move audited; asking for both is a 400 that changes nothing; every view says which it takes.
import { env } from "cloudflare:test";
import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { webhookStore } from "../../../src/inventory/webhooks/queries";
import { CreatedWebhookSchema, RolledWebhookSchema, WebhookDetailSchema, WebhookSchema } from "../../../src/inventory/webhooks/schemas";
import inventoryWorker from "../../../src/inventory/worker";
import { verifyWebhook } from "../../../src/platform/webhooks/verify";
import { consumeDelivery } from "../../webhook-queue";
import { installReceivers, receiver } from "../../webhook-receiver";
import { admin, asSession, createOrg, expectError, expectStatus, signIn } from "../helpers";

installReceivers();

const worker = inventoryWorker as Pick<Required<ExportedHandler<Record<string, unknown>>>, "queue">;

/** Every inventory event (docs/webhooks.md, Events). */
const EVERY_EVENT = [
  "sale.created",
  "sale.cancelled",
  "sale.dispatched",
  "invoice.paid",
  "customer.created",
  "stock.low",
  "compliance.due",
  "entry.voided",
];
/** The inventory events before entry.voided was added: what a registration without `events` stored then. */
const BEFORE_ENTRY_VOIDED = EVERY_EVENT.filter((e) => e !== "entry.voided");

async function register(orgId: string, body: Record<string, unknown>) {
  return CreatedWebhookSchema.parse((await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, body), 201)).data);
}

async function setup(body: Record<string, unknown> = {}) {
  const orgId = await createOrg();
  const { url, received } = receiver();
  const endpoint = await register(orgId, { url, ...body });
  return { orgId, endpoint, received, base: `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}` };
}

const detail = async (base: string) => WebhookDetailSchema.parse((await expectStatus(await admin("GET", base), 200)).data);
const patch = async (base: string, body: unknown) => WebhookSchema.parse((await expectStatus(await admin("PATCH", base, body), 200)).data);

/** An outbox row of `type`, as the back-office writes insert them, fanned out: the deliveries it made. */
async function emit(orgId: string, type: string): Promise<string[]> {
  const id = `evt_${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO events (id, org_id, type, payload, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, orgId, type, JSON.stringify({ kind: "payment", id: "pay_x", amount: "500.00", reason: "bounced" }), Date.now())
    .run();
  return webhookStore.fanOutEvents(env.DB, [id], Date.now());
}

describe("an endpoint registered without events", () => {
  it("takes every event, also a kind added after its list was stored", async () => {
    const { orgId, endpoint, received, base } = await setup();
    expect(endpoint).toMatchObject({ all_events: true, events: EVERY_EVENT });
    // Stored as a registration before entry.voided existed stored it, now marked as taking every event.
    await env.DB.prepare("UPDATE webhook_endpoints SET events = ? WHERE id = ?").bind(JSON.stringify(BEFORE_ENTRY_VOIDED), endpoint.id).run();
    expect(await detail(base)).toMatchObject({ all_events: true, events: EVERY_EVENT });

    const [deliveryId] = await emit(orgId, "entry.voided");
    expect(deliveryId).toBeDefined();
    await consumeDelivery(worker, "inventory-webhooks", deliveryId!);
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ type: "entry.voided", org_id: orgId });
    expect(await verifyWebhook(endpoint.secret, received[0]!.headers, received[0]!.body, { scheme: "x-service" })).toMatchObject({ ok: true });
  });

  it("takes a kind the service adds in future, which a list naming every kind of today does not", async () => {
    const { orgId, endpoint } = await setup({ all_events: true });
    expect(endpoint.all_events).toBe(true);
    const listed = await register(orgId, { url: receiver().url, events: EVERY_EVENT });
    expect(listed).toMatchObject({ all_events: false, events: EVERY_EVENT });

    const deliveries = await emit(orgId, "stock.reordered");
    expect(deliveries).toHaveLength(1);
    const rows = await env.DB.prepare("SELECT endpoint_id FROM webhook_deliveries WHERE id = ?").bind(deliveries[0]!).all();
    expect(rows.results).toEqual([{ endpoint_id: endpoint.id }]);
  });

  it("gets the daily compliance.due whatever its stored list, which a list without it does not", async () => {
    const every = await setup();
    await env.DB.prepare("UPDATE webhook_endpoints SET events = ? WHERE id = ?")
      .bind(JSON.stringify(["sale.created"]), every.endpoint.id)
      .run();
    const listed = await setup({ events: ["sale.created"] });
    const owners = await webhookStore.ownersSubscribedTo(env.DB, "compliance.due");
    expect(owners).toContain(every.orgId);
    expect(owners).not.toContain(listed.orgId);
  });
});

describe("an endpoint registered with events", () => {
  it("takes exactly that list: an event outside it makes no delivery", async () => {
    const { orgId, endpoint } = await setup({ events: BEFORE_ENTRY_VOIDED, all_events: false });
    expect(endpoint).toMatchObject({ all_events: false, events: BEFORE_ENTRY_VOIDED });
    expect(await emit(orgId, "entry.voided")).toEqual([]);
    expect(await emit(orgId, "sale.created")).toHaveLength(1);
  });
});

describe("PATCH between every event and a fixed list", () => {
  it("events sets a fixed list, all_events: true takes every event again, and each change is recorded", async () => {
    const { orgId, base } = await setup();
    expect(await patch(base, { events: ["invoice.paid"] })).toMatchObject({ all_events: false, events: ["invoice.paid"] });
    expect(await emit(orgId, "entry.voided")).toEqual([]);

    expect(await patch(base, { all_events: true })).toMatchObject({ all_events: true, events: EVERY_EVENT });
    expect(await emit(orgId, "entry.voided")).toHaveLength(1);

    // Already taking every event: no change, nothing recorded.
    await patch(base, { all_events: true });
    // A list naming every kind of today is still a fixed list.
    expect(await patch(base, { events: EVERY_EVENT, all_events: false })).toMatchObject({ all_events: false, events: EVERY_EVENT });
    expect(await emit(orgId, "stock.reordered")).toEqual([]);

    expect((await detail(base)).changes).toEqual([
      { action: "updated", actor: "operator", detail: `events ${EVERY_EVENT.join(", ")} (no longer every event)`, at: expect.any(String) },
      { action: "updated", actor: "operator", detail: "events every event, those added later included", at: expect.any(String) },
      { action: "updated", actor: "operator", detail: "events invoice.paid (no longer every event)", at: expect.any(String) },
    ]);
  });

  it("a session moves its own organisation's endpoint back to every event, named in the audit", async () => {
    const { orgId, base } = await setup({ events: ["sale.created"] });
    const session = await signIn(orgId);
    const moved = WebhookSchema.parse((await expectStatus(await asSession(session, "PATCH", base, { all_events: true }), 200)).data);
    expect(moved).toMatchObject({ all_events: true, events: EVERY_EVENT });
    expect((await detail(base)).changes[0]).toMatchObject({ actor: session.email, detail: "events every event, those added later included" });
  });

  it.each([
    [{ events: ["invoice.paid"], all_events: true }, "all_events: true takes every event; send it without events"],
    [{ all_events: false }, "all_events: false needs events, the fixed list to take"],
    [{ all_events: 1 }, "all_events: must be of type boolean"],
    [{ allEvents: true }, "allEvents: unknown field"],
  ])("refuses %j with 400 %s and changes nothing", async (body, message) => {
    const { base } = await setup();
    expect(await expectError(await admin("PATCH", base, body), 400, "bad_request")).toBe(message);
    expect(await detail(base)).toMatchObject({ all_events: true, events: EVERY_EVENT, changes: [] });
  });
});

describe("registering", () => {
  it.each([
    [{ events: ["invoice.paid"], all_events: true }, "all_events: true takes every event; send it without events"],
    [{ all_events: false }, "all_events: false needs events, the fixed list to take"],
  ])("refuses %j with 400 %s and registers nothing", async (body, message) => {
    const orgId = await createOrg();
    const refused = await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url, ...body });
    expect(await expectError(refused, 400, "bad_request")).toBe(message);
    expect((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data).toEqual([]);
  });
});

describe("every view of an endpoint says whether it takes every event", () => {
  it("list, read, edit and roll", async () => {
    const { orgId, endpoint, base } = await setup();
    const listed = await register(orgId, { url: receiver().url, events: ["stock.low"] });
    const list = z.array(WebhookSchema).parse((await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/webhooks`), 200)).data);
    expect(list.map((e) => [e.id, e.all_events, e.events])).toEqual([
      [listed.id, false, ["stock.low"]],
      [endpoint.id, true, EVERY_EVENT],
    ]);
    const rolled = RolledWebhookSchema.parse((await expectStatus(await admin("POST", `${base}/roll-secret`), 200)).data);
    expect(rolled).toMatchObject({ all_events: true, events: EVERY_EVENT });
    expect(await patch(`/admin/api/orgs/${orgId}/webhooks/${listed.id}`, { description: "stores" })).toMatchObject({
      all_events: false,
      events: ["stock.low"],
    });
  });
});
