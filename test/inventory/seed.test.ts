import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without type declarations.
import { inventorySeedStatements } from "../../scripts/seed-inventory.mjs";
import { validateGstin } from "../../src/inventory/domain/gstin";
import { InventoryPageSchema } from "../../src/inventory/stock/schemas";
import { SalesPageSchema } from "../../src/inventory/sales/schemas";
import { parseCsv } from "./domain/csv-parse";
import { api, createKey, createOrg, expectStatus } from "./helpers";

/** Seeded as a Tamil Nadu supplier (its GSTIN validates), like the demo organisation. */
const SELLER = { gstin: "33ABGFS4821K1Z3", stateCode: "33" };
const seed = (orgId: string, large = false, nowMs = Date.now()): string[] => inventorySeedStatements({ orgId, seller: SELLER, large, nowMs });

async function run(statements: string[]) {
  for (const statement of statements) await env.DB.prepare(statement).run();
}

async function scalar(query: string, ...params: unknown[]): Promise<number> {
  return (await env.DB.prepare(query)
    .bind(...params)
    .first<{ n: number }>())!.n;
}

describe("scripts/seed-inventory.mjs", () => {
  it("is deterministic, and every statement stays under D1's 100 KB limit (large mode too)", () => {
    const nowMs = Date.parse("2026-11-21T10:00:00Z");
    expect(seed("org_x", false, nowMs)).toEqual(seed("org_x", false, nowMs));
    const sizes = seed("org_x", true, nowMs).map((s) => new TextEncoder().encode(s).length);
    expect(Math.max(...sizes)).toBeLessThan(100_000);
  });

  // Seeding writes a few thousand rows twice; measured at about 2 s idle, so a busy machine gets a wide ceiling.
  it("seeds a consistent, realistic organisation, idempotently, that the read API serves", { timeout: 120_000 }, async () => {
    const orgId = await createOrg();
    await run(seed(orgId));
    const counts = async () => ({
      godowns: await scalar("SELECT COUNT(*) AS n FROM godowns WHERE org_id = ?", orgId),
      skus: await scalar("SELECT COUNT(*) AS n FROM skus WHERE org_id = ?", orgId),
      lots: await scalar("SELECT COUNT(*) AS n FROM lots WHERE org_id = ?", orgId),
      sales: await scalar("SELECT COUNT(*) AS n FROM sales WHERE org_id = ?", orgId),
      customers: await scalar("SELECT COUNT(*) AS n FROM customers WHERE org_id = ?", orgId),
      expenses: await scalar("SELECT COUNT(*) AS n FROM expenses WHERE org_id = ?", orgId),
      millInvoices: await scalar("SELECT COUNT(*) AS n FROM mill_invoices WHERE org_id = ?", orgId),
      millPayments: await scalar("SELECT COUNT(*) AS n FROM mill_payments WHERE org_id = ?", orgId),
      payments: await scalar("SELECT COUNT(*) AS n FROM payments WHERE org_id = ?", orgId),
      stock: await scalar("SELECT SUM(grams_remaining) AS n FROM lots WHERE org_id = ?", orgId),
    });
    const first = await counts();
    expect(first.godowns).toBeGreaterThanOrEqual(3);
    expect(first.skus).toBeGreaterThanOrEqual(30);
    expect(first.lots).toBeGreaterThanOrEqual(200);
    expect(first.sales).toBeGreaterThanOrEqual(2_000);
    expect(first.expenses).toBeGreaterThan(100);
    expect(first.millInvoices).toBeGreaterThan(100);
    expect(first.millPayments).toBeGreaterThan(50);

    // Every lot's kg remaining is what it received minus its sales that were not cancelled, which its kg sold shows.
    const sold =
      "(SELECT COALESCE(SUM(i.grams), 0) FROM sale_items i JOIN sales s ON s.id = i.sale_id WHERE i.lot_id = l.id AND s.status <> 'cancelled')";
    const drift = await scalar(
      `SELECT COUNT(*) AS n FROM lots l WHERE l.org_id = ?1 AND (l.grams_remaining <> l.grams_received - ${sold} OR l.grams_sold <> ${sold})`,
      orgId,
    );
    expect(drift).toBe(0);
    // Sale totals equal their lines; sales fall in the last 90 IST days.
    expect(
      await scalar(
        "SELECT COUNT(*) AS n FROM sales s WHERE s.org_id = ?1 AND s.taxable_paise <> (SELECT SUM(amount_paise) FROM sale_items WHERE sale_id = s.id)",
        orgId,
      ),
    ).toBe(0);
    expect(await scalar("SELECT COUNT(*) AS n FROM sales WHERE org_id = ?1 AND sold_at < ?2", orgId, Date.now() - 91 * 86_400_000)).toBe(0);
    // GST reconciles: each sale's and line's tax is CGST + SGST (supplied within the seller's state, in equal
    // halves) or IGST (to another state), a sale's columns are its lines' sums, and each credit note's parts add
    // up to its amount.
    expect(validateGstin(SELLER.gstin)).toMatchObject({ ok: true, stateCode: "33" });
    const gstMismatches = await scalar(
      `SELECT COUNT(*) AS n FROM sales s WHERE s.org_id = ?1 AND (
         s.gst_paise <> s.cgst_paise + s.sgst_paise + s.igst_paise OR s.cgst_paise <> s.sgst_paise
         OR (s.place_of_supply = s.seller_state_code AND s.igst_paise <> 0)
         OR (s.place_of_supply <> s.seller_state_code AND s.cgst_paise <> 0)
         OR s.cgst_paise <> (SELECT SUM(cgst_paise) FROM sale_items WHERE sale_id = s.id)
         OR s.igst_paise <> (SELECT SUM(igst_paise) FROM sale_items WHERE sale_id = s.id)
         OR s.gst_paise <> (SELECT SUM(gst_paise) FROM sale_items WHERE sale_id = s.id))`,
      orgId,
    );
    expect(gstMismatches).toBe(0);
    expect(await scalar("SELECT COUNT(DISTINCT place_of_supply = seller_state_code) AS n FROM sales WHERE org_id = ?1", orgId)).toBe(2);
    expect(
      await scalar(
        "SELECT COUNT(*) AS n FROM credit_notes WHERE org_id = ?1 AND amount_paise <> taxable_paise + cgst_paise + sgst_paise + igst_paise",
        orgId,
      ),
    ).toBe(0);
    const { results } = await env.DB.prepare("SELECT gstin FROM customers WHERE org_id = ? AND gstin IS NOT NULL")
      .bind(orgId)
      .all<{ gstin: string }>();
    expect(results.length).toBeGreaterThan(30);
    for (const { gstin } of results) expect(validateGstin(gstin), gstin).toMatchObject({ ok: true });

    await run(seed(orgId));
    expect(await counts()).toEqual(first);

    const { key } = await createKey(orgId);
    const page = InventoryPageSchema.parse(await expectStatus(await api("/api/v1/inventory?limit=1000", key), 200));
    expect(page.data.length).toBeGreaterThan(50);
    const sales = SalesPageSchema.parse(await expectStatus(await api("/api/v1/sales?limit=1000", key), 200));
    expect(sales.data.length).toBeGreaterThan(500);
    const csv = await api("/api/v1/export/customers", key);
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
    expect(rows).toHaveLength(1 + first.customers);
  });
});
