ALTER TABLE `payment_reversals` ADD `remaining_ms` integer;--> statement-breakpoint
ALTER TABLE `payment_reversals` ADD `restored_at` integer;--> statement-breakpoint
ALTER TABLE `payment_reversals` ADD `restored_audit_id` text;