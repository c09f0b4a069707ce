-- Idempotency answers are kept sealed, headers and body together, in `body`: the separate headers column is unused.
ALTER TABLE `idempotency_keys` DROP COLUMN `headers`;
