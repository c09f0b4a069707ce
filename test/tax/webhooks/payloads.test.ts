// Every event the tax service stores is delivered in exactly the shape its OpenAPI `webhooks` entry documents.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TAX_WEBHOOK_EVENTS } from "../../../src/tax/webhooks/events";
import { TAX_EVENT_PAYLOADS } from "../../../src/tax/webhooks/payloads";
import { eventBody } from "../../../src/tax/webhooks/queries";
import { api, billing, capture, createKey, expectStatus, PRICE_PAISE, TAX } from "../helpers";

const profile = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_800_000 }, deductions: { section80C: 150_000 } };

describe("webhook payloads", () => {
  it("the document's webhooks section lists every event kind an endpoint can subscribe to, and the test event", async () => {
    const document = (await (await SELF.fetch(`${TAX}/api/v1/openapi.json`)).json()) as { webhooks: Record<string, unknown> };
    expect(Object.keys(document.webhooks).sort()).toEqual([...TAX_WEBHOOK_EVENTS, "webhook.test"].sort());
  });

  it("each stored event's wire body passes its documented schema, which allows no other field", async () => {
    const key = await createKey();
    const saved = await expectStatus<{ data: { id: string } }>(
      await api("/api/v1/profiles", key.key, { method: "POST", body: JSON.stringify({ label: "FY 2025-26", profile, financialYear: "2025-26" }) }),
      201,
    );
    await expectStatus(await api(`/api/v1/profiles/${saved.data.id}`, key.key, { method: "DELETE" }), 200);
    const paymentId = `pay_${crypto.randomUUID()}`;
    await capture(key.email, paymentId);
    await billing("refund.processed", {
      refund: { entity: { id: `rfnd_${crypto.randomUUID()}`, payment_id: paymentId, amount: PRICE_PAISE, currency: "INR" } },
    });
    const endpoint = await expectStatus<{ data: { id: string } }>(
      await api("/api/v1/webhooks", key.key, { method: "POST", body: JSON.stringify({ url: "https://hooks.example.com/tax" }) }),
      201,
    );
    await expectStatus(await api(`/api/v1/webhooks/${endpoint.data.id}/test`, key.key, { method: "POST" }), 200);

    const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(key.email).first<{ id: string }>();
    const { results } = await env.DB.prepare("SELECT id, owner_id, type, payload, created_at FROM events WHERE owner_id = ?")
      .bind(account!.id)
      .all<{ id: string; owner_id: string; type: string; payload: string; created_at: number }>();
    const schemaOf = new Map(TAX_EVENT_PAYLOADS.map((p) => [p.type, p.schema]));
    for (const event of results) {
      const body = eventBody({
        id: event.id,
        ownerId: event.owner_id,
        type: event.type,
        createdAt: event.created_at,
        data: JSON.parse(event.payload),
      });
      const parsed = schemaOf.get(event.type)!.safeParse(JSON.parse(body));
      expect(parsed.success, `${event.type}: ${parsed.error?.message}`).toBe(true);
    }
    expect(new Set(results.map((e) => e.type))).toEqual(new Set([...TAX_WEBHOOK_EVENTS, "webhook.test"]));
  });
});
