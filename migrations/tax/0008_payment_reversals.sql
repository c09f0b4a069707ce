CREATE TABLE `payment_reversals` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`audit_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
-- Every refund or dispute recorded before this table existed counts as its payment's reversal (the earliest one).
INSERT INTO `payment_reversals` (`payment_id`, `event`, `audit_id`, `created_at`)
  SELECT `payment_id`, `event`, `id`, min(`created_at`) FROM `billing_audit`
  WHERE `payment_id` IS NOT NULL AND `outcome` IN ('ended', 'already_free', 'unknown_payment')
  GROUP BY `payment_id`;
