-- A lot's kg sold and returned are kept on its row beside its transfers and adjustments, so the inventory list
-- reads every figure of a lot's reconciliation from the row instead of summing its sales and credit notes on each
-- read. Existing lots get the totals their sales (not cancelled) and credit notes give today.
ALTER TABLE `lots` ADD `grams_sold` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lots` ADD `grams_returned` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each total is summed once per lot in one pass over the lines (not a subquery per lot), so the statements stay fast
-- on large books. Running the three UPDATEs again recomputes the totals from the lines.
UPDATE `lots` SET `grams_sold` = 0, `grams_returned` = 0;--> statement-breakpoint
UPDATE `lots` SET `grams_sold` = sold.grams
  FROM (SELECT i.org_id, i.lot_id, SUM(i.grams) AS grams FROM `sale_items` i
          JOIN `sales` v ON v.org_id = i.org_id AND v.id = i.sale_id
         WHERE v.status <> 'cancelled' GROUP BY i.org_id, i.lot_id) sold
 WHERE `lots`.org_id = sold.org_id AND `lots`.id = sold.lot_id;--> statement-breakpoint
UPDATE `lots` SET `grams_returned` = returned.grams
  FROM (SELECT r.org_id, r.lot_id, SUM(r.grams) AS grams FROM `credit_note_items` r GROUP BY r.org_id, r.lot_id) returned
 WHERE `lots`.org_id = returned.org_id AND `lots`.id = returned.lot_id;
