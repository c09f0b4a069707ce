// Every event the inventory service stores is delivered in exactly the shape its OpenAPI `webhooks` entry documents.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emitComplianceDue, INVENTORY_WEBHOOK_EVENTS } from "../../../src/inventory/webhooks/service";
import { INVENTORY_EVENT_PAYLOADS } from "../../../src/inventory/webhooks/payloads";
import { eventBody } from "../../../src/inventory/webhooks/queries";
import { admin, createOrg, expectStatus, INVENTORY } from "../helpers";
import { customer, lot, post, sale } from "../stock-fixtures";

describe("webhook payloads", () => {
  it("the document's webhooks section lists every event kind an endpoint can subscribe to, and the test event", async () => {
    const document = (await (await SELF.fetch(`${INVENTORY}/api/v1/openapi.json`)).json()) as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...INVENTORY_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it("each stored event's wire body passes its documented schema, which allows no other field", { timeout: 60_000 }, async () => {
    const orgId = await createOrg();
    const endpoint = await post<{ id: string }>(`/admin/api/orgs/${orgId}/webhooks`, { url: "https://hooks.example.com/inventory" });
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    // Threshold 500 kg by default: 600 kg, then 150 kg sold, crosses it.
    const stock = await lot(orgId, { kg: "600" });
    const paid = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "150", rate_per_kg: "100" }]); // ₹15,000 + 5 % GST
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: paid.id, amount: "15750", method: "neft" });
    await expectStatus(await admin("POST", `/admin/api/sales/${paid.id}/dispatch`), 200);
    const cancelled = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10" }]);
    await expectStatus(await admin("POST", `/admin/api/sales/${cancelled.id}/cancel`), 200);
    // 03:30 UTC on the 9th of a month: that month's GSTR-1 (the 11th) is within the lead days.
    await emitComplianceDue(env, Date.UTC(2026, 11, 9, 3, 30));
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks/${endpoint.id}/test`), 200);
    const mistaken = await post<{ id: string }>(`/admin/api/orgs/${orgId}/expenses`, { category: "Freight", amount: "100" });
    await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/expenses/${mistaken.id}/void`, { reason: "Entered twice" }), 200);

    const { results } = await env.DB.prepare("SELECT id, org_id, type, payload, created_at FROM events WHERE org_id = ?")
      .bind(orgId)
      .all<{ id: string; org_id: string; type: string; payload: string; created_at: number }>();
    const schemaOf = new Map(INVENTORY_EVENT_PAYLOADS.map((p) => [p.type, p.schema]));
    for (const event of results) {
      const body = eventBody({ id: event.id, ownerId: event.org_id, type: event.type, createdAt: event.created_at, data: JSON.parse(event.payload) });
      const parsed = schemaOf.get(event.type)!.safeParse(JSON.parse(body));
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
    expect(new Set(results.map((e) => e.type))).toEqual(new Set([...INVENTORY_WEBHOOK_EVENTS, "webhook.test"]));
  });
});
