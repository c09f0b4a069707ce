DROP INDEX `mill_invoices_org_invoiced_on`;--> statement-breakpoint
CREATE INDEX `mill_invoices_org_invoiced_on` ON `mill_invoices` (`org_id`,`invoiced_on`,`created_at`);--> statement-breakpoint
DROP INDEX `mill_payments_org_paid_on`;--> statement-breakpoint
CREATE INDEX `mill_payments_org_paid_on` ON `mill_payments` (`org_id`,`paid_on`,`created_at`);