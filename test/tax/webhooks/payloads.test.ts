// Every event the tax service stores is delivered in exactly the shape its OpenAPI `webhooks` entry and
// docs/webhooks.md document, once per change, and never for a refused request, a replayed payment or a replayed
// won dispute.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { beforeAll, describe, expect, it } from "vitest";
import { TAX_WEBHOOK_EVENTS } from "../../../src/tax/webhooks/events";
import { TAX_EVENT_PAYLOADS } from "../../../src/tax/webhooks/payloads";
import { eventBody } from "../../../src/tax/webhooks/queries";
import { documentedEvents, documentedExamples, shapeOf } from "../../webhook-docs";
import { api, billing, capture, createKey, expectStatus, PRICE_PAISE, TAX } from "../helpers";

const profile = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_800_000 }, deductions: { section80C: 150_000 } };

interface WireEvent {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** Each kind's events as a receiver gets them, from one account's flow that emits every kind. */
let delivered: Map<string, WireEvent[]>;

/** How many of each kind the flow's changes must emit: one per change, none for refusals and replays. */
const EXPECTED_COUNTS: Record<string, number> = {
  "profile.saved": 2,
  "profile.deleted": 1,
  "plan.activated": 3,
  "plan.deactivated": 2,
  "webhook.test": 1,
};

beforeAll(async () => {
  const key = await createKey();
  const save = (body: unknown) => api("/api/v1/profiles", key.key, { method: "POST", body: JSON.stringify(body) });
  const saved = await expectStatus<{ data: { id: string } }>(await save({ label: "FY 2025-26", profile, financialYear: "2025-26" }), 201);
  await expectStatus(await save({ label: "FY 2025-26", profile: { ...profile, age: 61 }, financialYear: "2025-26" }), 200);
  await expectStatus(await save({ label: "Refused", profile: { ...profile, age: -1 }, financialYear: "2025-26" }), 400);
  await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key.key, { method: "DELETE" }), 200);
  await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key.key, { method: "DELETE" }), 404);
  // A Razorpay payment id: `pay_` and 14 alphanumerics, as in the guide's example.
  const paymentId = `pay_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  await capture(key.email, paymentId);
  await capture(key.email, paymentId);
  const refund = { refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR" } } };
  await billing("refund.processed", refund);
  await billing("refund.processed", refund);
  // A second payment, disputed and then won: the win gives the time back with one more plan.activated.
  const disputedId = `pay_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  await capture(key.email, disputedId);
  const dispute = { dispute: { entity: { id: `disp_${crypto.randomUUID()}`, payment_id: disputedId, amount: PRICE_PAISE, currency: "INR" } } };
  await billing("payment.dispute.created", dispute);
  await billing("payment.dispute.won", dispute);
  await billing("payment.dispute.won", dispute);
  const endpoint = await expectStatus<{ data: { id: string } }>(
    await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url: "https://hooks.example.com/tax" }) }),
    201,
  );
  await expectStatus(await api(`/api/v1/webhooks/${endpoint.data.id}/test`, key.key, { method: "POST" }), 200);

  const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
  const { results } = await env.DB.prepare("SELECT id, owner_id, type, payload, created_at FROM events WHERE owner_id = ?")
    .bind(account!.id)
    .all<{ id: string; owner_id: string; type: string; payload: string; created_at: number }>();
  delivered = new Map();
  for (const row of results) {
    const body = eventBody({ id: row.id, ownerId: row.owner_id, type: row.type, createdAt: row.created_at, data: JSON.parse(row.payload) });
    delivered.set(row.type, [...(delivered.get(row.type) ?? []), JSON.parse(body) as WireEvent]);
  }
});

describe("webhook payloads", () => {
  it("the document's webhooks section lists every event kind an endpoint can subscribe to, and the test event", async () => {
    const document = (await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json()) as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...TAX_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it("each stored event's wire body passes its documented schema, which allows no other field", () => {
    const schemaOf = new Map(TAX_EVENT_PAYLOADS.map((p) => [p.type, p.schema]));
    for (const event of [...delivered.values()].flat()) {
      const parsed = schemaOf.get(event.type)!.safeParse(event);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("each change emits its event once, and a refused request or a replayed payment emits none", () => {
    expect(Object.fromEntries([...delivered].map(([type, events]) => [type, events.length]))).toEqual(EXPECTED_COUNTS);
  });

  it("the guide's Events table names exactly the kinds the service emits", () => {
    expect(
      documentedEvents("Tax")
        .map((e) => e.type)
        .sort(),
    ).toEqual([...TAX_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it.each(documentedEvents("Tax"))("$type carries exactly the guide's data fields", ({ type, fields }) => {
    for (const event of delivered.get(type)!) expect(Object.keys(event.data).sort(), JSON.stringify(event)).toEqual([...fields].sort());
  });

  it.each([...documentedExamples()].filter(([, example]) => "createdAt" in example))(
    "the guide's %s example has the delivered body's fields, ids, values and times",
    (type, example) => {
      for (const event of delivered.get(type)!) expect(shapeOf(event, example)).toEqual(shapeOf(example));
    },
  );

  it("plan.deactivated's reason is one the document lists", async () => {
    const document = (await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: { data: { properties: { reason: { enum?: string[] } } } } }> };
    };
    const reasons = document.components.schemas.TaxEvent_plan_deactivated!.properties.data.properties.reason.enum;
    expect(reasons).toEqual(["refund", "dispute"]);
    for (const event of delivered.get("plan.deactivated")!) expect(reasons).toContain(event.data.reason);
  });
});
