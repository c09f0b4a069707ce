-- A lot's kg sold and returned are kept on its row beside its transfers and adjustments, so the inventory list
-- reads every figure of a lot's reconciliation from the row instead of summing its sales and credit notes on each
-- read. Existing lots get the totals their sales (not cancelled) and credit notes give today.
ALTER TABLE `lots` ADD `grams_sold` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lots` ADD `grams_returned` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `lots` SET
  `grams_sold` = (SELECT COALESCE(SUM(i.grams), 0) FROM `sale_items` i JOIN `sales` v ON v.org_id = i.org_id AND v.id = i.sale_id
                   WHERE i.org_id = `lots`.org_id AND i.lot_id = `lots`.id AND v.status <> 'cancelled'),
  `grams_returned` = (SELECT COALESCE(SUM(r.grams), 0) FROM `credit_note_items` r
                       WHERE r.org_id = `lots`.org_id AND r.lot_id = `lots`.id);
