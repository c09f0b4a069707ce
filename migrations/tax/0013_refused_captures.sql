CREATE TABLE `refused_captures` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`currency` text NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Captures refused before this migration because a refund or dispute of their payment came first are kept too,
-- from billing_audit (the first refusal of each payment), so that winning a dispute still open lets the payment
-- buy its period. A dispute already won before this migration gave such a payment nothing, and its win is not
-- applied again here.
INSERT OR IGNORE INTO `refused_captures` (`payment_id`, `account_id`, `amount_paise`, `currency`, `received_at`)
  SELECT `payment_id`, `account_id`, `amount_paise`, `currency`, min(`created_at`) FROM `billing_audit`
  WHERE `event` = 'payment.captured' AND `outcome` = 'refused_reversed' AND `payment_id` IS NOT NULL
    AND `account_id` IN (SELECT `id` FROM `accounts`) AND `amount_paise` IS NOT NULL AND `currency` IS NOT NULL
    AND `payment_id` NOT IN (SELECT `payment_id` FROM `payments`)
  GROUP BY `payment_id`;
