// Voiding ledger entries: a voided payment, credit note, expense, mill invoice or mill payment stays on record
// with who voided it and why, and stops counting everywhere (settlement, balances, payables, exports, the cash
// limit); a voided receipt re-opens the invoice it had completed; each void is audited and emits entry.voided.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { voidStatements } from "../../../src/inventory/ledger/void-queries";
import { CustomerBalancesPageSchema, SupplierPayablesPageSchema } from "../../../src/inventory/ledger/schemas";
import { SaleSchema } from "../../../src/inventory/sales/schemas";
import { addDays, istDateOf } from "../../../src/inventory/domain/ist";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, asSession, expectError, expectStatus, signIn } from "../helpers";
import { customer, lot, orgWithKey, post, sale } from "../stock-fixtures";

async function eventsOf(orgId: string, type: string) {
  const { results } = await env.DB.prepare("SELECT payload, dedupe_key AS dedupeKey FROM events WHERE org_id = ?1 AND type = ?2 ORDER BY id")
    .bind(orgId, type)
    .all<{ payload: string; dedupeKey: string | null }>();
  return results.map((r) => ({ ...r, payload: JSON.parse(r.payload) as Record<string, unknown> }));
}

const voidIt = (orgId: string, path: string, id: string, reason = "Entered twice") =>
  admin("POST", `/admin/api/orgs/${orgId}/${path}/${id}/void`, { reason });

/** One invoice of 10 kg × ₹100 = ₹1,000.00 + 5 % IGST ₹50.00 = ₹1,050.00. */
async function invoice() {
  const { orgId, key } = await orgWithKey();
  const buyer = await customer(orgId, { name: "Kumaran Knit Fabrics", gstin: "33AAECG4315R1ZE" });
  const stock = await lot(orgId);
  const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]));
  return { orgId, key, buyerId: buyer.id, saleId: booked.id };
}

async function saleOf(key: string, saleId: string) {
  return SaleSchema.parse((await expectStatus(await api(`/api/v1/sales/${saleId}`, key), 200)).data);
}

async function outstandingOf(key: string, customerId: string): Promise<string> {
  const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
  return page.data.find((c) => c.id === customerId)!.outstanding;
}

describe("voiding a payment", () => {
  it("re-opens the invoice it completed, is audited and announced; settling again sends a new invoice.paid", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const paid = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "1050", method: "upi" });
    expect((await saleOf(key, saleId)).paid_at).not.toBeNull();
    expect(await outstandingOf(key, buyerId)).toBe("0.00");

    const voided = await expectStatus(await voidIt(orgId, "payments", paid.id, "Cheque bounced"), 200);
    expect(voided.data).toMatchObject({ kind: "payment", id: paid.id, void_reason: "Cheque bounced", voided_by: "operator" });
    expect((await saleOf(key, saleId)).paid_at).toBeNull();
    expect(await outstandingOf(key, buyerId)).toBe("1050.00");
    const audit = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data[0]).toMatchObject({ action: "payment.voided", actor: "operator", reason: `${paid.id}: Cheque bounced` });
    expect((await eventsOf(orgId, "entry.voided")).map((e) => e.payload)).toEqual([
      { kind: "payment", id: paid.id, amount: "1050.00", reason: "Cheque bounced", voided_by: "operator", sale_id: saleId },
    ]);

    const again = await expectError(await voidIt(orgId, "payments", paid.id), 409, "conflict");
    expect(again).toContain("already voided");
    expect(await eventsOf(orgId, "entry.voided")).toHaveLength(1);

    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "1050", method: "neft" });
    expect((await saleOf(key, saleId)).paid_at).not.toBeNull();
    expect((await eventsOf(orgId, "invoice.paid")).map((e) => e.dedupeKey)).toEqual([`invoice.paid:${saleId}`, `invoice.paid:${saleId}:1`]);
  });

  it("a voided cash receipt no longer counts toward the ₹2,00,000-a-day cash limit (s.269ST)", async () => {
    const { orgId, buyerId } = await invoice();
    const cash = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, amount: "150000", method: "cash" });
    const refused = await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, amount: "60000", method: "cash" });
    await expectError(refused, 409, "cash_receipt_limit");
    await expectStatus(await voidIt(orgId, "payments", cash.id, "Typed 1,50,000 for 15,000"), 200);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, amount: "60000", method: "cash" });
  });
});

describe("voiding a credit note", () => {
  it("takes it out of settlement: the invoice owes it again, and a new credit note may cover it", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "1050" });
    expect((await saleOf(key, saleId)).paid_at).not.toBeNull();
    await expectStatus(await voidIt(orgId, "credit-notes", note.id, "Issued against the wrong invoice"), 200);
    expect((await saleOf(key, saleId)).paid_at).toBeNull();
    expect(await outstandingOf(key, buyerId)).toBe("1050.00");
    // The voided note no longer uses up the invoice's credit: a new one of the full amount is accepted.
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "1050" });
  });

  it("that re-opened nothing lets no later receipt announce the invoice paid again", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "1050", method: "neft" });
    // Against the paid invoice, a credit note goes wholly on the customer's account; voiding it re-opens nothing.
    const onAccount = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "100" });
    expect(onAccount.amount_on_account).toBe("100.00");
    await expectStatus(await voidIt(orgId, "credit-notes", onAccount.id), 200);
    expect((await saleOf(key, saleId)).paid_at).not.toBeNull();
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "100" });
    expect((await eventsOf(orgId, "invoice.paid")).map((e) => e.dedupeKey)).toEqual([`invoice.paid:${saleId}`]);
  });
});

describe("two voids of one entry in the same millisecond by the same actor", () => {
  it("record one void: one entry.voided event, one audit entry, the first void's reason", async () => {
    const { orgId, buyerId, saleId } = await invoice();
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "100" });
    // Both requests read the note unvoided, then their batches run one after the other, at the same instant.
    const at = Date.now();
    const entry = { kind: "credit_note" as const, id: note.id, amountPaise: 10_000, saleId };
    const first = voidStatements(env.DB, orgId, entry, { reason: "Entered twice", actor: "operator" }, at);
    const second = voidStatements(env.DB, orgId, entry, { reason: "Wrong customer", actor: "operator" }, at);
    await env.DB.batch(first.statements);
    await env.DB.batch(second.statements);

    expect((await eventsOf(orgId, "entry.voided")).map((e) => e.payload)).toEqual([
      { kind: "credit_note", id: note.id, amount: "100.00", reason: "Entered twice", voided_by: "operator", sale_id: saleId },
    ]);
    const audit = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data.filter((a: { action: string }) => a.action === "credit_note.voided")).toEqual([
      expect.objectContaining({ reason: `${note.id}: Entered twice` }),
    ]);
  });
});

describe("cancelling an invoice with credit notes", () => {
  it("voids its credit notes in the same step, each audited and announced as voided; its payments go on account", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const { invoice_number: invoiceNumber } = await saleOf(key, saleId);
    const rate = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "200", reason: "Rate" });
    const mistaken = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "100" });
    await expectStatus(await voidIt(orgId, "credit-notes", mistaken.id, "Entered twice"), 200);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "500", method: "upi" });

    // Two cancels at once: one wins, and the note is voided once.
    const cancels = await Promise.all([admin("POST", `/admin/api/sales/${saleId}/cancel`), admin("POST", `/admin/api/sales/${saleId}/cancel`)]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);

    const reason = `invoice ${invoiceNumber} cancelled`;
    expect((await eventsOf(orgId, "entry.voided")).map((e) => e.payload)).toEqual([
      { kind: "credit_note", id: mistaken.id, amount: "100.00", reason: "Entered twice", voided_by: "operator", sale_id: saleId },
      { kind: "credit_note", id: rate.id, amount: "200.00", reason, voided_by: "operator", sale_id: saleId },
    ]);
    const audit = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data.filter((a: { action: string }) => a.action === "credit_note.voided")).toEqual([
      expect.objectContaining({ actor: "operator", reason: `${rate.id}: ${reason}` }),
      expect.objectContaining({ actor: "operator", reason: `${mistaken.id}: Entered twice` }),
    ]);
    expect(await expectError(await voidIt(orgId, "credit-notes", rate.id), 409, "conflict")).toContain("already voided");

    // By hand: nothing is billed or credited any more; the ₹500.00 paid is the customer's, on account.
    const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
    expect(page.data.find((c) => c.id === buyerId)).toMatchObject({ outstanding: "-500.00", on_account: "500.00" });
    const rows = parseCsv(await (await api("/api/v1/export/customers", key)).text());
    const row = rows.find((r) => r[0] === buyerId)!;
    expect([row[rows[0]!.indexOf("total_billed")], row[rows[0]!.indexOf("total_paid")], row[rows[0]!.indexOf("outstanding")]]).toEqual([
      "0.00",
      "500.00",
      "-500.00",
    ]);
  });

  it("a cancel refused voids nothing: the credit note of a dispatched invoice stays", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const note = await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyerId, sale_id: saleId, amount: "50" });
    await expectStatus(await admin("POST", `/admin/api/sales/${saleId}/dispatch`), 200);
    await expectError(await admin("POST", `/admin/api/sales/${saleId}/cancel`), 409, "conflict");
    expect(await eventsOf(orgId, "entry.voided")).toEqual([]);
    // ₹1,050.00 less the ₹50.00 credit note, by hand.
    expect(await outstandingOf(key, buyerId)).toBe("1000.00");
    await expectStatus(await voidIt(orgId, "credit-notes", note.id), 200);
  });
});

describe("voiding expenses and mill entries", () => {
  it("a voided expense leaves the export; a mill invoice is voided only after its payments and takes none after; payables drop both", async () => {
    const { orgId, key } = await orgWithKey();
    const expense = await post(`/admin/api/orgs/${orgId}/expenses`, { category: "Freight", amount: "1850" });
    await post(`/admin/api/orgs/${orgId}/expenses`, { category: "Hamali", amount: "400" });
    await expectStatus(await voidIt(orgId, "expenses", expense.id), 200);
    const rows = parseCsv((await (await api("/api/v1/export/expenses", key)).text()).replace(/^\uFEFF/, ""));
    const category = rows[0]!.indexOf("category");
    expect(rows.slice(1).map((r) => r[category])).toEqual(["Hamali"]);

    const millInvoice = await post(`/admin/api/orgs/${orgId}/mill-invoices`, {
      supplier_name: "Sri Ramalinga Mills",
      invoice_number: "SRM/1",
      amount: "10000",
    });
    const millPayment = await post(`/admin/api/orgs/${orgId}/mill-payments`, {
      supplier_name: "Sri Ramalinga Mills",
      mill_invoice_id: millInvoice.id,
      amount: "4000",
      method: "neft",
    });
    const blocked = await expectError(await voidIt(orgId, "mill-invoices", millInvoice.id), 409, "conflict");
    expect(blocked).toContain("void them first");
    const payables = async () => SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data[0]!;
    expect(await payables()).toMatchObject({ invoiced: "10000.00", paid: "4000.00", payable: "6000.00" });
    await expectStatus(await voidIt(orgId, "mill-payments", millPayment.id), 200);
    expect(await payables()).toMatchObject({ invoiced: "10000.00", paid: "0.00", payable: "10000.00" });
    await expectStatus(await voidIt(orgId, "mill-invoices", millInvoice.id), 200);
    expect(await payables()).toMatchObject({ invoiced: "0.00", paid: "0.00", payable: "0.00" });
    // A voided invoice takes no more payments: paying it would leave money against an invoice the books no longer hold.
    const late = { supplier_name: "Sri Ramalinga Mills", mill_invoice_id: millInvoice.id, amount: "4000", method: "neft" };
    expect(await expectError(await admin("POST", `/admin/api/orgs/${orgId}/mill-payments`, late), 409, "conflict")).toBe(
      "mill_invoice_id: the mill invoice is voided",
    );
    expect(await payables()).toMatchObject({ invoiced: "0.00", paid: "0.00", payable: "0.00" });
    const mill = parseCsv((await (await api("/api/v1/export/mill-payments", key)).text()).replace(/^\uFEFF/, ""));
    expect(mill).toHaveLength(1);
  });

  it("a mill invoice voided as keyed wrongly frees its number: the corrected invoice is entered under it", async () => {
    const { orgId, key } = await orgWithKey();
    const mistyped = { supplier_name: "Sri Ramalinga Mills", invoice_number: "SRM/26-27/0457", amount: "74,625.00", date: "2026-11-02" };
    const wrong = await post(`/admin/api/orgs/${orgId}/mill-invoices`, mistyped);
    // While the first stands, its number is taken.
    await expectError(await admin("POST", `/admin/api/orgs/${orgId}/mill-invoices`, { ...mistyped, amount: "7,46,250.00" }), 409, "conflict");
    await expectStatus(await voidIt(orgId, "mill-invoices", wrong.id, "Amount keyed short by a digit"), 200);
    const corrected = await post(`/admin/api/orgs/${orgId}/mill-invoices`, { ...mistyped, amount: "7,46,250.00" });
    expect(corrected).toMatchObject({ invoice_number: "SRM/26-27/0457", amount: "746250.00" });
    await expectError(await admin("POST", `/admin/api/orgs/${orgId}/mill-invoices`, { ...mistyped, amount: "1.00" }), 409, "conflict");
    // The mill is owed the corrected invoice alone: ₹7,46,250.00, one invoice row in the export.
    const payable = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data[0]!;
    expect(payable).toMatchObject({ invoiced: "746250.00", paid: "0.00", payable: "746250.00", oldest_invoice_date: "2026-11-02" });
    const mill = parseCsv(await (await api("/api/v1/export/mill-payments", key)).text());
    expect(mill.slice(1)).toEqual([["Sri Ramalinga Mills", "invoice", "2026-11-02", "746250.00", "SRM/26-27/0457", ""]]);
  });
});

describe("void refusals", () => {
  it("404 for an unknown entry or another organisation's; 400 without a reason; nothing changes", async () => {
    const { orgId, buyerId } = await invoice();
    const other = await invoice();
    const theirs = await post(`/admin/api/orgs/${other.orgId}/payments`, { customer_id: other.buyerId, amount: "10", method: "upi" });
    await expectError(await voidIt(orgId, "payments", "pay_01jd3k9x2m4n5p6q7r8s9t0v1w"), 404, "not_found");
    await expectError(await voidIt(orgId, "payments", theirs.id), 404, "not_found");
    const mine = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, amount: "10", method: "upi" });
    const noReason = await admin("POST", `/admin/api/orgs/${orgId}/payments/${mine.id}/void`, {});
    expect(await expectError(noReason, 400, "bad_request")).toContain("reason");
    const session = await signIn(orgId);
    await expectError(
      await asSession(session, "POST", `/admin/api/orgs/${other.orgId}/payments/${theirs.id}/void`, { reason: "x" }),
      404,
      "not_found",
    );
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE voided_at IS NOT NULL AND id IN (?, ?)")
      .bind(mine.id, theirs.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe("money on account", () => {
  it("consumes cash only up to ₹1,99,999.99 for one invoice (s.269ST: a single transaction); the rest stays on account", async () => {
    const { orgId } = await orgWithKey();
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const stock = await lot(orgId, { kg: "2000" });
    const today = istDateOf(Date.now());
    // ₹1,50,000.00 in cash on each of two days (each day under the limit), and ₹1,000.00 by NEFT.
    const cash = [];
    for (const date of [addDays(today, -2), addDays(today, -1)]) {
      cash.push(await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "150000", method: "cash", date }));
    }
    const neft = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "1000", method: "neft", date: addDays(today, -1) });
    // 1,000 kg × ₹320 + 5 % IGST = ₹3,36,000.00: all three could cover it, but cash of ₹2,00,000 or more for one
    // invoice is what s.269ST forbids: ₹1,50,000.00 and ₹49,999.99 of the second cash advance, then the NEFT.
    const booked = await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "1000", rate_per_kg: "320" }]);
    const { results } = await env.DB.prepare(
      "SELECT source_id AS id, amount_paise AS paise FROM advance_applications WHERE sale_id = ? ORDER BY rowid",
    )
      .bind(booked.id)
      .all<{ id: string; paise: number }>();
    expect(results).toEqual([
      { id: cash[0].id, paise: 15_000_000 },
      { id: cash[1].id, paise: 4_999_999 },
      { id: neft.id, paise: 100_000 },
    ]);
  });

  it("is consumed by invoices booked after it, oldest first; an invoice it covers is paid; a void re-opens it", async () => {
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId, { gstin: "33AAECG4315R1ZE" });
    const stock = await lot(orgId);
    // ₹1,500.00 then ₹400.00 on account, before any invoice.
    const first = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "1500", method: "neft" });
    await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyer.id, amount: "400" });
    expect(await outstandingOf(key, buyer.id)).toBe("-1900.00");

    // 10 kg × ₹100 + 5 % IGST = ₹1,050.00: paid from the ₹1,500.00 at once.
    const covered = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]));
    expect((await saleOf(key, covered.id)).paid_at).not.toBeNull();
    expect((await eventsOf(orgId, "invoice.paid")).map((e) => e.payload)).toEqual([
      expect.objectContaining({ sale_id: covered.id, payment_id: first.id, credit_note_id: null }),
    ]);
    // The next ₹1,050.00 invoice takes the ₹450.00 left of the payment and the ₹400.00 credit: ₹200.00 still due.
    const partly = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]));
    expect((await saleOf(key, partly.id)).paid_at).toBeNull();
    await expectError(
      await admin("POST", `/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, sale_id: partly.id, amount: "200.01", method: "upi" }),
      409,
      "over_application",
    );
    expect(await outstandingOf(key, buyer.id)).toBe("200.00");
    const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
    expect(page.data.find((c) => c.id === buyer.id)).toMatchObject({ on_account: "0.00", outstanding: "200.00" });

    // Voiding the ₹1,500.00 takes it back from both invoices: the first is no longer paid.
    await expectStatus(await voidIt(orgId, "payments", first.id, "Bounced"), 200);
    expect((await saleOf(key, covered.id)).paid_at).toBeNull();
    expect(await outstandingOf(key, buyer.id)).toBe("1700.00");
  });

  it("an invoice cancelled gives its applied advance back to the account", async () => {
    const { orgId, key } = await orgWithKey();
    const buyer = await customer(orgId);
    const stock = await lot(orgId);
    await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyer.id, amount: "2000", method: "neft" });
    const booked = SaleSchema.parse(await sale(orgId, buyer.id, [{ lot_id: stock.id, kg: "10", rate_per_kg: "100" }]));
    expect(await outstandingOf(key, buyer.id)).toBe("-950.00");
    await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/cancel`), 200);
    expect(await outstandingOf(key, buyer.id)).toBe("-2000.00");
    const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
    expect(page.data.find((c) => c.id === buyer.id)).toMatchObject({ on_account: "2000.00" });
  });

  it("money paid against an invoice since cancelled pays the customer's next invoice, like any money on account", async () => {
    const { orgId, key, buyerId, saleId } = await invoice();
    const stock = await lot(orgId);
    // ₹600.00 paid against the ₹1,050.00 invoice, which is then cancelled: the ₹600.00 is the customer's.
    const paid = await post(`/admin/api/orgs/${orgId}/payments`, { customer_id: buyerId, sale_id: saleId, amount: "600", method: "upi" });
    await expectStatus(await admin("POST", `/admin/api/sales/${saleId}/cancel`), 200);
    // The next invoice, 5 kg × ₹100 + 5 % IGST = ₹525.00, is paid from it at once; ₹75.00 stays on account.
    const next = SaleSchema.parse(await sale(orgId, buyerId, [{ lot_id: stock.id, kg: "5", rate_per_kg: "100" }]));
    expect((await saleOf(key, next.id)).paid_at).not.toBeNull();
    expect((await eventsOf(orgId, "invoice.paid")).map((e) => e.payload)).toEqual([
      expect.objectContaining({ sale_id: next.id, payment_id: paid.id, credit_note_id: null }),
    ]);
    const page = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200));
    expect(page.data.find((c) => c.id === buyerId)).toMatchObject({
      on_account: "75.00",
      outstanding: "-75.00",
      ageing: { "0_30": "0.00", "31_60": "0.00", "61_90": "0.00", over_90: "0.00" },
    });
  });
});
