// Customers and what they owe: creating a customer, and each one's receivables by age with money held on account.
import { newId } from "../../platform/ids";
import { inventoryDb } from "../db/client";
import { customers, events } from "../db/schema";
import type { WriteResult } from "../db/event-rows";
import type { ReadDb } from "../http/read-session";
import { APPLIED_SQL, CREDITED_TO_INVOICE_SQL, SOURCE_VOIDED_SQL } from "./receipt-queries";

export type CustomerRow = Omit<typeof customers.$inferSelect, "orgId">;

export async function createCustomer(
  db: D1Database,
  orgId: string,
  input: Pick<CustomerRow, "name" | "contact" | "gstin" | "address" | "stateCode" | "creditLimitPaise">,
  nowMs: number,
): Promise<WriteResult<CustomerRow>> {
  const row: CustomerRow = { id: newId("cust", nowMs), ...input, createdAt: nowMs };
  const eventId = newId("evt", nowMs);
  const orm = inventoryDb(db);
  await orm.batch([
    orm.insert(customers).values({ ...row, orgId }),
    orm.insert(events).values({
      id: eventId,
      ownerId: orgId,
      type: "customer.created",
      payload: { customer_id: row.id, name: row.name, gstin: row.gstin },
      createdAt: nowMs,
    }),
  ]);
  return { value: row, eventIds: [eventId] };
}

/** A customer's receivables: open invoices' outstanding by age, and money held on account. */
export interface CustomerBalanceRow {
  id: string;
  name: string;
  gstin: string | null;
  creditLimitPaise: number;
  due0to30: number;
  due31to60: number;
  due61to90: number;
  dueOver90: number;
  onAccountPaise: number;
}

/**
 * Customers in creation order (rowid: the order they were written; ids of customers written in the same
 * millisecond differ only in their random part) with each non-cancelled invoice's outstanding (total less its payments, credit
 * notes and money on account applied to it) summed by the bucket its sale date falls in, and the money held on
 * account: payments with no invoice or against a cancelled one, and credit notes with no invoice or beyond what
 * their invoice owed, less what later invoices consumed. Outstanding = the buckets less that money, the same
 * figure as the customers export.
 */
export async function listCustomerBalances(
  db: ReadDb,
  orgId: string,
  query: { starts: { "0_30": string; "31_60": string; "61_90": string }; limit: number; offset: number },
): Promise<{ rows: CustomerBalanceRow[]; hasMore: boolean }> {
  const { results } = await db
    .prepare(
      `WITH open_invoices AS (
         SELECT s.customer_id, s.sale_date,
                s.total_paise
                  - (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p WHERE p.org_id = s.org_id AND p.sale_id = s.id AND p.voided_at IS NULL)
                  - ${CREDITED_TO_INVOICE_SQL("s")}
                  - ${APPLIED_SQL("s")} AS due
           FROM sales s WHERE s.org_id = ?1 AND s.status <> 'cancelled')
       SELECT c.id, c.name, c.gstin, c.credit_limit_paise AS creditLimitPaise,
              (SELECT COALESCE(SUM(due), 0) FROM open_invoices o WHERE o.customer_id = c.id AND o.sale_date >= ?2) AS due0to30,
              (SELECT COALESCE(SUM(due), 0) FROM open_invoices o WHERE o.customer_id = c.id AND o.sale_date >= ?3 AND o.sale_date < ?2) AS due31to60,
              (SELECT COALESCE(SUM(due), 0) FROM open_invoices o WHERE o.customer_id = c.id AND o.sale_date >= ?4 AND o.sale_date < ?3) AS due61to90,
              (SELECT COALESCE(SUM(due), 0) FROM open_invoices o WHERE o.customer_id = c.id AND o.sale_date < ?4) AS dueOver90,
              (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p
                WHERE p.org_id = c.org_id AND p.customer_id = c.id AND p.voided_at IS NULL
                  AND (p.sale_id IS NULL OR EXISTS (SELECT 1 FROM sales x WHERE x.org_id = p.org_id AND x.id = p.sale_id AND x.status = 'cancelled')))
              + (SELECT COALESCE(SUM(n.on_account_paise), 0) FROM credit_notes n WHERE n.org_id = c.org_id AND n.customer_id = c.id AND n.voided_at IS NULL)
              - (SELECT COALESCE(SUM(a.amount_paise), 0) FROM advance_applications a JOIN sales x ON x.org_id = a.org_id AND x.id = a.sale_id
                  WHERE a.org_id = c.org_id AND a.customer_id = c.id AND x.status <> 'cancelled' AND NOT ${SOURCE_VOIDED_SQL("a")}) AS onAccountPaise
         FROM customers c
        WHERE c.org_id = ?1
        ORDER BY c.rowid
        LIMIT ?5 OFFSET ?6`,
    )
    .bind(orgId, query.starts["0_30"], query.starts["31_60"], query.starts["61_90"], query.limit + 1, query.offset)
    .all<CustomerBalanceRow>();
  return { rows: results.slice(0, query.limit), hasMore: results.length > query.limit };
}
