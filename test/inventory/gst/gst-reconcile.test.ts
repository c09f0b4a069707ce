// The GST summary of a generated month ties out to the paisa with the books as the other reads show them: its invoice
// figures are the sums of GET /api/v1/sales for the month's first to last day (sale, line and HSN figures alike), its
// credit-note figures the sums of the notes as written (voided ones and those dated outside the month left out), and
// its net their difference. June 2025: cotton and CVC yarn at 5 %, man-made-fibre yarn at 12 % (before 22 September
// 2025); sales just before, on and after the month's edges; cancellations, returns, notes, voids and an advance note.
import { afterEach, describe, expect, it, vi } from "vitest";
import { YARN_CATALOGUE } from "../../../src/inventory/domain/yarn";
import { GstSummaryResponseSchema } from "../../../src/inventory/gst/schemas";
import { CreditNoteSchema } from "../../../src/inventory/ledger/schemas";
import { type SaleSchema, SalesPageSchema } from "../../../src/inventory/sales/schemas";
import type { z } from "@hono/zod-openapi";
import { admin, api, createKey, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot, post, sale } from "../stock-fixtures";
import { grams, paise, print, prng, rupees } from "../generated-books";

type Sale = z.infer<typeof SaleSchema>;
type Note = z.infer<typeof CreditNoteSchema>;

const kgOf = (value: number) => print(value, 3);

interface Columns {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}
const columnsOf = (row: { taxable_amount: string | null; cgst_amount: string | null; sgst_amount: string | null; igst_amount: string | null }) => ({
  taxable: paise(row.taxable_amount!),
  cgst: paise(row.cgst_amount!),
  sgst: paise(row.sgst_amount!),
  igst: paise(row.igst_amount!),
});
const printed = (c: Columns) => ({
  taxable_amount: rupees(c.taxable),
  cgst_amount: rupees(c.cgst),
  sgst_amount: rupees(c.sgst),
  igst_amount: rupees(c.igst),
});

/** Sums of columns (and kg, and a count) under a key, printed as the summary prints them, in the summary's order. */
class Sums<K> {
  private readonly rows = new Map<string, { key: K; count: number; grams: number } & Columns>();
  add(key: K, columns: Columns, extra: { count?: number; grams?: number } = {}): void {
    const id = JSON.stringify(key);
    const row = this.rows.get(id) ?? { key, count: 0, grams: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.count += extra.count ?? 0;
    row.grams += extra.grams ?? 0;
    row.taxable += columns.taxable;
    row.cgst += columns.cgst;
    row.sgst += columns.sgst;
    row.igst += columns.igst;
    this.rows.set(id, row);
  }
  get(key: K) {
    return this.rows.get(JSON.stringify(key)) ?? { key, count: 0, grams: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  }
  all() {
    return [...this.rows.values()];
  }
}
const nullsLast = <T extends string | number>(a: T | null, b: T | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

afterEach(() => vi.useRealTimers());

describe("the GST summary of a generated month", () => {
  it("equals the sums of the month's sales read and of its credit notes, to the paisa", { timeout: 180_000 }, async () => {
    holdClockAt(ist("2025-07-02"));
    const random = prng(20250601);
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const { key } = await createKey(orgId);

    // One SKU of each heading: cotton 5205 and CVC 5206 (5 %), polyester spun 5509, viscose spun 5510 and filament
    // 5402 (12 % in June 2025), two of them in two lots.
    const headings = ["5205", "5206", "5509", "5510", "5402"];
    const skus = headings.map((heading) => YARN_CATALOGUE.find((s) => s.hsn.startsWith(heading))!);
    const lots = [];
    for (const [index, sku] of [...skus, skus[0]!, skus[2]!].entries()) {
      lots.push(
        await lot(orgId, { sku: sku.sku, yarn_type: sku.yarnType, kg: "20000", lot_number: `R-${index}`, received_at: "2025-05-01T10:00:00+05:30" }),
      );
    }
    const buyers = [
      { ...(await customer(orgId, { gstin: "33AAECG4315R1ZE" })), gstin: "33AAECG4315R1ZE" },
      { ...(await customer(orgId, { gstin: "27AAPFU0939F1ZV" })), gstin: "27AAPFU0939F1ZV" },
      { ...(await customer(orgId, { state: "Tamil Nadu" })), gstin: null },
      { ...(await customer(orgId, { state: "Karnataka" })), gstin: null },
    ];
    const registered = new Map(buyers.map((b) => [b.id, b.gstin !== null]));

    // Instants in date order (invoices of a financial year are numbered in date order): the month's first and last
    // milliseconds, one on either side, and 36 in between.
    const edges = [ist("2025-05-31", "23:59") + 59_999, ist("2025-06-01", "00:00"), ist("2025-06-30", "23:59") + 59_999, ist("2025-07-01", "00:00")];
    const instants = [...edges];
    for (let i = 0; i < 36; i++) instants.push(ist("2025-06-01", "00:00") + random.int(0, 30 * 86_400_000 - 1));
    instants.sort((a, b) => a - b);

    const sales: Sale[] = [];
    for (const at of instants) {
      const saleDate = new Date(at + 19_800_000).toISOString().slice(0, 10);
      // 1 to 3 different lots, drawn without putting back.
      const pool = [...lots];
      const picked = Array.from({ length: random.int(1, 3) }, () => pool.splice(random.int(0, pool.length - 1), 1)[0]!);
      const items = picked.map((l) => ({
        lot_id: l.id,
        kg: kgOf(random.int(500, 60_000)),
        rate_per_kg: rupees(random.int(12_000, 42_099)),
      }));
      const buyer = buyers[random.int(0, buyers.length - 1)]!;
      sales.push((await sale(orgId, buyer.id, items, { sale_date: saleDate, sold_at: new Date(at).toISOString() })) as Sale);
    }

    const notes = new Map<string, Note>();
    // A financial year's credit notes are numbered in date order (a note or return dated before the year's last note
    // is refused), and the sales are gone through in date order: each note is dated 0 to 3 days after its invoice, no
    // earlier than the note before it and no later than `latest`. Null when the note before it is already later than
    // `latest`, so no note can be dated in time.
    let lastNoteDate = "";
    const nextNoteDate = (saleDate: string, latest = "2025-07-01") => {
      const from = Date.parse(`${saleDate}T00:00:00Z`) + random.int(0, 3) * 86_400_000;
      const date = new Date(Math.min(from, Date.parse(`${latest}T00:00:00Z`))).toISOString().slice(0, 10);
      if (lastNoteDate > latest) return null;
      lastNoteDate = date > lastNoteDate ? date : lastNoteDate;
      return lastNoteDate;
    };
    // Each note is recorded on its date, and a void or cancellation made then (the clock held there): a note counts in
    // the month of the later of its date and the day it was recorded, here its date's, and a reversal in a later month
    // than its document's would count in that later month, apart from these sums.
    const creditNote = async (booked: Sale, latest = "2025-07-01") => {
      // 1 % to 10 % of the invoice, in paise.
      const amount = Math.max(1, Math.floor((paise(booked.total_amount) * random.int(1, 10)) / 100));
      const date = nextNoteDate(booked.sale_date, latest);
      if (date === null) return null;
      holdClockAt(ist(date));
      const body = { customer_id: booked.customer_id, sale_id: booked.id, amount: rupees(amount), date };
      const note = CreditNoteSchema.parse(await post(`/admin/api/orgs/${orgId}/credit-notes`, body));
      notes.set(note.id, note);
      return note;
    };
    /** Per sales return: the lot it took back from and the grams. */
    const returns = new Map<string, { lotId: string; grams: number }>();
    let advance: Note | null = null;
    for (const booked of sales) {
      // A note against no invoice, in mid-June among the others, recorded on its date.
      if (advance === null && booked.sale_date >= "2025-06-15") {
        lastNoteDate = lastNoteDate > "2025-06-15" ? lastNoteDate : "2025-06-15";
        holdClockAt(ist(lastNoteDate));
        advance = CreditNoteSchema.parse(
          await post(`/admin/api/orgs/${orgId}/credit-notes`, { customer_id: buyers[2]!.id, amount: "77.77", date: lastNoteDate }),
        );
        notes.set(advance.id, advance);
      }
      const roll = random.next();
      if (roll < 0.1 && !edges.includes(Date.parse(booked.sold_at))) {
        // Cancelled within the month (on its sale date, or on its note's date, 30 June at the latest), some after a
        // credit note, which is voided with the invoice.
        holdClockAt(ist(booked.sale_date, "23:59"));
        if (random.chance(0.5)) await creditNote(booked, "2025-06-30");
        await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/cancel`), 200);
        continue;
      }
      if (random.chance(0.35)) {
        const note = (await creditNote(booked))!;
        if (random.chance(0.25)) {
          await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/credit-notes/${note.id}/void`, { reason: "Entered twice" }), 200);
          notes.delete(note.id);
        }
      }
      if (roll > 0.45) {
        await expectStatus(await admin("POST", `/admin/api/sales/${booked.id}/dispatch`), 200);
        if (random.chance(0.5)) {
          const line = booked.items[random.int(0, booked.items.length - 1)]!;
          const back = Math.max(1, Math.floor(grams(line.kg) / random.int(2, 5)));
          const date = nextNoteDate(booked.sale_date)!;
          holdClockAt(ist(date));
          const note = CreditNoteSchema.parse(
            await post(`/admin/api/sales/${booked.id}/returns`, { items: [{ lot_id: line.lot_id, kg: kgOf(back) }], date }),
          );
          notes.set(note.id, note);
          returns.set(note.id, { lotId: line.lot_id, grams: back });
        }
      }
    }
    expect(advance?.date.startsWith("2025-06-")).toBe(true);
    holdClockAt(ist("2025-07-02"));

    // The month's sales as GET /api/v1/sales lists them, page by page.
    const listed: Sale[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const page = SalesPageSchema.parse(
        await expectStatus(await api(`/api/v1/sales?from=2025-06-01&to=2025-06-30&limit=7&offset=${offset}`, key), 200),
      );
      listed.push(...page.data);
      offset = page.next_offset;
    }
    const invoiceTotals = new Sums<"all" | "b2b" | "b2c">();
    const invoiceRates = new Sums<number>();
    const invoiceHsn = new Sums<[string, number]>();
    for (const s of listed) {
      for (const kind of ["all", s.customer_gstin === null ? "b2c" : "b2b"] as const) invoiceTotals.add(kind, columnsOf(s), { count: 1 });
      for (const item of s.items) {
        // A line's taxable value is its amount.
        const line = columnsOf({ ...item, taxable_amount: item.amount });
        invoiceRates.add(item.gst_rate_percent, line);
        invoiceHsn.add([item.hsn, item.gst_rate_percent], line, { grams: grams(item.kg) });
      }
    }
    // The month's first and last milliseconds are in it; the one before and the one after are not.
    const soldAt = listed.map((s) => s.sold_at);
    expect(soldAt).toEqual(expect.arrayContaining(["2025-05-31T18:30:00.000Z", "2025-06-30T18:29:59.999Z"]));
    expect(soldAt).not.toContain("2025-05-31T18:29:59.999Z");
    expect(soldAt).not.toContain("2025-06-30T18:30:00.000Z");
    expect(listed.length).toBeGreaterThan(20);
    expect(
      invoiceRates
        .all()
        .map((r) => r.key)
        .sort(),
    ).toEqual([12, 5]);

    // The notes dated in June that still count, put at the rate (and HSN code) of the lines they reduce when those
    // have one: a return's own lines, else all its invoice's lines.
    const invoices = new Map(sales.map((s) => [s.id, s]));
    const cancelled = new Set<string>();
    for (const s of sales) {
      const read = await expectStatus<{ data: Sale }>(await api(`/api/v1/sales/${s.id}`, key), 200);
      if (read.data.status === "cancelled") cancelled.add(s.id);
    }
    const noteTotals = new Sums<"all" | "b2b" | "b2c">();
    const noteRates = new Sums<number | null>();
    const noteHsn = new Sums<[string | null, number | null]>();
    let unsplit = { count: 0, amount: 0 };
    for (const note of notes.values()) {
      if (!note.date.startsWith("2025-06-") || (note.sale_id !== null && cancelled.has(note.sale_id))) continue;
      if (note.taxable_amount === null) {
        unsplit = { count: unsplit.count + 1, amount: unsplit.amount + paise(note.amount) };
        continue;
      }
      const returned = returns.get(note.id);
      const lines = invoices.get(note.sale_id!)!.items.filter((i) => !returned || returned.lotId === i.lot_id);
      const rates = new Set(lines.map((i) => i.gst_rate_percent));
      const codes = new Set(lines.map((i) => i.hsn));
      const rate = rates.size === 1 ? lines[0]!.gst_rate_percent : null;
      const hsn = rate !== null && codes.size === 1 ? lines[0]!.hsn : null;
      for (const kind of ["all", registered.get(note.customer_id) ? "b2b" : "b2c"] as const) noteTotals.add(kind, columnsOf(note), { count: 1 });
      noteRates.add(rate, columnsOf(note));
      noteHsn.add([hsn, rate], columnsOf(note), { grams: returned?.grams ?? 0 });
    }

    const data = GstSummaryResponseSchema.parse(await expectStatus(await api("/api/v1/gst-summary?month=2025-06", key), 200)).data;
    const totals = (sums: Sums<"all" | "b2b" | "b2c">, kind: "all" | "b2b" | "b2c") => ({ count: sums.get(kind).count, ...printed(sums.get(kind)) });
    const rateRows = (sums: Sums<number | null>) =>
      sums
        .all()
        .sort((a, b) => nullsLast(a.key, b.key))
        .map((r) => ({ gst_rate_percent: r.key, ...printed(r) }));
    const hsnRows = (sums: Sums<[string | null, number | null]>) =>
      sums
        .all()
        .sort((a, b) => nullsLast(a.key[0], b.key[0]) || nullsLast(a.key[1], b.key[1]))
        .map((r) => ({ hsn: r.key[0], gst_rate_percent: r.key[1], kg: kgOf(r.grams), ...printed(r) }));

    expect(data.invoices).toEqual({
      ...totals(invoiceTotals, "all"),
      by_rate: rateRows(invoiceRates as Sums<number | null>),
      b2b: totals(invoiceTotals, "b2b"),
      b2c: totals(invoiceTotals, "b2c"),
      hsn: hsnRows(invoiceHsn as Sums<[string | null, number | null]>),
      without_gst_split: { count: 0, taxable_amount: "0.00", gst_amount: "0.00" },
    });
    expect(data.credit_notes).toEqual({
      ...totals(noteTotals, "all"),
      by_rate: rateRows(noteRates),
      b2b: totals(noteTotals, "b2b"),
      b2c: totals(noteTotals, "b2c"),
      hsn: hsnRows(noteHsn),
      without_gst_split: { count: unsplit.count, amount: rupees(unsplit.amount) },
    });
    // The month holds returns, notes against invoices of several rates (null) and of several codes at one rate.
    expect(returns.size).toBeGreaterThan(3);
    expect(data.credit_notes.by_rate.map((r) => r.gst_rate_percent)).toContain(null);
    expect(data.credit_notes.hsn.some((r) => r.hsn === null && r.gst_rate_percent !== null)).toBe(true);
    const minus = (a: Columns, b: Columns) => ({
      taxable: a.taxable - b.taxable,
      cgst: a.cgst - b.cgst,
      sgst: a.sgst - b.sgst,
      igst: a.igst - b.igst,
    });
    const rates = new Set<number | null>([...invoiceRates.all(), ...noteRates.all()].map((r) => r.key));
    const none = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    expect(data.net).toEqual({
      ...printed(minus(invoiceTotals.get("all"), noteTotals.get("all"))),
      by_rate: [...rates].sort(nullsLast).map((rate) => ({
        gst_rate_percent: rate,
        ...printed(minus(rate === null ? none : invoiceRates.get(rate), noteRates.get(rate))),
      })),
    });
  });
});
