// Floor (2): one D1 query of the same shape as an endpoint's main query, its rows returned as JSON: the least
// a D1-backed endpoint must pay. The SQL mirrors src/tax/profiles/queries.ts listProfiles, src/inventory/stock/queries.ts
// listInventory and src/inventory/sales/queries.ts listSales (kept in step by hand; the bench prints row counts so
// a drifted shape shows). No key check, no validation.
import { Hono } from "hono";

type Env = { Bindings: { DB: D1Database } };
const app = new Hono<Env>();

app.get("/floor/d1/profiles", async (c) => {
  const owner = c.req.query("owner") ?? "";
  const { results } = await c.env.DB.prepare(
    `SELECT id, owner_id, label, label_key, inputs, summary, created_at, updated_at FROM profiles
      WHERE owner_id = ?1 ORDER BY updated_at DESC, id DESC LIMIT ?2`,
  )
    .bind(owner, 21)
    .all();
  return c.json({ data: results.slice(0, 20), rows: results.length });
});

app.get("/floor/d1/inventory", async (c) => {
  const org = c.req.query("org") ?? "";
  const { results } = await c.env.DB.prepare(
    `SELECT l.id, l.lot_number, l.grams_received, l.grams_transferred_in, l.grams_transferred_out, l.grams_adjusted, l.grams_sold,
            l.grams_returned, l.grams_remaining, l.cost_paise_per_kg, l.received_at,
            s.sku, s.name AS sku_name, s.yarn_type, s.count_ne, s.ply, s.denier, s.filaments, s.blend, s.composition,
            s.shade, s.hsn, s.gst_rate_bps, g.code AS godown_code, g.name AS godown_name, g.city AS godown_city,
            m.name AS supplier_name
       FROM lots l
       JOIN skus s ON s.org_id = l.org_id AND s.id = l.sku_id
       JOIN godowns g ON g.org_id = l.org_id AND g.id = l.godown_id
       LEFT JOIN suppliers m ON m.org_id = l.org_id AND m.id = l.supplier_id
      WHERE l.org_id = ?1 AND l.grams_remaining > 0
        AND (?2 IS NULL OR g.code = ?2)
        AND (?3 IS NULL OR s.yarn_type = ?3)
      ORDER BY l.received_at DESC, l.id DESC
      LIMIT ?4 OFFSET ?5`,
  )
    .bind(org, null, null, 201, 0)
    .all();
  return c.json({ data: results.slice(0, 200), rows: results.length });
});

// The sales page in one query of its response's shape: each sale with its items, aggregated as JSON by
// SQLite (items ordered as listSales orders them), so the floor pays for every row the route returns.
app.get("/floor/d1/sales", async (c) => {
  const org = c.req.query("org") ?? "";
  const from = Number(c.req.query("from") ?? 0);
  const to = Number(c.req.query("to") ?? Date.now());
  const limit = Number(c.req.query("limit") ?? 50);
  const { results } = await c.env.DB.prepare(
    `SELECT s.id, s.invoice_number, s.customer_id, c.name AS customer_name, c.gstin AS customer_gstin, s.sale_date,
            s.sold_at, s.status, s.grams_total, s.taxable_paise, s.gst_paise, s.total_paise, s.dispatched_at,
            s.cancelled_at, s.paid_at,
            (SELECT json_group_array(json_object('lot_id', x.lot_id, 'lot_number', x.lot_number, 'sku', x.sku,
                      'yarn_type', x.yarn_type, 'hsn', x.hsn, 'grams', x.grams, 'rate_paise_per_kg', x.rate_paise_per_kg,
                      'amount_paise', x.amount_paise, 'gst_rate_bps', x.gst_rate_bps, 'gst_paise', x.gst_paise))
               FROM (SELECT i.lot_id, l.lot_number, k.sku, k.yarn_type, k.hsn, i.grams, i.rate_paise_per_kg,
                            i.amount_paise, i.gst_rate_bps, i.gst_paise
                       FROM sale_items i
                       JOIN lots l ON l.org_id = i.org_id AND l.id = i.lot_id
                       JOIN skus k ON k.org_id = i.org_id AND k.id = i.sku_id
                      WHERE i.org_id = s.org_id AND i.sale_id = s.id
                      ORDER BY i.id) x) AS items
       FROM sales s
       JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
      WHERE s.org_id = ?1 AND s.status <> 'cancelled' AND s.sold_at >= ?2 AND s.sold_at < ?3
      ORDER BY s.sold_at DESC, s.id DESC
      LIMIT ?4 OFFSET ?5`,
  )
    .bind(org, from, to, limit + 1, 0)
    .all<{ items: string }>();
  const data = results.slice(0, limit).map((row) => ({ ...row, items: JSON.parse(row.items) as unknown[] }));
  return c.json({ data, rows: results.length, items: data.reduce((n, row) => n + row.items.length, 0) });
});

export default app;
