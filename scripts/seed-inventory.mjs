// Realistic, deterministic demo data for the inventory service: godowns, the yarn catalogue's SKUs, mills,
// lots, a few thousand sales over the last 90 days with payments and credit notes, customers with valid
// GSTINs, expenses, mill invoices and payments. `large: true` adds 10,000+ rows to every exported table
// (and 1,200 lots in stock) for `npm run bench`.
//
// Idempotent: every row has a fixed id (`<prefix>_` + 26 characters keyed by its index) and is written with
// INSERT OR IGNORE; a fixed PRNG seed makes the same rows for the same `nowMs`. Dates are relative to it, so every
// run for one organisation must pass the same instant (`scripts/seed.mjs` passes the organisation's creation).
// Plain literal SQL (no bound parameters), each statement under 90 KB (D1 limits a statement to 100 KB). The yarn catalogue, rounding, GSTIN check character and
// IST dates come from the service's own domain modules (TypeScript: `scripts/seed.mjs` loads this file through tsx).

import { YARN_CATALOGUE } from "../src/inventory/domain/yarn.ts";
import { gstinCheckCharacter } from "../src/inventory/domain/gstin.ts";
import { creditNoteTax, invoiceTax, lineTax, supplyKind } from "../src/inventory/domain/place-of-supply.ts";
import { financialYearCode } from "../src/inventory/domain/invoice-number.ts";
import { addDays, istDateOf, istDayStartUtcMs } from "../src/inventory/domain/ist.ts";
import { amountPaise } from "../src/inventory/domain/money.ts";

const DAY_MS = 86_400_000;
const MAX_STATEMENT_BYTES = 90_000;
const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** mulberry32: small, fast, deterministic. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** `<prefix>_` + 10 zero "time" characters + the index in base 32: fixed, unique, the platform's id shape. */
export function seedId(prefix, index) {
  let tail = "";
  let value = index;
  for (let i = 0; i < 16; i++) {
    tail = CROCKFORD[value % 32] + tail;
    value = Math.floor(value / 32);
  }
  return `${prefix}_0000000000${tail}`;
}

const sql = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;

function gstin(random, stateCode, holderType) {
  const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  let pan = "";
  for (let i = 0; i < 3; i++) pan += random.pick(letters);
  pan += holderType + random.pick(letters) + String(random.int(0, 9999)).padStart(4, "0") + random.pick(letters);
  const first14 = `${stateCode}${pan}${random.pick("1112")}Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** Multi-row INSERT OR IGNORE statements, each under MAX_STATEMENT_BYTES. */
function inserts(table, columns, rows) {
  const statements = [];
  const head = `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES\n`;
  let values = [];
  let bytes = head.length;
  for (const row of rows) {
    const tuple = `(${row.map(sql).join(", ")})`;
    if (values.length > 0 && bytes + tuple.length + 2 > MAX_STATEMENT_BYTES) {
      statements.push(`${head}${values.join(",\n")};`);
      values = [];
      bytes = head.length;
    }
    values.push(tuple);
    bytes += byteLength(tuple) + 2;
  }
  if (values.length > 0) statements.push(`${head}${values.join(",\n")};`);
  return statements;
}

const encoder = new TextEncoder();
function byteLength(text) {
  return encoder.encode(text).length;
}

const GODOWNS = [
  ["TPR-1", "Tiruppur main godown, Kangeyam Road", "Tiruppur"],
  ["TPR-2", "Tiruppur annexe, Avinashi Road", "Tiruppur"],
  ["ERD-1", "Erode godown, Perundurai Road", "Erode"],
  ["SRT-1", "Surat godown, Ring Road", "Surat"],
];

// Fictional mills in the real spinning hubs (state code for their GSTIN).
const MILLS = [
  ["Sri Kannapiran Spinning Mills", "Coimbatore", "33", "SKSM"],
  ["Palladam Compact Spinners", "Palladam", "33", "PCS"],
  ["Rajapalayam Cotton Mills Ltd", "Rajapalayam", "33", "RCM"],
  ["Erode Open End Yarns", "Erode", "33", "EOE"],
  ["Ludhiana Spun & Blends", "Ludhiana", "03", "LSB"],
  ["Bhilwara Polyviscose Mills", "Bhilwara", "08", "BPM"],
  ["Surat Filament Yarns Pvt Ltd", "Surat", "24", "SFY"],
  ["Ichalkaranji Melange Spinners", "Ichalkaranji", "27", "IMS"],
];

const CITIES = [
  ["Tiruppur", "33", "Tamil Nadu", 0.4],
  ["Erode", "33", "Tamil Nadu", 0.1],
  ["Ludhiana", "03", "Punjab", 0.1],
  ["Surat", "24", "Gujarat", 0.1],
  ["Bhiwandi", "27", "Maharashtra", 0.1],
  ["Panipat", "06", "Haryana", 0.05],
  ["Kolkata", "19", "West Bengal", 0.05],
  ["Bengaluru", "29", "Karnataka", 0.1],
];
const FIRST = [
  "Sri Murugan",
  "Kumaran",
  "Balaji",
  "Sree Annapoorna",
  "Vel",
  "Lakshmi",
  "Ganesh",
  "Shakti",
  "Om Sai",
  "Jai Bharat",
  "Maruti",
  "Amman",
  "Royal",
  "Everest",
  "Saravana",
  "Krishna",
  "Raghav",
  "Mahalakshmi",
  "Shree Ram",
  "Kaveri",
];
const KIND = ["Knit Fabrics", "Hosiery", "Garments", "Knitting Mills", "Textiles", "Exports", "Processors", "Apparels", "Weaving Mills", "Fabrics"];
const SCRIPT_NAMES = ["श्री गणेश होज़री", "திருப்பூர் நிட்ஸ், யூனிட் 2", "ਖ਼ਾਲਸਾ ਨਿਟਵੀਅਰ", "શ્રી અંબિકા ટેક્સટાઇલ્સ"];
const STREETS = [
  "Kangeyam Road",
  "Avinashi Road",
  "Mangalam Road",
  "Ring Road",
  "GIDC Estate",
  "Focal Point",
  "Industrial Area Phase 2",
  "SIDCO Estate",
  "Station Road",
];
const PEOPLE = ["Ravi Kumar", "S. Meena", "Arjun Nair", "Priya Raman", "Harpreet Singh", "Mohammed Irfan", "Deepa K", "Vikram Shah"];
const EXPENSE_CATEGORIES = [
  ["Freight", 150_000, 2_500_000],
  ["Hamali (loading and unloading)", 50_000, 600_000],
  ["Godown rent", 4_500_000, 9_000_000],
  ["Electricity", 300_000, 1_200_000],
  ["Salaries", 2_500_000, 6_000_000],
  ["Telephone and internet", 80_000, 300_000],
  ["Packing material", 100_000, 900_000],
  ["Bank charges", 1_000, 50_000],
  ["Diesel", 200_000, 1_500_000],
  ["Office supplies", 20_000, 250_000],
];
const EXPENSE_NOTES = [
  null,
  null,
  "Lorry TN-39 AB 1234 to Erode",
  "Paid in cash, receipt no. 457",
  'Invoice "urgent" – settled',
  "Monthly, as per agreement",
  "Includes GST 18%",
  "Diwali bonus, 2 staff",
];
const PAY_METHODS = ["neft", "neft", "rtgs", "upi", "cheque", "imps"];

function reference(random, method) {
  if (method === "cheque") return `CHQ ${String(random.int(100000, 999999))}`;
  if (method === "upi") return `UPI ${String(random.int(100000000, 999999999))}${random.int(100, 999)}`;
  if (method === "cash") return null;
  return `UTR ${random.pick(["HDFC", "ICIC", "SBIN", "UTIB", "KKBK"])}${String(random.int(10000000, 99999999))}${random.int(1000, 9999)}`;
}

/**
 * SQL statements that seed one organisation. Deterministic for a given (orgId, large, day of nowMs); rerunning
 * changes nothing because every id already exists.
 */
export function inventorySeedStatements({ orgId, seller, large = false, nowMs }) {
  const random = prng(0x1a2b3c4d);
  const today = istDateOf(nowMs);
  const created = istDayStartUtcMs(addDays(today, -180));
  const statements = [];

  // Godowns.
  const godowns = GODOWNS.map(([code, name, city], i) => ({ id: seedId("gdn", i + 1), code, name, city }));
  statements.push(
    ...inserts(
      "godowns",
      ["id", "org_id", "code", "name", "city", "created_at"],
      godowns.map((g) => [g.id, orgId, g.code, g.name, g.city, created]),
    ),
  );

  // SKUs: the whole catalogue (43), with reorder points between 300 and 1,000 kg.
  const skus = YARN_CATALOGUE.map(
    ({ sku, name, yarnType, countNe, ply, denier, filaments, blend, composition, shade, hsn, costPaisePerKg: { min, max } }, i) => ({
      id: seedId("sku", i + 1),
      sku,
      name,
      yarnType,
      countNe,
      ply,
      denier,
      filaments,
      blend,
      composition,
      shade,
      hsn,
      min,
      max,
      filament: countNe === null,
      // Rates in force today (from 22-Sep-2025 every yarn heading is 5%).
      gstRateBps: 500,
      threshold: random.int(6, 20) * 50_000,
    }),
  );
  statements.push(
    ...inserts(
      "skus",
      [
        "id",
        "org_id",
        "sku",
        "name",
        "yarn_type",
        "count_ne",
        "ply",
        "denier",
        "filaments",
        "blend",
        "composition",
        "shade",
        "hsn",
        "gst_rate_bps",
        "stock_low_threshold_grams",
        "created_at",
      ],
      skus.map((s) => [
        s.id,
        orgId,
        s.sku,
        s.name,
        s.yarnType,
        s.countNe,
        s.ply,
        s.denier,
        s.filaments,
        s.blend,
        s.composition,
        s.shade,
        s.hsn,
        s.gstRateBps,
        s.threshold,
        created,
      ]),
    ),
  );

  // Mills.
  const mills = MILLS.map(([name, city, state, code], i) => ({ id: seedId("mill", i + 1), name, city, code, gstin: gstin(random, state, "C") }));
  statements.push(
    ...inserts(
      "suppliers",
      ["id", "org_id", "name", "gstin", "city", "created_at"],
      mills.map((m) => [m.id, orgId, m.name, m.gstin, m.city, created]),
    ),
  );

  // Customers: registered businesses in the yarn-buying hubs, a few unregistered, some names in Indian scripts.
  const customerCount = 80;
  const customers = [];
  for (let i = 0; i < customerCount; i++) {
    let roll = random.next();
    const city = CITIES.find((c) => (roll -= c[3]) < 0) ?? CITIES[0];
    const name =
      i < SCRIPT_NAMES.length
        ? SCRIPT_NAMES[i]
        : `${random.pick(FIRST)} ${random.pick(KIND)}${random.chance(0.15) ? `, Unit ${random.int(2, 4)}` : ""}`;
    const registered = random.chance(0.9);
    customers.push({
      id: seedId("cust", i + 1),
      name,
      contact: `${random.pick(PEOPLE)} +91 ${random.int(70000, 99999)} ${random.int(10000, 99999)}`,
      gstin: registered ? gstin(random, city[1], random.pick("CFFPP")) : null,
      address: `${random.int(1, 250)}, ${random.pick(STREETS)}\n${city[0]}, ${city[2]}`,
      stateCode: city[1],
      creditLimit: random.int(2, 40) * 2_500_000,
    });
  }
  statements.push(
    ...inserts(
      "customers",
      ["id", "org_id", "name", "contact", "gstin", "address", "state_code", "credit_limit_paise", "created_at"],
      customers.map((c) => [c.id, orgId, c.name, c.contact, c.gstin, c.address, c.stateCode, c.creditLimit, created]),
    ),
  );

  // Lots over the last 120 days, then sales taken from them in time order, so stock is always consistent.
  const lots = [];
  const lotCount = 360;
  for (let i = 0; i < lotCount; i++) {
    const sku = random.pick(skus);
    const mill = sku.filament ? mills[6] : sku.yarnType === "melange" ? mills[7] : random.pick(mills.slice(0, 6));
    const receivedAt = istDayStartUtcMs(addDays(today, -random.int(1, 120))) + random.int(9, 18) * 3_600_000;
    const bagKg = random.chance(0.2) ? 45_360 : 50_000;
    const grams = random.int(20, 100) * bagKg;
    lots.push({
      id: seedId("lot", i + 1),
      sku,
      mill,
      godown: sku.filament ? godowns[3] : random.pick(godowns.slice(0, 3)),
      number: `${mill.code}-${istDateOf(receivedAt).slice(2, 7).replace("-", "")}-${String(random.int(1, 9999)).padStart(4, "0")}`,
      grams,
      remaining: grams,
      cost: Math.round(random.int(sku.min, sku.max) / 50) * 50,
      receivedAt: Math.min(receivedAt, nowMs - 3_600_000),
    });
  }

  const saleCount = 3_000;
  const saleTimes = [];
  for (let i = 0; i < saleCount; i++) {
    const day = addDays(today, -random.int(0, 89));
    saleTimes.push(Math.min(istDayStartUtcMs(day) + random.int(9 * 60, 20 * 60) * 60_000 + random.int(0, 59_999), nowMs - 60_000));
  }
  saleTimes.sort((a, b) => a - b);
  const sales = [];
  const items = [];
  const seqByFy = new Map();
  let itemIndex = 0;
  for (const soldAt of saleTimes) {
    const open = lots.filter((l) => l.receivedAt <= soldAt && l.remaining > 0);
    if (open.length === 0) continue;
    const lines = [];
    const lineCount = random.chance(0.65) ? 1 : random.int(2, 3);
    for (let k = 0; k < lineCount; k++) {
      const lot = random.pick(open);
      if (lines.some((l) => l.lot === lot)) continue;
      const wanted = random.int(40, 500) * 500;
      const grams = lot.remaining - wanted < 25_000 ? lot.remaining : wanted;
      const margin = random.int(100, 500); // 1-5% over cost, in basis points
      lines.push({ lot, grams, rate: Math.round((lot.cost * (10_000 + margin)) / 10_000) });
    }
    const saleDate = istDateOf(soldAt);
    const cancelled = random.chance(0.03);
    const sale = {
      id: seedId("sale", sales.length + 1),
      customer: customers[Math.floor(random.next() ** 1.6 * customers.length)],
      saleDate,
      soldAt,
      status: cancelled ? "cancelled" : soldAt < nowMs - 2 * DAY_MS && random.chance(0.85) ? "dispatched" : "confirmed",
      grams: 0,
      taxable: 0,
      gst: 0,
      lineTaxes: [],
    };
    const kind = supplyKind(seller.stateCode, sale.customer.stateCode);
    for (const line of lines) {
      const amount = amountPaise(line.grams, line.rate);
      const tax = lineTax(amount, line.lot.sku.gstRateBps, kind);
      const gst = tax.cgstPaise + tax.sgstPaise + tax.igstPaise;
      sale.lineTaxes.push(tax);
      if (!cancelled) line.lot.remaining -= line.grams; // a cancelled sale's kg went back to the lot
      sale.grams += line.grams;
      sale.taxable += amount;
      sale.gst += gst;
      items.push([
        seedId("item", ++itemIndex),
        orgId,
        sale.id,
        line.lot.id,
        line.lot.sku.id,
        line.grams,
        line.rate,
        amount,
        line.lot.sku.gstRateBps,
        gst,
        tax.cgstPaise,
        tax.sgstPaise,
        tax.igstPaise,
      ]);
    }
    sale.split = invoiceTax(sale.lineTaxes);
    const fy = financialYearCode(saleDate);
    const seq = (seqByFy.get(fy) ?? 0) + 1;
    seqByFy.set(fy, seq);
    sale.fy = fy;
    sale.seq = seq;
    sale.invoice = `INV/${fy}/${String(seq).padStart(6, "0")}`;
    sale.total = sale.taxable + sale.gst;
    sale.dispatchedAt = sale.status === "dispatched" ? Math.min(soldAt + random.int(2, 30) * 3_600_000, nowMs) : null;
    sale.cancelledAt = cancelled ? Math.min(soldAt + random.int(1, 48) * 3_600_000, nowMs) : null;
    sales.push(sale);
  }

  // Payments: most invoices older than two weeks are paid, some in two parts; a few are partly paid.
  const payments = [];
  // Credit notes, numbered below once all are dated.
  const notes = [];
  for (const sale of sales) {
    if (sale.status === "cancelled") continue;
    const age = (nowMs - sale.soldAt) / DAY_MS;
    if (random.chance(0.02)) {
      const issuedOn = istDateOf(Math.min(sale.soldAt + random.int(2, 20) * DAY_MS, nowMs));
      const amount = Math.round((sale.total * random.int(1, 5)) / 100);
      const tax = creditNoteTax(amount, sale.split);
      sale.credited = amount;
      notes.push({
        id: seedId("cn", notes.length + 1),
        sale,
        amount,
        reason: random.pick(["Short weight on delivery", "Shade variation, 2 bags returned", "Rate difference as agreed"]),
        issuedOn,
        tax,
      });
    }
    if (age < 7) continue;
    const due = sale.total - (sale.credited ?? 0);
    const roll = random.next();
    const parts = roll < 0.7 ? [due] : roll < 0.85 ? [Math.floor(due / 2), due - Math.floor(due / 2)] : roll < 0.93 ? [Math.floor(due * 0.4)] : [];
    let paidAt = null;
    let when = sale.soldAt;
    parts.forEach((amount, k) => {
      if (amount <= 0) return;
      when = Math.min(when + random.int(3, 30) * DAY_MS, nowMs - 60_000);
      const method = random.pick(PAY_METHODS);
      payments.push([
        seedId("pay", payments.length + 1),
        orgId,
        sale.customer.id,
        sale.id,
        amount,
        method,
        reference(random, method),
        istDateOf(when),
        when,
      ]);
      if (k === parts.length - 1 && parts.reduce((a, b) => a + b, 0) >= due) paidAt = when;
    });
    sale.paidAt = parts.length > 0 && parts.reduce((a, b) => a + b, 0) >= due ? paidAt : null;
  }
  // A financial year's credit notes are one series numbered in date order, as the service numbers them (it refuses a
  // note dated before the year's last one), but the notes above are dated 2 to 20 days after their sales, so out of
  // order. Sorted by date (stable: same-day notes keep their sales' order), then numbered.
  const cnSeq = new Map();
  const creditNotes = notes
    .sort((a, b) => (a.issuedOn < b.issuedOn ? -1 : a.issuedOn > b.issuedOn ? 1 : 0))
    .map(({ id, sale, amount, reason, issuedOn, tax }) => {
      const fy = financialYearCode(issuedOn);
      const n = (cnSeq.get(fy) ?? 0) + 1;
      cnSeq.set(fy, n);
      return [
        id,
        orgId,
        sale.customer.id,
        sale.id,
        `CN/${fy}/${String(n).padStart(6, "0")}`,
        amount,
        reason,
        issuedOn,
        sale.soldAt + DAY_MS,
        tax.taxablePaise,
        tax.cgstPaise,
        tax.sgstPaise,
        tax.igstPaise,
      ];
    });
  // A few advances: money on account (a negative outstanding in the customers export), received after the
  // customer's last invoice, since an invoice booked after an advance consumes it.
  for (let i = 0; i < 5; i++) {
    const holder = customers[customers.length - 1 - i];
    const lastSoldAt = Math.max(0, ...sales.filter((sale) => sale.customer === holder).map((sale) => sale.soldAt));
    const method = random.pick(PAY_METHODS);
    const when = Math.min(nowMs - 60_000, Math.max(lastSoldAt + 3_600_000, istDayStartUtcMs(addDays(today, -random.int(1, 20))) + 11 * 3_600_000));
    payments.push([
      seedId("pay", payments.length + 1),
      orgId,
      holder.id,
      null,
      random.int(10, 50) * 1_000_000,
      method,
      reference(random, method),
      istDateOf(when),
      when,
    ]);
  }

  statements.push(
    ...inserts(
      "lots",
      [
        "id",
        "org_id",
        "lot_number",
        "sku_id",
        "godown_id",
        "supplier_id",
        "grams_received",
        "grams_sold",
        "grams_remaining",
        "cost_paise_per_kg",
        "received_at",
        "created_at",
      ],
      // No seeded note returns kg and no lot moves, so what left a lot was sold.
      lots.map((l) => [
        l.id,
        orgId,
        l.number,
        l.sku.id,
        l.godown.id,
        l.mill.id,
        l.grams,
        l.grams - l.remaining,
        l.remaining,
        l.cost,
        l.receivedAt,
        l.receivedAt,
      ]),
    ),
    ...inserts(
      "sales",
      [
        "id",
        "org_id",
        "invoice_number",
        "financial_year",
        "invoice_seq",
        "customer_id",
        "sale_date",
        "sold_at",
        "status",
        "grams_total",
        "taxable_paise",
        "gst_paise",
        "total_paise",
        "dispatched_at",
        "cancelled_at",
        "paid_at",
        "created_at",
        "seller_gstin",
        "seller_state_code",
        "place_of_supply",
        "cgst_paise",
        "sgst_paise",
        "igst_paise",
      ],
      sales.map((s) => [
        s.id,
        orgId,
        s.invoice,
        s.fy,
        s.seq,
        s.customer.id,
        s.saleDate,
        s.soldAt,
        s.status,
        s.grams,
        s.taxable,
        s.gst,
        s.total,
        s.dispatchedAt,
        s.cancelledAt,
        s.paidAt ?? null,
        s.soldAt,
        seller.gstin,
        seller.stateCode,
        s.customer.stateCode,
        s.split.cgstPaise,
        s.split.sgstPaise,
        s.split.igstPaise,
      ]),
    ),
    ...inserts(
      "sale_items",
      [
        "id",
        "org_id",
        "sale_id",
        "lot_id",
        "sku_id",
        "grams",
        "rate_paise_per_kg",
        "amount_paise",
        "gst_rate_bps",
        "gst_paise",
        "cgst_paise",
        "sgst_paise",
        "igst_paise",
      ],
      items,
    ),
    ...inserts("payments", ["id", "org_id", "customer_id", "sale_id", "amount_paise", "method", "reference", "paid_on", "created_at"], payments),
    ...inserts(
      "credit_notes",
      [
        "id",
        "org_id",
        "customer_id",
        "sale_id",
        "note_number",
        "amount_paise",
        "reason",
        "issued_on",
        "created_at",
        "taxable_paise",
        "cgst_paise",
        "sgst_paise",
        "igst_paise",
      ],
      creditNotes,
    ),
  );

  // Expenses over the last 90 days.
  const expenses = [];
  const expense = (index, day) => {
    const [category, min, max] = random.pick(EXPENSE_CATEGORIES);
    const at = istDayStartUtcMs(day) + random.int(10, 19) * 3_600_000;
    return [
      seedId("exp", index),
      orgId,
      day,
      category,
      Math.round(random.int(min, max) / 100) * 100,
      random.pick(EXPENSE_NOTES),
      random.pick(PEOPLE.slice(0, 3)),
      at,
    ];
  };
  for (let i = 0; i < 420; i++) expenses.push(expense(i + 1, addDays(today, -random.int(0, 89))));

  // Mill invoices: one per lot (cost plus 5% GST), and payments against most invoices older than 30 days.
  const millInvoices = [];
  const millPayments = [];
  lots.forEach((lot, i) => {
    const id = seedId("minv", i + 1);
    const amount = Math.round((amountPaise(lot.grams, lot.cost) * 105) / 100);
    const date = istDateOf(lot.receivedAt);
    millInvoices.push([
      id,
      orgId,
      lot.mill.id,
      `${lot.mill.code}/${financialYearCode(date).slice(0, 2)}-${financialYearCode(date).slice(2)}/${String(i + 1).padStart(4, "0")}`,
      date,
      amount,
      null,
      lot.receivedAt,
    ]);
    const age = (nowMs - lot.receivedAt) / DAY_MS;
    if (age > 30 && random.chance(0.85)) {
      const when = Math.min(lot.receivedAt + random.int(20, 45) * DAY_MS, nowMs - 60_000);
      const method = random.pick(["rtgs", "rtgs", "neft", "cheque"]);
      millPayments.push([
        seedId("mpay", millPayments.length + 1),
        orgId,
        lot.mill.id,
        id,
        istDateOf(when),
        amount,
        reference(random, method),
        method,
        when,
      ]);
    }
  });

  if (large) {
    // Benchmark volume: 10,000+ rows in every exported table and 1,000+ lots in stock. Separate index ranges
    // keep these ids apart from the demo rows above.
    const base = 1_000_000;
    const bulkCustomers = [];
    for (let i = 0; i < 10_000; i++) {
      const city = random.pick(CITIES);
      bulkCustomers.push([
        seedId("cust", base + i),
        orgId,
        `${random.pick(FIRST)} ${random.pick(KIND)} ${i + 1}`,
        `${random.pick(PEOPLE)} +91 ${random.int(70000, 99999)} ${random.int(10000, 99999)}`,
        gstin(random, city[1], random.pick("CFP")),
        `${random.int(1, 250)}, ${random.pick(STREETS)}, ${city[0]}`,
        city[1],
        random.int(2, 40) * 2_500_000,
        created,
      ]);
    }
    statements.push(
      ...inserts(
        "customers",
        ["id", "org_id", "name", "contact", "gstin", "address", "state_code", "credit_limit_paise", "created_at"],
        bulkCustomers,
      ),
    );
    for (let i = 0; i < 10_500; i++) expenses.push(expense(base + i, addDays(today, -random.int(90, 720))));
    for (let i = 0; i < 10_000; i++) {
      const mill = random.pick(mills);
      const date = addDays(today, -random.int(90, 720));
      const at = istDayStartUtcMs(date) + 12 * 3_600_000;
      const id = seedId("minv", base + i);
      const amount = random.int(50_000, 3_000_000) * 100;
      millInvoices.push([id, orgId, mill.id, `${mill.code}/B/${String(i + 1).padStart(5, "0")}`, date, amount, null, at]);
      const method = random.pick(["rtgs", "neft", "cheque"]);
      millPayments.push([
        seedId("mpay", base + i),
        orgId,
        mill.id,
        id,
        addDays(date, random.int(15, 45)),
        amount,
        reference(random, method),
        method,
        at + 30 * DAY_MS,
      ]);
    }
    const bulkLots = [];
    for (let i = 0; i < 1_200; i++) {
      const sku = random.pick(skus);
      const mill = random.pick(mills);
      const receivedAt = istDayStartUtcMs(addDays(today, -random.int(121, 400))) + random.int(9, 18) * 3_600_000;
      const grams = random.int(20, 100) * 50_000;
      bulkLots.push([
        seedId("lot", base + i),
        orgId,
        `${mill.code}-B-${String(i + 1).padStart(5, "0")}`,
        sku.id,
        random.pick(godowns).id,
        mill.id,
        grams,
        // Untouched: no sale draws on these lots, so their stock is what they received.
        grams,
        Math.round(random.int(sku.min, sku.max) / 50) * 50,
        receivedAt,
        receivedAt,
      ]);
    }
    statements.push(
      ...inserts(
        "lots",
        [
          "id",
          "org_id",
          "lot_number",
          "sku_id",
          "godown_id",
          "supplier_id",
          "grams_received",
          "grams_remaining",
          "cost_paise_per_kg",
          "received_at",
          "created_at",
        ],
        bulkLots,
      ),
    );
  }

  statements.push(
    ...inserts("expenses", ["id", "org_id", "spent_on", "category", "amount_paise", "notes", "created_by", "created_at"], expenses),
    ...inserts(
      "mill_invoices",
      ["id", "org_id", "supplier_id", "invoice_number", "invoiced_on", "amount_paise", "notes", "created_at"],
      millInvoices,
    ),
    ...inserts(
      "mill_payments",
      ["id", "org_id", "supplier_id", "mill_invoice_id", "paid_on", "amount_paise", "reference", "method", "created_at"],
      millPayments,
    ),
  );
  return statements;
}
