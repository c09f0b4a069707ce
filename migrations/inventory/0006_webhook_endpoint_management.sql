CREATE TABLE `webhook_endpoint_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` text NOT NULL,
	`org_id` text NOT NULL,
	`action` text NOT NULL,
	`actor` text NOT NULL,
	`detail` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `webhook_endpoints`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `webhook_endpoint_changes_endpoint_at` ON `webhook_endpoint_changes` (`endpoint_id`,`at`);--> statement-breakpoint
DROP INDEX `webhook_deliveries_event_endpoint`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `resend_of` text;--> statement-breakpoint
CREATE UNIQUE INDEX `webhook_deliveries_event_endpoint` ON `webhook_deliveries` (`event_id`,`endpoint_id`) WHERE resend_of IS NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `previous_secret` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `previous_secret_expires_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `disabled_reason` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `failing_since` integer;