CREATE TABLE `credit_note_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`credit_note_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`grams` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`gst_paise` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`credit_note_id`) REFERENCES `credit_notes`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`lot_id`) REFERENCES `lots`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_note_items_grams" CHECK("credit_note_items"."grams" > 0)
);
--> statement-breakpoint
CREATE INDEX `credit_note_items_org_sale` ON `credit_note_items` (`org_id`,`sale_id`,`lot_id`);