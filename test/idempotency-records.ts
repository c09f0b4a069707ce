// Both services keep Idempotency-Key records in their own D1 (`idempotency_keys`); tests reach into them to
// stand where a request that was cut off leaves its record.
import { expect } from "vitest";
import { sha256Hex } from "../src/platform/crypto";

/**
 * Puts a key's record where a request cut off between its write and keeping its answer (the client hung up, the
 * Worker stopped) leaves it: the write committed, no answer kept; its times moved `seconds` further into the past.
 */
export async function loseAnswer(db: D1Database, idempotencyKey: string, seconds: number): Promise<void> {
  const shift = seconds * 1_000;
  const { meta } = await db
    .prepare(
      `UPDATE idempotency_keys SET status = NULL, body = NULL, created_at = created_at - ?1, locked_until = locked_until - ?1,
              acted_at = acted_at - ?1
        WHERE key = ?2`,
    )
    .bind(shift, await sha256Hex(idempotencyKey))
    .run();
  expect(meta.changes).toBe(1);
}
