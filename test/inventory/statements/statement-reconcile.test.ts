// Statements of account tie out with the books, on generated books: three months of a trader's dealings with five
// customers (invoices, payments against invoices and on account, credit notes, sales returns, cancellations, voids),
// some made in the last and first milliseconds of IST days. For every customer: each statement's running balance adds
// up and its closing is opening + debits − credits; the statement to today closes at the `outstanding` of the
// customers list and of the customers export, to the paisa; and statements of consecutive periods chain (January then
// February is January–February: the same entries with the same balances).
import { afterEach, describe, expect, it, vi } from "vitest";
import { CustomerBalancesPageSchema } from "../../../src/inventory/ledger/schemas";
import { StatementResponseSchema } from "../../../src/inventory/statements/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectStatus } from "../helpers";
import { customer, holdClockAt, ist, lot } from "../stock-fixtures";
import { paise, prng, rupees } from "../generated-books";
import { expectAddsUp, expectChained } from "./statement-checks";

type Statement = ReturnType<typeof StatementResponseSchema.parse>["data"];

afterEach(() => vi.useRealTimers());

describe("statements of generated books", () => {
  it("add up, chain across periods and close at the outstanding of the customers list and export", { timeout: 240_000 }, async () => {
    const random = prng(20251201);
    holdClockAt(ist("2025-12-01", "09:00"));
    const orgId = (
      await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business", gstin: "33ABCDE1234F1Z7" }), 201)
    ).data.id as string;
    const { key } = await createKey(orgId);
    const buyers = [
      await customer(orgId, { gstin: "33AAECG4315R1ZE" }),
      await customer(orgId, { gstin: "27AAPFU0939F1ZV" }),
      await customer(orgId, { state: "Tamil Nadu" }),
      await customer(orgId, { state: "Karnataka" }),
      await customer(orgId),
    ];
    const lots = [
      await lot(orgId, { kg: "50000", received_at: "2025-12-01T09:00:00+05:30" }),
      await lot(orgId, { kg: "50000", received_at: "2025-12-01T09:00:00+05:30", lot_number: "R-2" }),
    ];

    interface Booked {
      id: string;
      customerId: string;
      lotId: string;
      /** Grams sold, and not yet returned. */
      grams: number;
      total: number;
      status: "confirmed" | "dispatched" | "cancelled";
    }
    const sales: Booked[] = [];
    /** Payments and credit notes (not returns: those are never voided) that may still be voided. */
    const voidable: Array<{ path: "payments" | "credit-notes"; id: string }> = [];
    /** Writes the books' rules may refuse (more than an invoice owes, a sale already dispatched): 409, nothing written. */
    const attempt = async (name: string, path: string, body?: unknown) => {
      const response = await admin("POST", path, body);
      const text = await response.text();
      expect([200, 201, 409], `${name} ${text}`).toContain(response.status);
      return response.status === 409 ? null : JSON.parse(text).data;
    };
    const pick = <T>(list: readonly T[]) => list[random.int(0, list.length - 1)]!;
    const kg = (grams: number) => `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, "0")}`;

    const book = async () => {
      const buyer = pick(buyers);
      const lotId = pick(lots).id;
      const grams = random.int(1_000, 40_000);
      const items = [{ lot_id: lotId, kg: kg(grams), rate_per_kg: `${random.int(150, 420)}.${String(random.int(0, 99)).padStart(2, "0")}` }];
      const booked = await attempt("sale", `/admin/api/orgs/${orgId}/sales`, { customer_id: buyer.id, items });
      sales.push({ id: booked.id, customerId: buyer.id, lotId, grams, total: paise(booked.total_amount), status: "confirmed" });
      return booked.id as string;
    };
    const pay = async (body: Record<string, unknown>) => {
      const paid = await attempt("payment", `/admin/api/orgs/${orgId}/payments`, {
        method: "neft",
        reference: `UTR${random.int(100000, 999999)}`,
        ...body,
      });
      if (paid) voidable.push({ path: "payments", id: paid.id });
      return paid?.id as string | undefined;
    };
    const cancel = async (sale: Booked) => {
      if (await attempt("cancellation", `/admin/api/sales/${sale.id}/cancel`)) sale.status = "cancelled";
    };
    /** Voids an entry drawn at random (one its invoice's cancellation already voided is refused): the id voided, if any. */
    const voidOne = async () => {
      const entry = voidable.splice(random.int(0, voidable.length - 1), 1)[0]!;
      return (await attempt("void", `/admin/api/orgs/${orgId}/${entry.path}/${entry.id}/void`, { reason: "Entered wrongly" })) ? entry.id : null;
    };
    const voidSome = async () => {
      for (;;) {
        const id = await voidOne();
        if (id) return id;
      }
    };
    /** One back-office write of the day, drawn at random. */
    const step = async () => {
      const live = sales.filter((s) => s.status !== "cancelled");
      const roll = random.int(0, 9);
      if (roll <= 2 || live.length === 0) return void (await book());
      const target = pick(live);
      if (roll === 3)
        await pay({
          customer_id: target.customerId,
          sale_id: target.id,
          amount: rupees(Math.max(1, Math.floor((target.total * random.int(5, 70)) / 100))),
        });
      // Money on account: later invoices of the customer consume it.
      else if (roll === 4) await pay({ customer_id: pick(buyers).id, amount: `${random.int(100, 20_000)}.00`, method: "upi" });
      else if (roll === 5) {
        const amount = rupees(Math.max(1, Math.floor((target.total * random.int(1, 15)) / 100)));
        const against = random.chance(0.8) ? { sale_id: target.id } : {};
        const note = await attempt("credit note", `/admin/api/orgs/${orgId}/credit-notes`, {
          customer_id: target.customerId,
          ...against,
          amount,
          reason: "Rate difference",
        });
        if (note) voidable.push({ path: "credit-notes", id: note.id });
      } else if (roll === 6) {
        if (target.status === "confirmed" && (await attempt("dispatch", `/admin/api/sales/${target.id}/dispatch`))) target.status = "dispatched";
        const grams = Math.min(target.grams, random.int(1, 5_000));
        if (target.status === "dispatched" && grams > 0) {
          const returned = await attempt("return", `/admin/api/sales/${target.id}/returns`, { items: [{ lot_id: target.lotId, kg: kg(grams) }] });
          if (returned) target.grams -= grams;
        }
      } else if (roll === 7) await cancel(target);
      else if (roll === 8 && voidable.length > 0) await voidOne();
      else await book();
    };

    // 1 December 2025 to 28 February 2026, up to three writes a day at 10:00, 13:00 and 16:00 IST.
    const edges: Record<string, string> = {};
    for (let day = Date.parse("2025-12-01T00:00:00Z"); day <= Date.parse("2026-02-28T00:00:00Z"); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const [index, time] of ["10:00", "13:00", "16:00"].entries()) {
        if (index > 0 && random.chance(0.5)) continue;
        holdClockAt(ist(date, time));
        await step();
      }
      if (date === "2026-01-31") {
        // The last millisecond of January (IST): a sale, a cancellation and a void, all January's.
        holdClockAt(ist("2026-01-31", "23:59") + 59_999);
        edges.januarySale = await book();
        const cancelled = sales.find((s) => s.status === "confirmed" && s.id !== edges.januarySale)!;
        await cancel(cancelled);
        edges.januaryCancellation = cancelled.id;
        edges.januaryVoid = await voidSome();
        // The first millisecond of February: a sale, a payment on it and a void, all February's.
        holdClockAt(ist("2026-02-01", "00:00"));
        edges.februarySale = await book();
        edges.februaryPayment = (await pay({ customer_id: sales.at(-1)!.customerId, sale_id: edges.februarySale, amount: "1.00" }))!;
        edges.februaryVoid = await voidSome();
      }
    }
    // Today is 2 March 2026 (IST).
    holdClockAt(ist("2026-03-02", "10:00"));

    const statement = async (customerId: string, from: string, to: string): Promise<Statement> => {
      const read = await expectStatus(await api(`/api/v1/customers/${customerId}/statement?from=${from}&to=${to}`, key), 200);
      const parsed = StatementResponseSchema.parse(read).data;
      expectAddsUp(parsed, { from, to }, "debit");
      return parsed;
    };

    const listed = CustomerBalancesPageSchema.parse(await expectStatus(await api("/api/v1/customers", key), 200)).data;
    const [header, ...rows] = parseCsv(await (await api("/api/v1/export/customers", key)).text());
    const exported = new Map(rows.map((row) => [row[0]!, row[header!.indexOf("outstanding")]!]));
    const seen = new Map<string, Statement["entries"]>();
    for (const buyer of buyers) {
      const december = await statement(buyer.id, "2025-12-01", "2025-12-31");
      const january = await statement(buyer.id, "2026-01-01", "2026-01-31");
      const february = await statement(buyer.id, "2026-02-01", "2026-02-28");
      const both = await statement(buyer.id, "2026-01-01", "2026-02-28");
      const toToday = await statement(buyer.id, "2025-12-01", "2026-03-02");
      expectChained({ december, january, february, both, toToday });
      // To today: the outstanding of the customers list and of the export, to the paisa.
      expect(toToday.closing_balance, buyer.id).toBe(listed.find((c) => c.id === buyer.id)!.outstanding);
      expect(toToday.closing_balance, buyer.id).toBe(exported.get(buyer.id));
      for (const [name, entries] of [
        ["january", january.entries],
        ["february", february.entries],
      ] as const)
        seen.set(`${name}:${buyer.id}`, entries);
    }

    // The day edges: what was written in January's last millisecond is January's, in February's first February's.
    const inMonth = (month: "january" | "february") => buyers.flatMap((b) => seen.get(`${month}:${b.id}`)!);
    const kinds = (month: "january" | "february", id: string) =>
      inMonth(month)
        .filter((e) => e.id === id)
        .map((e) => e.kind);
    expect(kinds("january", edges.januarySale!)).toEqual(["invoice"]);
    expect(kinds("january", edges.januaryCancellation!)).toContain("cancellation");
    expect(kinds("january", edges.januaryVoid!)).toContain("void");
    expect(kinds("february", edges.februarySale!)).toEqual(["invoice"]);
    expect(kinds("february", edges.februaryPayment!)).toContain("payment");
    expect(kinds("february", edges.februaryVoid!)).toContain("void");
    expect(kinds("february", edges.januaryVoid!)).not.toContain("void");

    // The books held every kind of entry.
    const all = inMonth("january").concat(inMonth("february"));
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(["invoice", "payment", "credit_note", "sales_return", "cancellation", "void"]));
  });
});
