// Outbox rows. Each write function puts its events in the same D1 batch as the change they report, so an
// event exists exactly when its change committed; delivery (the webhooks module) reads them afterwards.

/** What every write returns: ids of the outbox rows this write inserted, for the caller to enqueue. */
export interface WriteResult<T> {
  value: T;
  eventIds: string[];
}

/**
 * How many times a write checked again in its own transaction (a payment, credit note or return against its
 * invoice, damage against its lot) is tried while other writes keep changing what it read; then 409 conflict_retry.
 */
export const CONTENDED_WRITE_ATTEMPTS = 3;

/** Ids of the events whose statement inserted a row (conditional and deduplicated inserts may insert none). */
export function insertedEventIds(results: D1Result[], events: Array<{ id: string; index: number }>): string[] {
  return events.filter((e) => (results[e.index]?.meta.changes ?? 0) > 0).map((e) => e.id);
}

/** SQL expression printing an integer column of paise as rupees ("1250.00"); the value must be >= 0. */
export const rupeesSql = (column: string) => `printf('%d.%02d', ${column} / 100, ${column} % 100)`;
/** SQL expression printing grams as kg ("12.500"); the value must be >= 0. */
export const kgSql = (column: string) => `printf('%d.%03d', ${column} / 1000, ${column} % 1000)`;
