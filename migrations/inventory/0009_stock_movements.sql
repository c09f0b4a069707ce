CREATE TABLE `stock_movements` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`kind` text NOT NULL,
	`grams_delta` integer NOT NULL,
	`reason` text NOT NULL,
	`notes` text,
	`counterpart_lot_id` text,
	`actor` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`lot_id`) REFERENCES `lots`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "stock_movements_delta" CHECK("stock_movements"."grams_delta" <> 0)
);
--> statement-breakpoint
CREATE INDEX `stock_movements_org_lot` ON `stock_movements` (`org_id`,`lot_id`,`created_at`);