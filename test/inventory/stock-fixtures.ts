// Fixtures for the stock, sales and export tests: rows through the back-office API (the way an
// organisation's own application writes them), or bulk rows straight into D1 for caps and paging.
import { env } from "cloudflare:test";
import { vi } from "vitest";
import { admin, createKey, createOrg, expectStatus } from "./helpers";

export const VALID_GSTINS = ["33AAECG4315R1ZE", "27AAPFU0939F1ZV", "04AABFN9870CMZT", "33ABCDE1234F1Z7", "24AAACX0000A1ZH"];

export async function orgWithKey(): Promise<{ orgId: string; key: string }> {
  const orgId = await createOrg("business");
  const { key } = await createKey(orgId);
  return { orgId, key };
}

export async function post<T = any>(path: string, body: unknown, status = 201): Promise<T> {
  const result = await expectStatus<{ data: T }>(await admin("POST", path, body), status);
  return result.data;
}

export async function customer(orgId: string, body: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  return post(`/admin/api/orgs/${orgId}/customers`, { name: `Customer ${crypto.randomUUID().slice(0, 6)}`, ...body });
}

export async function lot(orgId: string, body: Record<string, unknown> = {}): Promise<{ id: string; kg_remaining: string; sku: string }> {
  return post(`/admin/api/orgs/${orgId}/lots`, {
    lot_number: `L-${crypto.randomUUID().slice(0, 8)}`,
    sku: "CTN-CMB-30S1-RW",
    yarn_type: "cotton_combed",
    godown_code: "TPR-1",
    kg: "1000",
    cost_per_kg: "300.00",
    supplier_name: "Sri Ramalinga Mills",
    ...body,
  });
}

export async function sale(
  orgId: string,
  customerId: string,
  items: Array<{ lot_id: string; kg: string | number; rate_per_kg?: string | number }>,
  extra: Record<string, unknown> = {},
) {
  return post(`/admin/api/orgs/${orgId}/sales`, { customer_id: customerId, items: items.map((i) => ({ rate_per_kg: "320.00", ...i })), ...extra });
}

/** Instant of an IST wall-clock time: ist("2026-11-20", "23:59") = 2026-11-20T18:29:00Z. */
export function ist(date: string, time = "12:00"): number {
  return Date.parse(`${date}T${time}:00+05:30`);
}

/**
 * Holds the clock at the instant `atMs`: `Date` is faked in this isolate, which also runs the Worker (`fetchWorker`),
 * so every write reads it as "now". Give the real clock back with `vi.useRealTimers()` (in an afterEach).
 */
export function holdClockAt(atMs: number): void {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(atMs);
}

/** Runs literal SQL statements in chunks (bulk inserts for caps and paging). */
export async function runSql(statements: string[]): Promise<void> {
  for (let i = 0; i < statements.length; i += 200) {
    await env.DB.batch(statements.slice(i, i + 200).map((s) => env.DB.prepare(s)));
  }
}

export const q = (value: string | null) => (value === null ? "NULL" : `'${value.replaceAll("'", "''")}'`);

/**
 * A count recorded before a count was capped at what a lot's receipt, transfers, sales and returns leave it: it
 * set the lot's kg remaining to `grams`, up to all the lot received, bringing kg sold back onto the books. The API
 * refuses such a count now, but a lot may still hold one.
 */
export async function countedUpBeforeTheRule(lotId: string, grams: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO stock_movements (id, org_id, lot_id, kind, grams_delta, reason, notes, counterpart_lot_id, actor, created_at)
       SELECT ?1, org_id, id, 'adjustment', ?2 - grams_remaining, 'count_correction', NULL, NULL, 'operator', ?3 FROM lots WHERE id = ?4`,
    ).bind(`mov_${crypto.randomUUID()}`, grams, Date.now(), lotId),
    env.DB.prepare("UPDATE lots SET grams_adjusted = grams_adjusted + ?1 - grams_remaining, grams_remaining = ?1 WHERE id = ?2").bind(grams, lotId),
  ]);
}
