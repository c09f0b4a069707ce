// The sample payloads the docs show a receiver are ones the service could send. GST is extra on the rate, and every
// yarn heading the service rates is at 5 % on 21 November 2026 (Notification 9/2025-Central Tax (Rate), in force
// 22 September 2025); the other rules are the events table's own.
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookSample } from "../../openapi-samples";
import { documentedExamples } from "../../webhook-docs";
import { createOrg, INVENTORY } from "../helpers";
import { customer, holdClockAt, ist, lot, sale } from "../stock-fixtures";

afterEach(() => vi.useRealTimers());

describe("docs/webhooks.md's sale.created example", () => {
  it("is a sale the service books: one line of 25.000 kg at ₹320.00 on 2026-11-21 totals the example's total_amount", async () => {
    const example = documentedExamples().get("sale.created") as { data: { kg: string; total_amount: string; items: number; sale_date: string } };
    expect(example.data).toMatchObject({ items: 1, kg: "25.000", sale_date: "2026-11-21" });
    // 25 kg × ₹320.00 = ₹8,000.00, GST extra at 5 %: ₹400.00; ₹8,400.00 in all.
    holdClockAt(ist(example.data.sale_date, "15:30"));
    const orgId = await createOrg();
    const stock = await lot(orgId, { kg: "100" });
    const booked = await sale(orgId, (await customer(orgId)).id, [{ lot_id: stock.id, kg: example.data.kg, rate_per_kg: "320.00" }], {
      sale_date: example.data.sale_date,
    });
    expect(booked.total_amount).toBe("8400.00");
    expect(example.data.total_amount).toBe(booked.total_amount);
  });
});

describe("the API reference's sample bodies (Swagger UI's Example Value, from the OpenAPI webhooks section)", () => {
  it("stock.low: kg_remaining is below threshold_kg (the event is sent only when stock falls below it)", async () => {
    const { data } = await webhookSample(INVENTORY, "stock.low");
    expect(Number(data.kg_remaining), `kg_remaining ${data.kg_remaining}, threshold_kg ${data.threshold_kg}`).toBeLessThan(Number(data.threshold_kg));
  });

  it("stock.low: a sale's event names the sale and no movement (movement_id null for a sale)", async () => {
    const { data } = await webhookSample(INVENTORY, "stock.low");
    if (data.cause === "sale") expect([data.sale_id !== null, data.movement_id]).toEqual([true, null]);
    else expect([data.sale_id, data.movement_id !== null]).toEqual([null, true]);
  });

  it("invoice.paid: names the one entry that completed the invoice; the other is null", async () => {
    const { data } = await webhookSample(INVENTORY, "invoice.paid");
    expect(
      [data.payment_id, data.credit_note_id].filter((v) => v === null),
      JSON.stringify(data),
    ).toHaveLength(1);
  });

  it("compliance.due: the sample's kind falls due on the sample's due_date for its period", async () => {
    const { data } = await webhookSample(INVENTORY, "compliance.due");
    // Monthly filer: GSTR-1 by the 11th, GSTR-3B by the 20th, TDS by the 7th of the next month (docs/webhooks.md, CGST rules 59/61, IT rule 30).
    const day = { gstr1: "11", gstr3b: "20", tds_deposit: "07" }[data.kind as "gstr1"];
    const [y, m] = (data.period as string).split("-").map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
    expect(`${data.kind} ${data.period} due ${data.due_date}`).toBe(`${data.kind} ${data.period} due ${next}-${day}`);
  });
});
