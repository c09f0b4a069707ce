ALTER TABLE `credit_notes` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `expenses` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `expenses` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `expenses` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `mill_invoices` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `mill_invoices` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `mill_invoices` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `mill_payments` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `mill_payments` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `mill_payments` ADD `voided_by` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `voided_by` text;