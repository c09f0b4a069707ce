// Deterministic bench data for an inventory organisation with `rows` rows in each exported table (customers,
// expenses, mill invoices, mill payments) and in lots and sales, generated inside SQLite with recursive CTEs so
// 10,000 rows cost one statement per table instead of 10,000 INSERTs. Ids keep the services' shape
// (`<prefix>_<26 sortable chars>`), so keyset paging and id-time ordering behave as with real data.
const sql = (value) => `'${String(value).replace(/'/g, "''")}'`;

/** `tag` (2 chars, [a-z]) keeps two organisations' ids apart; the 26-char id body sorts by row number. */
function id(prefix, tag, expression = "i") {
  return `printf('${prefix}_%s%024d', '${tag}', ${expression})`;
}

export function organisationSql({ orgId, name, plan = "enterprise", nowMs }) {
  return [
    `INSERT OR IGNORE INTO organisations (id, name, plan, subscription_status, created_at) VALUES (${sql(orgId)}, ${sql(name)}, ${sql(plan)}, 'active', ${nowMs});`,
  ];
}

export function organisationDataSql({ orgId, tag, rows, nowMs }) {
  const org = sql(orgId);
  const n = (count) => `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const dayMs = 86_400_000;
  // Dates spread over the last 400 days; sales over the last 60 so the default 30-day window holds about half.
  const isoDay = (daysBackExpression) => `date(${nowMs} / 1000 - (${daysBackExpression}) * 86400, 'unixepoch')`;
  const suppliers = 20;
  const skus = 50;
  const godowns = 4;
  return [
    `${n(godowns)} INSERT INTO godowns (id, org_id, code, name, city, created_at) SELECT ${id("gdn", tag)}, ${org}, printf('G%d', i), printf('Godown %d', i), 'Tiruppur', ${nowMs} FROM n;`,
    `${n(suppliers)} INSERT INTO suppliers (id, org_id, name, gstin, city, created_at) SELECT ${id("mill", tag)}, ${org}, printf('Mill %02d Spinners', i), NULL, 'Coimbatore', ${nowMs} FROM n;`,
    `${n(skus)} INSERT INTO skus (id, org_id, sku, name, yarn_type, count_ne, ply, denier, filaments, blend, composition, shade, hsn, gst_rate_bps, stock_low_threshold_grams, created_at)
       SELECT ${id("sku", tag)}, ${org}, printf('CTN-%02dS-%d', 20 + i % 40, i), printf('Cotton %ds combed', 20 + i % 40), 'cotton', 20 + i % 40, 1, NULL, NULL, NULL, '100% cotton', NULL, '5205', 500, 500000, ${nowMs} FROM n;`,
    `${n(rows)} INSERT INTO lots (id, org_id, lot_number, sku_id, godown_id, supplier_id, grams_received, grams_sold, grams_remaining, cost_paise_per_kg, received_at, created_at)
       SELECT ${id("lot", tag)}, ${org}, printf('L%06d', i), ${id("sku", tag, `1 + i % ${skus}`)}, ${id("gdn", tag, `1 + i % ${godowns}`)}, ${id("mill", tag, `1 + i % ${suppliers}`)},
              500000, 100000, 400000 - (i % 7) * 50000, 24000 + i % 900, ${nowMs} - i * 60000, ${nowMs} - i * 60000 FROM n;`,
    `${n(rows)} INSERT INTO customers (id, org_id, name, contact, gstin, address, credit_limit_paise, created_at)
       SELECT ${id("cus", tag)}, ${org}, printf('Customer %05d Knitwear', i), printf('98%08d', i), NULL, printf('%d, Avinashi Road, Tiruppur', i), 5000000, ${nowMs} - (${rows} - i) * 1000 FROM n;`,
    `${n(rows)} INSERT INTO sales (id, org_id, invoice_number, financial_year, invoice_seq, customer_id, sale_date, sold_at, status, grams_total, taxable_paise, gst_paise, total_paise, created_at)
       SELECT ${id("sale", tag)}, ${org}, printf('INV/B/%06d', i), '2526', i, ${id("cus", tag, `1 + i % ${rows}`)}, ${isoDay(`i % 60`)}, ${nowMs} - (i % 60) * ${dayMs} - i, 'confirmed', 100000, 2400000, 120000, 2520000, ${nowMs} FROM n;`,
    `${n(rows)} INSERT INTO sale_items (id, org_id, sale_id, lot_id, sku_id, grams, rate_paise_per_kg, amount_paise, gst_rate_bps, gst_paise)
       SELECT ${id("si", tag)}, ${org}, ${id("sale", tag)}, ${id("lot", tag)}, ${id("sku", tag, `1 + i % ${skus}`)}, 100000, 24000, 2400000, 500, 120000 FROM n;`,
    `${n(rows)} INSERT INTO payments (id, org_id, customer_id, sale_id, amount_paise, method, reference, paid_on, created_at)
       SELECT ${id("pay", tag)}, ${org}, ${id("cus", tag)}, NULL, 1000000, 'upi', printf('UTR%09d', i), ${isoDay("i % 400")}, ${nowMs} FROM n;`,
    `${n(rows)} INSERT INTO expenses (id, org_id, spent_on, category, amount_paise, notes, created_by, created_at)
       SELECT ${id("exp", tag)}, ${org}, ${isoDay("i % 400")}, 'transport', 150000 + i % 1000, 'Lorry hire, Tiruppur to Erode', 'bench', ${nowMs} FROM n;`,
    `${n(rows)} INSERT INTO mill_invoices (id, org_id, supplier_id, invoice_number, invoiced_on, amount_paise, notes, created_at)
       SELECT ${id("minv", tag)}, ${org}, ${id("mill", tag, `1 + i % ${suppliers}`)}, printf('MI-%06d', i), ${isoDay("i % 400")}, 12000000, NULL, ${nowMs} FROM n;`,
    `${n(rows)} INSERT INTO mill_payments (id, org_id, supplier_id, mill_invoice_id, paid_on, amount_paise, reference, method, created_at)
       SELECT ${id("mpay", tag)}, ${org}, ${id("mill", tag, `1 + i % ${suppliers}`)}, ${id("minv", tag)}, ${isoDay("i % 400")}, 12000000, printf('NEFT%08d', i), 'neft', ${nowMs} FROM n;`,
  ].map((statement) => statement.replace(/\s+/g, " "));
}
