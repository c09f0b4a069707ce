CREATE TABLE `payment_refunds` (
	`refund_id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`audit_id` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_refunds_payment` ON `payment_refunds` (`payment_id`);