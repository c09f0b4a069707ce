-- When a write holding an Idempotency-Key committed, set in that write's own transaction: a request cut off
-- between its write and keeping its answer is never run a second time by a retry.
ALTER TABLE `idempotency_keys` ADD `acted_at` integer;
