// Mills' statements tie out with the books, on generated books: three months of a trader's dealings with four mills
// (mill invoices, payments against an invoice or on account, voids of both), some made in the last and first
// milliseconds of IST days. For every mill: each statement's running balance adds up and its closing is
// opening + credits − debits; the statement to today closes at the mill's `payable` in GET /api/v1/suppliers and at
// the test's own tally of the invoices and payments still standing, to the paisa; and statements of consecutive
// periods chain (January then February is January–February: the same entries with the same balances).
import { afterEach, describe, expect, it, vi } from "vitest";
import { SupplierPayablesPageSchema } from "../../../src/inventory/ledger/schemas";
import { MillStatementResponseSchema } from "../../../src/inventory/statements/schemas";
import { parseCsv } from "../domain/csv-parse";
import { admin, api, createKey, expectStatus } from "../helpers";
import { holdClockAt, ist } from "../stock-fixtures";
import { prng, rupees } from "../generated-books";
import { expectAddsUp, expectChained } from "./statement-checks";

type Statement = ReturnType<typeof MillStatementResponseSchema.parse>["data"];

afterEach(() => vi.useRealTimers());

describe("mills' statements of generated books", () => {
  it("add up, chain across periods and close at each mill's payable", { timeout: 240_000 }, async () => {
    const random = prng(20260301);
    holdClockAt(ist("2025-12-01", "09:00"));
    const orgId = (await expectStatus(await admin("POST", "/admin/api/orgs", { name: "Sri Lakshmi Yarns", plan: "business" }), 201)).data
      .id as string;
    const { key } = await createKey(orgId);
    const mills = ["Sri Kannapiran Spinning Mills", "Vardhman Spinning", "Ambika Cotton Mills", "Salona Cotton Spinning"];

    interface Entry {
      id: string;
      mill: string;
      paise: number;
      live: boolean;
    }
    const invoices: Entry[] = [];
    const payments: Entry[] = [];
    let numbered = 0;
    const pick = <T>(list: readonly T[]) => list[random.int(0, list.length - 1)]!;
    /** Writes the books' rules may refuse (a mill invoice with payments still against it is not voided): 409, nothing written. */
    const attempt = async (name: string, path: string, body: unknown) => {
      const response = await admin("POST", path, body);
      const text = await response.text();
      expect([200, 201, 409], `${name} ${text}`).toContain(response.status);
      return response.status === 409 ? null : JSON.parse(text).data;
    };

    const invoice = async () => {
      const mill = pick(mills);
      const amount = random.int(1_000_00, 5_00_000_00);
      const made = await attempt("mill invoice", `/admin/api/orgs/${orgId}/mill-invoices`, {
        supplier_name: mill,
        invoice_number: `MI/${++numbered}`,
        amount: rupees(amount),
      });
      invoices.push({ id: made.id, mill, paise: amount, live: true });
      return made.id as string;
    };
    const pay = async (against?: Entry) => {
      const mill = against?.mill ?? pick(mills);
      const amount = against ? Math.max(1, Math.floor((against.paise * random.int(5, 60)) / 100)) : random.int(100_00, 50_000_00);
      const made = await attempt("mill payment", `/admin/api/orgs/${orgId}/mill-payments`, {
        supplier_name: mill,
        ...(against ? { mill_invoice_id: against.id } : {}),
        amount: rupees(amount),
        method: pick(["neft", "rtgs", "upi", "cheque"]),
        reference: `UTR${random.int(100000, 999999)}`,
      });
      payments.push({ id: made.id, mill, paise: amount, live: true });
      return made.id as string;
    };
    /** Voids a live entry drawn at random: the id voided, if the books allowed it. */
    const voidOne = async () => {
      const kind = random.chance(0.5) ? "mill-invoices" : "mill-payments";
      const live = (kind === "mill-invoices" ? invoices : payments).filter((e) => e.live);
      if (live.length === 0) return null;
      const entry = pick(live);
      if (!(await attempt("void", `/admin/api/orgs/${orgId}/${kind}/${entry.id}/void`, { reason: "Entered wrongly" }))) return null;
      entry.live = false;
      return entry.id;
    };
    const voidSome = async () => {
      for (;;) {
        const id = await voidOne();
        if (id) return id;
      }
    };
    const step = async () => {
      const live = invoices.filter((i) => i.live);
      const roll = random.int(0, 9);
      if (roll <= 3 || live.length === 0) await invoice();
      else if (roll <= 6) await pay(pick(live));
      else if (roll === 7) await pay();
      else await voidOne();
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
        // The last millisecond of January (IST): an invoice, a payment and a void, all January's.
        holdClockAt(ist("2026-01-31", "23:59") + 59_999);
        edges.januaryInvoice = await invoice();
        edges.januaryPayment = await pay();
        edges.januaryVoid = await voidSome();
        // The first millisecond of February: an invoice, a payment on it and a void, all February's.
        holdClockAt(ist("2026-02-01", "00:00"));
        edges.februaryInvoice = await invoice();
        edges.februaryPayment = await pay(invoices.at(-1));
        edges.februaryVoid = await voidSome();
      }
    }
    // Today is 2 March 2026 (IST).
    holdClockAt(ist("2026-03-02", "10:00"));

    const listed = SupplierPayablesPageSchema.parse(await expectStatus(await api("/api/v1/suppliers", key), 200)).data;
    expect(listed.map((m) => m.name).sort()).toEqual([...mills].sort());
    const statement = async (millId: string, from: string, to: string): Promise<Statement> => {
      const parsed = MillStatementResponseSchema.parse(
        await expectStatus(await api(`/api/v1/suppliers/${millId}/statement?from=${from}&to=${to}`, key), 200),
      ).data;
      expectAddsUp(parsed, { from, to }, "credit");
      return parsed;
    };

    const seen = new Map<string, Statement["entries"]>();
    for (const mill of listed) {
      const december = await statement(mill.id, "2025-12-01", "2025-12-31");
      const january = await statement(mill.id, "2026-01-01", "2026-01-31");
      const february = await statement(mill.id, "2026-02-01", "2026-02-28");
      const both = await statement(mill.id, "2026-01-01", "2026-02-28");
      const toToday = await statement(mill.id, "2025-12-01", "2026-03-02");
      expectChained({ december, january, february, both, toToday });
      // To today: the mill's payable in GET /api/v1/suppliers, and the tally of what still stands in the books.
      const standing = (entries: Entry[]) => entries.filter((e) => e.mill === mill.name && e.live).reduce((sum, e) => sum + e.paise, 0);
      expect(toToday.closing_balance, mill.name).toBe(mill.payable);
      expect(toToday.closing_balance, mill.name).toBe(rupees(standing(invoices) - standing(payments)));
      // The CSV of the same period closes at the same figure.
      const rows = parseCsv(await (await api(`/api/v1/export/suppliers/${mill.id}/statement?from=2025-12-01&to=2026-03-02`, key)).text());
      expect(rows.at(-1)!.slice(0, 2).concat(rows.at(-1)![8]!)).toEqual(["2026-03-02", "closing_balance", toToday.closing_balance]);
      seen.set(`january:${mill.id}`, january.entries);
      seen.set(`february:${mill.id}`, february.entries);
    }

    // The day edges: what was written in January's last millisecond is January's, in February's first February's.
    const inMonth = (month: "january" | "february") => listed.flatMap((m) => seen.get(`${month}:${m.id}`)!);
    const kinds = (month: "january" | "february", id: string) =>
      inMonth(month)
        .filter((e) => e.id === id)
        .map((e) => e.kind);
    expect(kinds("january", edges.januaryInvoice!)).toContain("invoice");
    expect(kinds("january", edges.januaryPayment!)).toContain("payment");
    expect(kinds("january", edges.januaryVoid!)).toContain("void");
    expect(kinds("february", edges.februaryInvoice!)).toContain("invoice");
    expect(kinds("february", edges.februaryPayment!)).toContain("payment");
    expect(kinds("february", edges.februaryVoid!)).toContain("void");
    expect(kinds("february", edges.januaryVoid!)).not.toContain("void");

    // The books held every kind of entry, voids of invoices and of payments both.
    const all = inMonth("january").concat(inMonth("february"));
    expect(new Set(all.map((e) => e.kind))).toEqual(new Set(["invoice", "payment", "void"]));
    expect(new Set(all.filter((e) => e.kind === "void").map((e) => e.reverses!.kind))).toEqual(new Set(["invoice", "payment"]));
  });
});
