// The books, driven through the API by random sequences of back-office operations (receive, sell, dispatch, pay,
// pay the rest, pay on account, credit, cancel, void, damage, transfer, return) and checked after every step against a small
// model kept here with its own arithmetic: which operations are refused, each lot's kg, each customer's
// outstanding and money on account, which invoices are paid and how many times each was reported paid, one event per state change,
// and the customers export's billed, paid and outstanding figures.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CustomerBalancesPageSchema } from "../../src/inventory/ledger/schemas";
import { parseCsv } from "./domain/csv-parse";
import { admin, api, createKey, createOrg, expectStatus, inProcess } from "./helpers";

// Thousands of requests: the Worker's handler is called in this isolate, not through the runtime's loopback.
const backOffice = (method: string, path: string, body?: unknown) => admin(method, path, body, inProcess);
const read = (path: string, key: string) => api(path, key, {}, inProcess);

/** Cotton yarn, 5 % (Notification 1/2017-Central Tax (Rate)). The organisation supplies from Maharashtra (27). */
const RATE_BPS = 500;
const SELLER_STATE = "27";
/** A Tamil Nadu buyer (IGST) and a Maharashtra buyer (CGST + SGST). */
const BUYERS = [
  { gstin: "33AAECG4315R1ZE", state: "33" },
  { gstin: "27AAPFU0939F1ZV", state: "27" },
];

// ---- the model: integers only (grams, paise), written from the documented rules ----

const halfUp = (numerator: number, divisor: number) => Math.floor((numerator + divisor / 2) / divisor);
/** grams × paise per kg ÷ 1000, to the nearest paisa (the amounts here are never negative). */
const linePaise = (grams: number, ratePaise: number) => halfUp(grams * ratePaise, 1000);
/** GST of one line: IGST at the full rate between states, CGST and SGST at half each within one. */
const lineTax = (taxable: number, buyerState: string) =>
  buyerState === SELLER_STATE ? 2 * halfUp(taxable * RATE_BPS, 20_000) : halfUp(taxable * RATE_BPS, 10_000);

interface ModelLot {
  id: string;
  received: number;
  remaining: number;
}
interface ModelSale {
  id: string;
  buyer: number;
  lotId: string;
  grams: number;
  ratePaise: number;
  returned: number;
  total: number;
  status: "confirmed" | "dispatched" | "cancelled";
  timesPaid: number;
  paid: boolean;
}
interface ModelReceipt {
  id: string;
  kind: "payment" | "credit_note";
  buyer: number;
  saleId: string | null;
  amount: number;
  voided: boolean;
  isReturn: boolean;
  /** The part held on the customer's account when issued: an advance whole, a return's excess over the outstanding. */
  onAccount: number;
}
interface Application {
  sourceId: string;
  saleId: string;
  amount: number;
}

class Books {
  lots: ModelLot[] = [];
  sales: ModelSale[] = [];
  receipts: ModelReceipt[] = [];
  applications: Application[] = [];

  private live = (r: ModelReceipt) => !r.voided;
  private saleOf = (id: string) => this.sales.find((s) => s.id === id)!;

  applied(saleId: string): number {
    return this.applications
      .filter((a) => a.saleId === saleId && this.live(this.receipts.find((r) => r.id === a.sourceId)!))
      .reduce((t, a) => t + a.amount, 0);
  }
  credited(saleId: string): number {
    return this.receipts.filter((r) => r.kind === "credit_note" && r.saleId === saleId && this.live(r)).reduce((t, r) => t + r.amount, 0);
  }
  settledBy(saleId: string): number {
    const direct = this.receipts.filter((r) => r.saleId === saleId && this.live(r)).reduce((t, r) => t + r.amount - r.onAccount, 0);
    return direct + this.applied(saleId);
  }
  outstanding(saleId: string): number {
    const sale = this.saleOf(saleId);
    return sale.total - this.settledBy(saleId);
  }
  /** What a receipt put on the customer's account: its part held there, or all of a payment whose invoice was cancelled. */
  putOnAccount(receipt: ModelReceipt): number {
    const cancelled = receipt.kind === "payment" && receipt.saleId !== null && this.saleOf(receipt.saleId).status === "cancelled";
    return cancelled ? receipt.amount : receipt.onAccount;
  }
  /** Money on account: what receipts not voided put there, less what invoices not cancelled consumed of it. */
  unapplied(source: ModelReceipt): number {
    const used = this.applications
      .filter((a) => a.sourceId === source.id && this.saleOf(a.saleId).status !== "cancelled")
      .reduce((t, a) => t + a.amount, 0);
    return this.putOnAccount(source) - used;
  }
  /** The buyer's money on account (the customers list's on_account). */
  onAccount(buyer: number): number {
    return this.receipts.filter((r) => r.buyer === buyer && this.live(r)).reduce((t, r) => t + this.unapplied(r), 0);
  }
  /** Billed on the buyer's invoices not cancelled (the export's total_billed). */
  billed(buyer: number): number {
    return this.sales.filter((s) => s.buyer === buyer && s.status !== "cancelled").reduce((t, s) => t + s.total, 0);
  }
  /** The buyer's payments not voided, on account or against any invoice (the export's total_paid). */
  paid(buyer: number): number {
    return this.receipts.filter((r) => r.buyer === buyer && r.kind === "payment" && this.live(r)).reduce((t, r) => t + r.amount, 0);
  }
  /** Billed less paid less credit notes not voided (those on cancelled invoices are reversed with them). */
  customerOutstanding(buyer: number): number {
    const credited = this.receipts
      .filter((r) => r.buyer === buyer && r.kind === "credit_note" && this.live(r) && this.saleOf(r.saleId!).status !== "cancelled")
      .reduce((t, r) => t + r.amount, 0);
    return this.billed(buyer) - this.paid(buyer) - credited;
  }
  /** After any change: an invoice is paid exactly when settled; each time it becomes paid is one report. */
  refresh(): void {
    for (const sale of this.sales) {
      if (sale.status === "cancelled") continue;
      const settled = this.settledBy(sale.id) >= sale.total;
      if (settled && !sale.paid) sale.timesPaid++;
      sale.paid = settled;
    }
  }
}

// ---- the operations ----

type Op =
  | { op: "receive"; grams: number }
  | { op: "sell"; buyer: number; lot: number; grams: number; ratePaise: number }
  | { op: "dispatch"; sale: number }
  | { op: "cancel"; sale: number }
  | { op: "pay"; sale: number; amount: number }
  | { op: "settle"; sale: number }
  | { op: "advance"; buyer: number; amount: number }
  | { op: "credit"; sale: number; amount: number }
  | { op: "void"; receipt: number }
  | { op: "damage"; lot: number; grams: number }
  | { op: "transfer"; lot: number; grams: number }
  | { op: "return"; sale: number; grams: number };

const pick = fc.nat({ max: 7 });
/** The picked lot, sale or receipt among those the sequence has made so far (none yet: the step is skipped). */
const nth = <T>(items: T[], index: number): T | undefined => items[index % Math.max(1, items.length)];
const grams = fc.integer({ min: 1, max: 60 }).map((kg) => kg * 500);
const money = fc.integer({ min: 1, max: 400_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant("receive" as const), grams: fc.integer({ min: 20, max: 80 }).map((kg) => kg * 1000) }), weight: 2 },
  {
    arbitrary: fc.record({
      op: fc.constant("sell" as const),
      buyer: fc.nat({ max: 1 }),
      lot: pick,
      grams,
      ratePaise: fc.integer({ min: 10_000, max: 40_000 }),
    }),
    weight: 4,
  },
  fc.record({ op: fc.constant("dispatch" as const), sale: pick }),
  fc.record({ op: fc.constant("cancel" as const), sale: pick }),
  { arbitrary: fc.record({ op: fc.constant("pay" as const), sale: pick, amount: money }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant("settle" as const), sale: pick }), weight: 2 },
  fc.record({ op: fc.constant("advance" as const), buyer: fc.nat({ max: 1 }), amount: money }),
  fc.record({ op: fc.constant("credit" as const), sale: pick, amount: money }),
  { arbitrary: fc.record({ op: fc.constant("void" as const), receipt: pick }), weight: 2 },
  fc.record({ op: fc.constant("damage" as const), lot: pick, grams }),
  fc.record({ op: fc.constant("transfer" as const), lot: pick, grams }),
  fc.record({ op: fc.constant("return" as const), sale: pick, grams }),
);

/** "settle" pays exactly what the picked invoice still owes: the one amount random figures almost never hit. */
function payTheRest(books: Books, sale: number): Exclude<Op, { op: "settle" }> | null {
  const picked = nth(books.sales, sale);
  const rest = picked && picked.status !== "cancelled" ? books.outstanding(picked.id) : 0;
  return rest > 0 ? { op: "pay", sale, amount: rest } : null;
}

const rupees = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
const kg = (g: number) => `${Math.floor(g / 1000)}.${String(g % 1000).padStart(3, "0")}`;

/** One sequence, in an organisation shared by the batch: its customers and lots are its own, so no other touches them. */
async function run(orgId: string, key: string, ops: Op[]): Promise<void> {
  const base = `/admin/api/orgs/${orgId}`;
  const buyers: string[] = [];
  for (const buyer of BUYERS) {
    buyers.push(
      (await expectStatus(await backOffice("POST", `${base}/customers`, { name: `Buyer ${buyer.state}`, gstin: buyer.gstin }), 201)).data.id,
    );
  }
  const books = new Books();

  for (const [step, planned] of ops.entries()) {
    const op = planned.op === "settle" ? payTheRest(books, planned.sale) : planned;
    if (op === null) continue;
    const at = `step ${step} ${JSON.stringify(op)}`;
    let response: Response | null = null;
    let expected = 0;
    switch (op.op) {
      case "receive": {
        response = await backOffice("POST", `${base}/lots`, {
          lot_number: `L-${crypto.randomUUID().slice(0, 12)}`,
          sku: "CTN-CMB-30S1-RW",
          yarn_type: "cotton_combed",
          godown_code: "TPR-1",
          kg: kg(op.grams),
          cost_per_kg: "250.00",
        });
        expected = 201;
        const body = await expectStatus(response, expected);
        books.lots.push({ id: body.data.id, received: op.grams, remaining: op.grams });
        response = null;
        break;
      }
      case "sell": {
        const lot = nth(books.lots, op.lot);
        if (!lot) continue;
        const state = BUYERS[op.buyer]!.state;
        response = await backOffice("POST", `${base}/sales`, {
          customer_id: buyers[op.buyer],
          items: [{ lot_id: lot.id, kg: kg(op.grams), rate_per_kg: rupees(op.ratePaise) }],
        });
        if (lot.remaining < op.grams) {
          expected = 409;
          break;
        }
        expected = 201;
        const body = await expectStatus(response, expected);
        response = null;
        const taxable = linePaise(op.grams, op.ratePaise);
        const sale: ModelSale = {
          id: body.data.id,
          buyer: op.buyer,
          lotId: lot.id,
          grams: op.grams,
          ratePaise: op.ratePaise,
          returned: 0,
          total: taxable + lineTax(taxable, state),
          status: "confirmed",
          timesPaid: 0,
          paid: false,
        };
        expect(body.data.total_amount, at).toBe(rupees(sale.total));
        lot.remaining -= op.grams;
        books.sales.push(sale);
        // Money on account pays the new invoice first, oldest first (receipts are kept in creation order).
        let left = sale.total;
        const onAccount = books.receipts.filter((r) => !r.voided && r.buyer === op.buyer && books.putOnAccount(r) > 0);
        for (const source of onAccount) {
          if (left === 0) break;
          const take = Math.min(left, books.unapplied(source));
          if (take <= 0) continue;
          books.applications.push({ sourceId: source.id, saleId: sale.id, amount: take });
          left -= take;
        }
        break;
      }
      case "dispatch":
      case "cancel": {
        const sale = nth(books.sales, op.sale);
        if (!sale) continue;
        response = await backOffice("POST", `/admin/api/sales/${sale.id}/${op.op}`);
        expected = sale.status === "confirmed" ? 200 : 409;
        if (expected === 200) {
          if (op.op === "cancel") {
            sale.status = "cancelled";
            books.lots.find((l) => l.id === sale.lotId)!.remaining += sale.grams;
            // Its credit notes are voided with it (each an entry.voided); its payments go on account.
            for (const r of books.receipts) if (r.kind === "credit_note" && r.saleId === sale.id) r.voided = true;
          } else {
            sale.status = "dispatched";
          }
        }
        break;
      }
      case "pay":
      case "credit": {
        const sale = nth(books.sales, op.sale);
        if (!sale) continue;
        const path = op.op === "pay" ? "payments" : "credit-notes";
        const body = { customer_id: buyers[sale.buyer], sale_id: sale.id, amount: rupees(op.amount), ...(op.op === "pay" ? { method: "upi" } : {}) };
        response = await backOffice("POST", `${base}/${path}`, body);
        const refused =
          sale.status === "cancelled" ||
          (op.op === "credit" && op.amount > sale.total - books.credited(sale.id)) ||
          op.amount > books.outstanding(sale.id);
        expected = refused ? 409 : 201;
        if (!refused) {
          const created = await expectStatus(response, 201);
          response = null;
          books.receipts.push({
            id: created.data.id,
            kind: op.op === "pay" ? "payment" : "credit_note",
            buyer: sale.buyer,
            saleId: sale.id,
            amount: op.amount,
            voided: false,
            isReturn: false,
            onAccount: 0,
          });
        }
        break;
      }
      case "advance": {
        response = await backOffice("POST", `${base}/payments`, { customer_id: buyers[op.buyer], amount: rupees(op.amount), method: "neft" });
        const created = await expectStatus(response, 201);
        response = null;
        books.receipts.push({
          id: created.data.id,
          kind: "payment",
          buyer: op.buyer,
          saleId: null,
          amount: op.amount,
          voided: false,
          isReturn: false,
          onAccount: op.amount,
        });
        break;
      }
      case "void": {
        const receipt = nth(books.receipts, op.receipt);
        if (!receipt) continue;
        const path = receipt.kind === "payment" ? "payments" : "credit-notes";
        response = await backOffice("POST", `${base}/${path}/${receipt.id}/void`, { reason: "property test" });
        expected = receipt.voided || receipt.isReturn ? 409 : 200;
        if (expected === 200) receipt.voided = true;
        break;
      }
      case "damage":
      case "transfer": {
        const lot = nth(books.lots, op.lot);
        if (!lot) continue;
        response =
          op.op === "damage"
            ? await backOffice("POST", `${base}/lots/${lot.id}/adjustments`, { reason: "damage", kg: kg(op.grams) })
            : await backOffice("POST", `${base}/lots/${lot.id}/transfers`, { godown_code: "ERD-1", kg: kg(op.grams) });
        expected = lot.remaining < op.grams ? 409 : 201;
        if (expected === 201) lot.remaining -= op.grams;
        break;
      }
      case "return": {
        const sale = nth(books.sales, op.sale);
        if (!sale) continue;
        response = await backOffice("POST", `/admin/api/sales/${sale.id}/returns`, { items: [{ lot_id: sale.lotId, kg: kg(op.grams) }] });
        // The line's gross up to and including this return, less that before it: a line's returns add up to it.
        const grossUpTo = (grams: number) => linePaise(grams, sale.ratePaise) + lineTax(linePaise(grams, sale.ratePaise), BUYERS[sale.buyer]!.state);
        const amount = grossUpTo(sale.returned + op.grams) - grossUpTo(sale.returned);
        const refused = sale.status !== "dispatched" || op.grams > sale.grams - sale.returned || amount > sale.total - books.credited(sale.id);
        expected = refused ? 409 : 201;
        if (!refused) {
          const created = await expectStatus(response, 201);
          response = null;
          expect(created.data.amount, at).toBe(rupees(amount));
          // What the invoice no longer owes goes to the customer's account, like an advance.
          const onAccount = amount - Math.min(amount, books.outstanding(sale.id));
          sale.returned += op.grams;
          books.lots.find((l) => l.id === sale.lotId)!.remaining += op.grams;
          books.receipts.push({
            id: created.data.id,
            kind: "credit_note",
            buyer: sale.buyer,
            saleId: sale.id,
            amount,
            voided: false,
            isReturn: true,
            onAccount,
          });
        }
        break;
      }
    }
    if (response !== null) {
      const text = await response.text();
      expect(response.status, `${at}: ${text}`).toBe(expected);
    }
    books.refresh();
    await compare(books, orgId, key, buyers, at);
    await compareEventsAndExport(books, orgId, key, buyers, at);
  }
}

/** One event per state change so far, and the customers export agreeing with the API and the model. */
async function compareEventsAndExport(books: Books, orgId: string, key: string, buyers: string[], at: string): Promise<void> {
  const { results } = await env.DB.prepare(
    `SELECT type, COUNT(*) AS n FROM events
      WHERE org_id = ?1 AND (json_extract(payload, '$.sale_id') IN (SELECT value FROM json_each(?2))
                             OR (type = 'entry.voided' AND json_extract(payload, '$.id') IN (SELECT value FROM json_each(?3))))
      GROUP BY type`,
  )
    .bind(orgId, JSON.stringify(books.sales.map((s) => s.id)), JSON.stringify(books.receipts.map((r) => r.id)))
    .all<{ type: string; n: number }>();
  const counted = Object.fromEntries(results.map((r) => [r.type, r.n]));
  const expected: Record<string, number> = {
    "sale.created": books.sales.length,
    "sale.dispatched": books.sales.filter((s) => s.status === "dispatched").length,
    "sale.cancelled": books.sales.filter((s) => s.status === "cancelled").length,
    "invoice.paid": books.sales.reduce((t, s) => t + s.timesPaid, 0),
    "entry.voided": books.receipts.filter((r) => r.voided).length,
  };
  // stock.low is not modelled (it depends on the SKU's threshold across every lot of the organisation).
  delete counted["stock.low"];
  expect(counted, `${at}: events`).toEqual(Object.fromEntries(Object.entries(expected).filter(([, n]) => n > 0)));

  const csv = parseCsv((await (await read("/api/v1/export/customers", key)).text()).replace(/^\uFEFF/, ""));
  const column = (name: string) => csv[0]!.indexOf(name);
  const page = CustomerBalancesPageSchema.parse(await expectStatus(await read("/api/v1/customers?limit=100", key), 200));
  for (const [buyer, id] of buyers.entries()) {
    const row = csv.find((r) => r[0] === id)!;
    expect(row[column("total_billed")], `${at}: export total_billed of ${id}`).toBe(rupees(books.billed(buyer)));
    expect(row[column("total_paid")], `${at}: export total_paid of ${id}`).toBe(rupees(books.paid(buyer)));
    expect(row[column("outstanding")], `${at}: export outstanding of ${id}`).toBe(page.data.find((c) => c.id === id)!.outstanding);
  }
}

async function compare(books: Books, orgId: string, key: string, buyers: string[], at: string): Promise<void> {
  const { results: lots } = await env.DB.prepare(
    "SELECT id, grams_remaining AS remaining FROM lots WHERE org_id = ?1 AND id IN (SELECT value FROM json_each(?2))",
  )
    .bind(orgId, JSON.stringify(books.lots.map((l) => l.id)))
    .all<{ id: string; remaining: number }>();
  expect(Object.fromEntries(lots.map((l) => [l.id, l.remaining])), `${at}: kg per lot`).toEqual(
    Object.fromEntries(books.lots.map((l) => [l.id, l.remaining])),
  );
  for (const lot of books.lots) expect(lot.remaining, at).toBeGreaterThanOrEqual(0);

  const page = CustomerBalancesPageSchema.parse(await expectStatus(await read("/api/v1/customers?limit=100", key), 200));
  const outstanding = buyers.map((id) => page.data.find((c) => c.id === id)!.outstanding);
  expect(outstanding, `${at}: outstanding per customer`).toEqual(
    buyers.map((_, i) => {
      const paise = books.customerOutstanding(i);
      return paise < 0 ? `-${rupees(-paise)}` : rupees(paise);
    }),
  );
  const onAccount = buyers.map((id) => page.data.find((c) => c.id === id)!.on_account);
  expect(onAccount, `${at}: on account per customer`).toEqual(buyers.map((_, i) => rupees(books.onAccount(i))));

  const { results: sales } = await env.DB.prepare(
    `SELECT s.id, s.status, s.paid_at IS NOT NULL AS paid,
            (SELECT COUNT(*) FROM events e WHERE e.org_id = s.org_id AND e.type = 'invoice.paid' AND json_extract(e.payload, '$.sale_id') = s.id) AS reports
       FROM sales s WHERE s.org_id = ?1 AND s.id IN (SELECT value FROM json_each(?2))`,
  )
    .bind(orgId, JSON.stringify(books.sales.map((sale) => sale.id)))
    .all<{ id: string; status: string; paid: number; reports: number }>();
  for (const sale of books.sales) {
    const row = sales.find((s) => s.id === sale.id)!;
    expect(row.status, `${at}: ${sale.id} status`).toBe(sale.status);
    if (sale.status === "cancelled") continue;
    expect(row.paid === 1, `${at}: ${sale.id} paid`).toBe(sale.paid);
    expect(row.reports, `${at}: ${sale.id} invoice.paid reports`).toBe(sale.timesPaid);
  }
}

const SEQUENCES_PER_BATCH = 25;

describe("the books under random back-office sequences", () => {
  // 8 tests of SEQUENCES_PER_BATCH sequences of up to 12 operations (200 sequences), each test with one
  // organisation (each sequence has its own customers and lots in it).
  it.each(Array.from({ length: 8 }, (_, batch) => batch))(
    "batch %i: refuse exactly what the model refuses and agree with it after every step",
    { timeout: 300_000 },
    async () => {
      const orgId = await createOrg();
      const { key } = await createKey(orgId);
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
          await run(orgId, key, ops);
        }),
        { numRuns: SEQUENCES_PER_BATCH },
      );
    },
  );
});
