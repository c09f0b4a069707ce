// `npm start` seeds the demo organisation on every start. A rerun on a later IST day must change nothing: its rows
// are kept (INSERT OR IGNORE), so any row dated from the later day would sit beside rows dated from the first and
// the books would no longer agree (sale totals against their lines, stock against sales, credit notes against
// their invoices' customers).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createLocalDatabase, queryLocal } from "../../scripts/lib.mjs";
import { seedDemo } from "../../scripts/seed.mjs";

const persistTo = mkdtempSync(path.join(tmpdir(), "seed-rerun-"));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

const TABLES = ["lots", "sales", "sale_items", "payments", "credit_notes", "expenses", "mill_invoices", "mill_payments"];

function snapshot(): Record<string, Record<string, unknown>[] | undefined> {
  const rows = queryLocal(
    "inventory",
    TABLES.map((table) => `SELECT * FROM ${table} ORDER BY id`),
    persistTo,
  );
  return Object.fromEntries(TABLES.map((table, i) => [table, rows[i]]));
}

// Each seed runs wrangler three times (migrations, the anchor's query, the SQL); a busy machine gets a wide ceiling.
it("seeding again on a later IST day changes no row, and the books still agree", { timeout: 300_000 }, async () => {
  createLocalDatabase("inventory", persistTo);
  // 23:40 IST on 27 November, then 00:10 IST on 29 November: two IST days later.
  const firstSeed = Date.parse("2026-11-27T18:10:00Z");
  await seedDemo({ persistTo, nowMs: firstSeed });
  const first = snapshot();
  expect(first.sales!.length).toBeGreaterThan(2_000);

  await seedDemo({ persistTo, nowMs: Date.parse("2026-11-28T18:40:00Z") });
  expect(snapshot()).toEqual(first);

  const [drift, unbalanced, notesOutOfOrder] = queryLocal(
    "inventory",
    [
      `SELECT COUNT(*) AS n FROM lots l WHERE l.grams_remaining <> l.grams_received -
         (SELECT COALESCE(SUM(i.grams), 0) FROM sale_items i JOIN sales s ON s.id = i.sale_id WHERE i.lot_id = l.id AND s.status <> 'cancelled')`,
      "SELECT COUNT(*) AS n FROM sales s WHERE s.taxable_paise <> (SELECT SUM(amount_paise) FROM sale_items WHERE sale_id = s.id)",
      // A financial year's credit notes are numbered in date order (CN/<FY>/ is their first 8 characters), as the
      // service numbers them: no note dated before one numbered earlier in its year.
      `SELECT COUNT(*) AS n FROM credit_notes a JOIN credit_notes b ON b.org_id = a.org_id
          AND substr(b.note_number, 1, 8) = substr(a.note_number, 1, 8) AND b.note_number > a.note_number AND b.issued_on < a.issued_on`,
    ],
    persistTo,
  );
  expect(drift).toEqual([{ n: 0 }]);
  expect(unbalanced).toEqual([{ n: 0 }]);
  expect(first.credit_notes!.length).toBeGreaterThan(10);
  expect(notesOutOfOrder).toEqual([{ n: 0 }]);
});
