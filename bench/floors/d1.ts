// Floor (2): one D1 query of the same shape as an endpoint's main query, its rows returned as JSON: the least
// a D1-backed endpoint must pay. The SQL mirrors src/tax/profiles/queries.ts listProfiles, src/inventory/db/stock.ts
// listInventory and src/inventory/db/sales.ts listSales (kept in step by hand; the bench prints row counts so
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
    `SELECT l.id, l.lot_number, l.grams_received, l.grams_remaining, l.cost_paise_per_kg, l.received_at,
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

app.get("/floor/d1/sales", async (c) => {
  const org = c.req.query("org") ?? "";
  const from = Number(c.req.query("from") ?? 0);
  const to = Number(c.req.query("to") ?? Date.now());
  const limit = Number(c.req.query("limit") ?? 50);
  const { results } = await c.env.DB.prepare(
    `SELECT s.id, s.invoice_number, s.customer_id, c.name AS customer_name, c.gstin AS customer_gstin, s.sale_date,
            s.sold_at, s.status, s.grams_total, s.taxable_paise, s.gst_paise, s.total_paise, s.dispatched_at,
            s.cancelled_at, s.paid_at
       FROM sales s
       JOIN customers c ON c.org_id = s.org_id AND c.id = s.customer_id
      WHERE s.org_id = ?1 AND s.status <> 'cancelled' AND s.sold_at >= ?2 AND s.sold_at < ?3
      ORDER BY s.sold_at DESC, s.id DESC
      LIMIT ?4 OFFSET ?5`,
  )
    .bind(org, from, to, limit + 1, 0)
    .all();
  return c.json({ data: results.slice(0, limit), rows: results.length });
});

export default app;
