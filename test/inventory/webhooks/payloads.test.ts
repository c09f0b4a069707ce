// Every event the inventory service stores is delivered in exactly the shape its OpenAPI `webhooks` entry and
// docs/webhooks.md document, once per change, and never for a refused request.
import { parseInventoryEnv } from "../../../src/inventory/env";
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { beforeAll, describe, expect, it } from "vitest";
import { complianceDatesBetween } from "../../../src/inventory/domain/compliance";
import { emitComplianceDue, INVENTORY_WEBHOOK_EVENTS } from "../../../src/inventory/webhooks/service";
import { INVENTORY_EVENT_PAYLOADS } from "../../../src/inventory/webhooks/payloads";
import { eventBody } from "../../../src/inventory/webhooks/queries";
import apiGuide from "../../../docs/inventory-api.md?raw";
import { documentedEvents, documentedExamples, shapeOf } from "../../webhook-docs";
import { admin, createOrg, expectStatus, INVENTORY } from "../helpers";
import { customer, lot, post, sale } from "../stock-fixtures";

interface WireEvent {
  id: string;
  type: string;
  created_at: string;
  org_id: string;
  data: Record<string, unknown>;
}

/** Each kind's events as a receiver gets them, from one organisation's flow that emits every kind. */
let delivered: Map<string, WireEvent[]>;

/** How many of each kind the flow's changes must emit: one per change, none for its refused requests. */
const EXPECTED_COUNTS: Record<string, number> = {
  "customer.created": 1,
  "sale.created": 3,
  "stock.low": 1,
  "invoice.paid": 2,
  "sale.dispatched": 1,
  "sale.cancelled": 1,
  "compliance.due": 1,
  "entry.voided": 1,
  "webhook.test": 1,
};

beforeAll(async () => {
  const orgId = await createOrg();
  const orgs = `/admin/api/orgs/${orgId}`;
  const endpoint = await post<{ id: string }>(`${orgs}/webhooks`, { url: "https://hooks.example.com/inventory" });
  const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
  await expectStatus(await admin("POST", `${orgs}/customers`, { name: "Bad GSTIN", gstin: "33AAECG4315R1ZX" }), 400);
  // Threshold 500 kg by default: 600 kg, then 150 kg sold, crosses it.
  const stock = await lot(orgId, { kg: "600" });
  await expectStatus(
    await admin("POST", `${orgs}/sales`, { customer_id: buyer.id, items: [{ lot_id: stock.id, kg: "601", rate_per_kg: "100" }] }),
    409,
  );
  const paid = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "150", rate_per_kg: "100" }]); // ₹15,000 + 5 % GST
  await post(`${orgs}/payments`, { customer_id: buyer.id, sale_id: paid.id, amount: "15750", method: "neft" });
  await expectStatus(await admin("POST", `${orgs}/payments`, { customer_id: buyer.id, sale_id: paid.id, amount: "1", method: "neft" }), 409);
  await expectStatus(await admin("POST", `/admin/api/sales/${paid.id}/dispatch`), 200);
  await expectStatus(await admin("POST", `/admin/api/sales/${paid.id}/dispatch`), 409);
  await expectStatus(await admin("POST", `/admin/api/sales/${paid.id}/cancel`), 409);
  const cancelled = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10" }]);
  await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 200);
  await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 409);
  // A credit note for the whole invoice settles it too: invoice.paid names the note, not a payment.
  const credited = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]); // ₹1,000 + 5 % GST
  await post(`${orgs}/credit-notes`, { customer_id: buyer.id, sale_id: credited.id, amount: "1050.00" });
  // 03:30 UTC on the 9th of a month: that month's GSTR-1 (the 11th) is within the lead days; a second run adds nothing.
  await emitComplianceDue(parseInventoryEnv(env), Date.UTC(2026, 11, 9, 3, 30));
  await emitComplianceDue(parseInventoryEnv(env), Date.UTC(2026, 11, 10, 3, 30));
  await expectStatus(await admin("POST", `${orgs}/webhooks/${endpoint.id}/test`), 200);
  const mistaken = await post<{ id: string }>(`${orgs}/expenses`, { category: "Freight", amount: "100" });
  await expectStatus(await admin("POST", `${orgs}/expenses/${mistaken.id}/void`, { reason: "Entered twice" }), 200);
  await expectStatus(await admin("POST", `${orgs}/expenses/${mistaken.id}/void`, { reason: "Entered twice" }), 409);

  const { results } = await env.DB.prepare("SELECT id, org_id, type, payload, created_at FROM events WHERE org_id = ?")
    .bind(orgId)
    .all<{ id: string; org_id: string; type: string; payload: string; created_at: number }>();
  delivered = new Map();
  for (const row of results) {
    const body = eventBody({ id: row.id, ownerId: row.org_id, type: row.type, createdAt: row.created_at, data: JSON.parse(row.payload) });
    delivered.set(row.type, [...(delivered.get(row.type) ?? []), JSON.parse(body) as WireEvent]);
  }
}, 60_000);

describe("webhook payloads", () => {
  it("the document's webhooks section lists every event kind an endpoint can subscribe to, and the test event", async () => {
    const document = (await (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json()) as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...INVENTORY_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it("each stored event's wire body passes its documented schema, which allows no other field", () => {
    const schemaOf = new Map(INVENTORY_EVENT_PAYLOADS.map((p) => [p.type, p.schema]));
    for (const event of [...delivered.values()].flat()) {
      const parsed = schemaOf.get(event.type)!.safeParse(event);
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("each change emits its event once, and a refused request emits none", () => {
    expect(Object.fromEntries([...delivered].map(([type, events]) => [type, events.length]))).toEqual(EXPECTED_COUNTS);
  });

  it("the guide's Events table names exactly the kinds the service emits", () => {
    expect(
      documentedEvents("Inventory")
        .map((e) => e.type)
        .sort(),
    ).toEqual([...INVENTORY_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it.each(documentedEvents("Inventory"))("$type carries exactly the guide's data fields", ({ type, fields }) => {
    for (const event of delivered.get(type)!) expect(Object.keys(event.data).sort(), JSON.stringify(event)).toEqual([...fields].sort());
  });

  it.each([...documentedExamples()].filter(([, example]) => "org_id" in example))(
    "the guide's %s example has the delivered body's fields, ids, number formats and times",
    (type, example) => {
      for (const event of delivered.get(type)!) expect(shapeOf(event, example)).toEqual(shapeOf(example));
    },
  );

  it.each(INVENTORY_EVENT_PAYLOADS.map((p) => [p.type, p.schema] as const))(
    "the OpenAPI examples of %s's ids have the real prefixes",
    async (type) => {
      const document = (await (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json()) as {
        components: { schemas: Record<string, { properties: { data: { properties: Record<string, { example?: unknown }> } } }> };
      };
      const properties = document.components.schemas[`InventoryEvent_${type.replace(".", "_")}`]!.properties.data.properties;
      for (const event of delivered.get(type)!) {
        for (const [field, { example }] of Object.entries(properties)) {
          const value = event.data[field];
          // `id` of entry.voided is whichever entry was voided: only the fields naming one kind of id are compared.
          if (!field.endsWith("_id") || typeof example !== "string" || typeof value !== "string") continue;
          expect(`${field}: ${value.split("_")[0]}_`).toBe(`${field}: ${example.split("_")[0]}_`);
        }
      }
    },
  );

  it("the OpenAPI example of compliance.due pairs a period with a due date that period really has", async () => {
    const document = (await (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties: { data: { properties: Record<string, { example?: string }> } } }> };
    };
    const { period, due_date } = document.components.schemas.InventoryEvent_compliance_due!.properties.data.properties;
    // Every obligation of a period falls due in the next month (GSTR-1 11th, GSTR-3B 20th, TDS 7th or 30 April).
    const dueThatDay = complianceDatesBetween(due_date!.example!, due_date!.example!).map((d) => d.period);
    expect(dueThatDay, `${period!.example} due ${due_date!.example}`).toContain(period!.example);
  });

  it("the API guide's outbox list names each kind's data fields as delivered", () => {
    const listed = apiGuide.split("**Events written (outbox).**")[1]!.split("\n\n")[0]!.replaceAll("\n", " ");
    const kinds = [...listed.matchAll(/`([a-z]+\.[a-z]+)` \{([^}]*)\}/g)];
    expect(kinds.length).toBeGreaterThan(0);
    for (const [, type, fields] of kinds) {
      for (const event of delivered.get(type!)!)
        expect([type, ...Object.keys(event.data).sort()]).toEqual([
          type,
          ...fields!
            .split(",")
            .map((f) => f.trim())
            .sort(),
        ]);
    }
  });
});
