-- A lot's kg received becomes what the mill delivered into it; transfers in and out and adjustments get their own
-- totals. Until now a transfer added its kg to the receiving lot's grams_received (a lot created by a transfer
-- received only transfers), so the mill's figure is grams_received less the lot's transfers in, and each total is
-- recomputed from the lot's stock movements. grams_remaining does not change.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_lots` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`lot_number` text NOT NULL,
	`sku_id` text NOT NULL,
	`godown_id` text NOT NULL,
	`supplier_id` text,
	`grams_received` integer NOT NULL,
	`grams_remaining` integer NOT NULL,
	`grams_transferred_in` integer DEFAULT 0 NOT NULL,
	`grams_transferred_out` integer DEFAULT 0 NOT NULL,
	`grams_adjusted` integer DEFAULT 0 NOT NULL,
	`cost_paise_per_kg` integer NOT NULL,
	`received_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sku_id`) REFERENCES `skus`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`godown_id`) REFERENCES `godowns`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`supplier_id`) REFERENCES `suppliers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lots_grams_remaining" CHECK("__new_lots"."grams_remaining" >= 0 AND "__new_lots"."grams_remaining" <= "__new_lots"."grams_received" + "__new_lots"."grams_transferred_in"),
	CONSTRAINT "lots_grams_received" CHECK("__new_lots"."grams_received" >= 0 AND "__new_lots"."grams_transferred_in" >= 0 AND "__new_lots"."grams_transferred_out" >= 0 AND "__new_lots"."grams_received" + "__new_lots"."grams_transferred_in" > 0),
	CONSTRAINT "lots_cost" CHECK("__new_lots"."cost_paise_per_kg" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_lots`("id", "org_id", "lot_number", "sku_id", "godown_id", "supplier_id", "grams_received", "grams_remaining", "grams_transferred_in", "grams_transferred_out", "grams_adjusted", "cost_paise_per_kg", "received_at", "created_at")
SELECT l."id", l."org_id", l."lot_number", l."sku_id", l."godown_id", l."supplier_id",
       l."grams_received" - (SELECT COALESCE(SUM(m.grams_delta), 0) FROM `stock_movements` m WHERE m.org_id = l."org_id" AND m.lot_id = l."id" AND m.kind = 'transfer_in'),
       l."grams_remaining",
       (SELECT COALESCE(SUM(m.grams_delta), 0) FROM `stock_movements` m WHERE m.org_id = l."org_id" AND m.lot_id = l."id" AND m.kind = 'transfer_in'),
       (SELECT COALESCE(-SUM(m.grams_delta), 0) FROM `stock_movements` m WHERE m.org_id = l."org_id" AND m.lot_id = l."id" AND m.kind = 'transfer_out'),
       (SELECT COALESCE(SUM(m.grams_delta), 0) FROM `stock_movements` m WHERE m.org_id = l."org_id" AND m.lot_id = l."id" AND m.kind = 'adjustment'),
       l."cost_paise_per_kg", l."received_at", l."created_at"
  FROM `lots` l;--> statement-breakpoint
DROP TABLE `lots`;--> statement-breakpoint
ALTER TABLE `__new_lots` RENAME TO `lots`;--> statement-breakpoint
PRAGMA defer_foreign_keys = off;--> statement-breakpoint
CREATE UNIQUE INDEX `lots_org_id` ON `lots` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lots_org_godown_sku_number` ON `lots` (`org_id`,`godown_id`,`sku_id`,`lot_number`);--> statement-breakpoint
CREATE INDEX `lots_in_stock_received` ON `lots` (`org_id`,`received_at`,`id`) WHERE grams_remaining > 0;--> statement-breakpoint
CREATE INDEX `lots_in_stock_godown_received` ON `lots` (`org_id`,`godown_id`,`received_at`,`id`) WHERE grams_remaining > 0;--> statement-breakpoint
CREATE INDEX `lots_org_sku` ON `lots` (`org_id`,`sku_id`,`grams_remaining`);