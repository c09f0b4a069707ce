CREATE TABLE `billing_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text,
	`event` text NOT NULL,
	`payment_id` text,
	`outcome` text NOT NULL,
	`amount_paise` integer,
	`currency` text,
	`paid_until` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_audit_account_created` ON `billing_audit` (`account_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `accounts` ADD `paid_until` integer;--> statement-breakpoint
-- Accounts paid before periods existed get one full period from this migration instead of paid forever.
UPDATE `accounts` SET `paid_until` = CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 2592000000 WHERE `plan` = 'paid';
