// SQL of the annual returns an organisation records: the day it furnished each financial year's annual GST return.
import { and, desc, eq } from "drizzle-orm";
import { newId } from "../../platform/ids";
import { inventoryDb, type InventoryDb } from "../db/client";
import { annualReturns } from "../db/schema";
import { financialYearOf } from "../domain/annual-return";

export type AnnualReturnRow = Omit<typeof annualReturns.$inferSelect, "orgId">;

export type RecordAnnualReturnOutcome =
  | { kind: "recorded"; value: AnnualReturnRow }
  /** The year was already recorded with this very date: nothing written. */
  | { kind: "unchanged"; value: AnnualReturnRow }
  /** The year was already recorded with another date, which stands: nothing written. */
  | { kind: "other_date"; value: AnnualReturnRow };

/**
 * Records the day the annual return of `financialYear` was furnished, with its audit entry, in one batch. A year
 * already recorded keeps its row, and the audit entry is written only with a new row (changes() of the insert before
 * it), so two requests sent at once record the year once.
 */
export async function recordAnnualReturn(
  db: D1Database,
  orgId: string,
  input: { financialYear: string; filedOn: string },
  actor: string,
  nowMs: number,
): Promise<RecordAnnualReturnOutcome> {
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO annual_returns (org_id, financial_year, filed_on, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (org_id, financial_year) DO NOTHING`,
      )
      .bind(orgId, input.financialYear, input.filedOn, nowMs),
    db
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?1, ?2, 'annual_return.recorded', NULL, ?3, ?4, ?5 WHERE changes() = 1`,
      )
      .bind(newId("aud", nowMs), orgId, actor, `${input.financialYear} furnished on ${input.filedOn}`, nowMs),
  ]);
  const { orgId: _org, ...row } = (await inventoryDb(db)
    .select()
    .from(annualReturns)
    .where(and(eq(annualReturns.orgId, orgId), eq(annualReturns.financialYear, input.financialYear)))
    .get())!;
  if (inserted!.meta.changes === 1) return { kind: "recorded", value: row };
  return { kind: row.filedOn === input.filedOn ? "unchanged" : "other_date", value: row };
}

/**
 * Removes the day recorded for `financialYear`, with its audit entry naming the year and the day removed, in one batch:
 * the entry is written from the row the delete then removes, so of two removals sent at once one removes and audits,
 * the other finds nothing. Null when the year has no day recorded.
 */
export async function removeAnnualReturn(
  db: D1Database,
  orgId: string,
  financialYear: string,
  actor: string,
  nowMs: number,
): Promise<AnnualReturnRow | null> {
  const [, removed] = await db.batch<AnnualReturnRow>([
    db
      .prepare(
        `INSERT INTO audit_log (id, org_id, action, key_id, actor, reason, at)
         SELECT ?1, org_id, 'annual_return.removed', NULL, ?2, financial_year || ' recorded as furnished on ' || filed_on, ?3
           FROM annual_returns WHERE org_id = ?4 AND financial_year = ?5`,
      )
      .bind(newId("aud", nowMs), actor, nowMs, orgId, financialYear),
    db
      .prepare(
        `DELETE FROM annual_returns WHERE org_id = ?1 AND financial_year = ?2
         RETURNING financial_year AS financialYear, filed_on AS filedOn, created_at AS createdAt`,
      )
      .bind(orgId, financialYear),
  ]);
  return removed!.results[0] ?? null;
}

/** The organisation's recorded annual returns, the newest financial year first. */
export async function listAnnualReturns(db: InventoryDb, orgId: string): Promise<AnnualReturnRow[]> {
  return db
    .select({ financialYear: annualReturns.financialYear, filedOn: annualReturns.filedOn, createdAt: annualReturns.createdAt })
    .from(annualReturns)
    .where(eq(annualReturns.orgId, orgId))
    .orderBy(desc(annualReturns.financialYear))
    .all();
}

/** The annual return of an invoice's financial year ("2024-25") as read: the day it was furnished, null if none is recorded. */
export interface AnnualReturnAsRead {
  financialYear: string;
  filedOn: string | null;
}

/** The annual return of the financial year of an invoice dated `invoiceDate`, as read now. */
export async function annualReturnOfInvoice(db: D1Database, orgId: string, invoiceDate: string): Promise<AnnualReturnAsRead> {
  const financialYear = financialYearOf(invoiceDate);
  return { financialYear, filedOn: await annualReturnFiledOn(db, orgId, financialYear) };
}

/**
 * SQL true while the annual return of `financialYear` still stands as read (`filedOn`, null when none was recorded):
 * a write judged on GST's time limit changes nothing when the return is recorded or removed meanwhile. The arguments
 * are SQL expressions.
 */
export const ANNUAL_RETURN_AS_READ_SQL = (org: string, financialYear: string, filedOn: string) =>
  `COALESCE((SELECT filed_on FROM annual_returns WHERE org_id = ${org} AND financial_year = ${financialYear}), '') = COALESCE(${filedOn}, '')`;

/** The day the annual return of `financialYear` ("2024-25") was furnished, or null when none is recorded. */
export async function annualReturnFiledOn(db: D1Database, orgId: string, financialYear: string): Promise<string | null> {
  const row = await inventoryDb(db)
    .select({ filedOn: annualReturns.filedOn })
    .from(annualReturns)
    .where(and(eq(annualReturns.orgId, orgId), eq(annualReturns.financialYear, financialYear)))
    .get();
  return row?.filedOn ?? null;
}
