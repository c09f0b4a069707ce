// A payment or credit note is checked before its write and again inside the write's own transaction. When the
// transaction's check refuses but the fresh read finds nothing wrong (a concurrent receipt took the room and was
// voided in between), the receipt is tried again, at most 3 times in all (docs/inventory-api.md, Settlement),
// then refused with 409 conflict_retry: nothing recorded, and the client sends it again.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { createCreditNote, createPayment } from "../../../src/inventory/ledger/receipt-queries";
import { newId } from "../../../src/platform/ids";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { expectError, expectStatus, INVENTORY } from "../helpers";
import { customer, lot, orgWithKey, q, sale } from "../stock-fixtures";
import { racedWrites } from "../../d1-race";

const ATTEMPTS_DOCUMENTED = 3;

/** An organisation with one invoice of 10 kg × ₹100 = ₹1,000.00 + 5 % IGST ₹50.00 = ₹1,050.00. */
async function invoice() {
  const { orgId } = await orgWithKey();
  const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
  const stock = await lot(orgId);
  const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]));
  return { orgId, customerId: buyer.id, saleId: booked.id };
}

/**
 * The database as the ledger's queries use it, raced: inside each write's own transaction another payment of
 * ₹100.00 lands on the invoice just before the write and is gone just after it. So the transaction's check sees
 * ₹950.00 outstanding and writes nothing, while every read outside the writes sees ₹1,050.00 and finds no reason
 * to refuse. The race stops after 10 writes, so code that retried without a bound records the receipt then
 * instead of looping for ever.
 */
function raced(d1: D1Database, inv: { orgId: string; customerId: string; saleId: string }) {
  let other = "";
  return racedWrites(d1, {
    before: () => {
      other = newId("pay", Date.now());
      return d1
        .prepare(
          "INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at) VALUES (?1, ?2, ?3, ?4, 10000, 'upi', NULL, '2026-01-01', 0)",
        )
        .bind(other, inv.orgId, inv.customerId, inv.saleId);
    },
    after: () => d1.prepare("DELETE FROM payments WHERE id = ?").bind(other),
  });
}

async function recorded(orgId: string, customerId: string) {
  const count = async (sql: string) => (await env.DB.prepare(sql).bind(orgId, customerId).first<{ n: number }>())!.n;
  return {
    payments: await count("SELECT COUNT(*) AS n FROM payments WHERE org_id = ?1 AND customer_id = ?2"),
    creditNotes: await count("SELECT COUNT(*) AS n FROM credit_notes WHERE org_id = ?1 AND customer_id = ?2"),
    invoicePaid: await count(
      "SELECT COUNT(*) AS n FROM events WHERE org_id = ?1 AND type = 'invoice.paid' AND json_extract(payload, '$.customer_id') = ?2",
    ),
  };
}

const today = () => new Date(Date.now() + 19_800_000).toISOString().slice(0, 10);

describe.each([
  [
    "a payment",
    (db: D1Database, inv: Awaited<ReturnType<typeof invoice>>) =>
      createPayment(
        db,
        inv.orgId,
        { customerId: inv.customerId, saleId: inv.saleId, amountPaise: 100_000, method: "neft", reference: null, paidOn: today() },
        Date.now(),
      ),
    { payments: 1, creditNotes: 0 },
  ],
  [
    "a credit note",
    (db: D1Database, inv: Awaited<ReturnType<typeof invoice>>) =>
      createCreditNote(
        db,
        inv.orgId,
        { customerId: inv.customerId, saleId: inv.saleId, amountPaise: 100_000, reason: null, issuedOn: today() },
        Date.now(),
      ),
    { payments: 0, creditNotes: 1 },
  ],
] as const)("%s of ₹1,000.00 on the ₹1,050.00 invoice, refused in its transaction while every fresh read allows it", (_, write, once) => {
  it("is tried 3 times, then answers `contended` with nothing recorded; tried again without the race, it is recorded", async () => {
    const inv = await invoice();
    const race = raced(env.DB, inv);
    expect(await write(race.db, inv)).toEqual({ kind: "contended" });
    expect(race.writes()).toBe(ATTEMPTS_DOCUMENTED);
    expect(await recorded(inv.orgId, inv.customerId)).toEqual({ payments: 0, creditNotes: 0, invoicePaid: 0 });

    expect(await write(env.DB, inv)).toMatchObject({ kind: "recorded" });
    // ₹1,000.00 of ₹1,050.00: the invoice is not paid yet.
    expect(await recorded(inv.orgId, inv.customerId)).toEqual({ ...once, invoicePaid: 0 });
  });
});

function post(path: string, body: unknown, idempotencyKey: string) {
  return fetchWorker(`${INVENTORY}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
}

describe.each([
  ["payments", { amount: "1050.00", method: "neft" }],
  ["credit-notes", { amount: "1050.00" }],
] as const)("POST /admin/api/orgs/{id}/%s when every write is refused in its transaction", (resource, receipt) => {
  it("answers 409 conflict_retry in the envelope, records nothing, keeps the answer for its Idempotency-Key", async () => {
    const inv = await invoice();
    const path = `/admin/api/orgs/${inv.orgId}/${resource}`;
    const body = { customer_id: inv.customerId, sale_id: inv.saleId, ...receipt };
    const key = crypto.randomUUID();
    // The database drops this customer's receipt rows (no row, no error), as a refusing check in the transaction does.
    const trigger = `drop_${resource.replace("-", "_")}_${inv.customerId}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON ${resource.replace("-", "_")} WHEN NEW.customer_id = ${q(inv.customerId)}
       BEGIN SELECT RAISE(IGNORE); END`,
    ).run();
    try {
      expect(await expectError(await post(path, body, key), 409, "conflict_retry")).toContain("send it again");
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect(await recorded(inv.orgId, inv.customerId)).toEqual({ payments: 0, creditNotes: 0, invoicePaid: 0 });

    const replayed = await post(path, body, key);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    await expectError(replayed, 409, "conflict_retry");
    // Sent again with a new key, the receipt of ₹1,050.00 is recorded and settles the invoice.
    await expectStatus(await post(path, body, crypto.randomUUID()), 201);
    expect((await recorded(inv.orgId, inv.customerId)).invoicePaid).toBe(1);
  });
});
