CREATE TABLE `advance_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`source_kind` text NOT NULL,
	`source_id` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sale_id`) REFERENCES `sales`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "advance_applications_amount" CHECK("advance_applications"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE INDEX `advance_applications_org_sale` ON `advance_applications` (`org_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `advance_applications_org_source` ON `advance_applications` (`org_id`,`source_id`);