ALTER TABLE `credit_notes` ADD `taxable_paise` integer;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `cgst_paise` integer;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `sgst_paise` integer;--> statement-breakpoint
ALTER TABLE `credit_notes` ADD `igst_paise` integer;--> statement-breakpoint
ALTER TABLE `customers` ADD `state_code` text;--> statement-breakpoint
ALTER TABLE `organisations` ADD `gstin` text;--> statement-breakpoint
ALTER TABLE `organisations` ADD `state_code` text;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `cgst_paise` integer;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `sgst_paise` integer;--> statement-breakpoint
ALTER TABLE `sale_items` ADD `igst_paise` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `seller_gstin` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `seller_state_code` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `place_of_supply` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `cgst_paise` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `sgst_paise` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `igst_paise` integer;--> statement-breakpoint
-- Back-fill what the rows already say: a customer's state is its GSTIN's first two digits, and a sale to a
-- registered customer was supplied to that state. The supplier's state was never recorded, so sales booked
-- before this migration keep no CGST/SGST/IGST split (their GST total is unchanged).
UPDATE `customers` SET `state_code` = substr(`gstin`, 1, 2) WHERE `gstin` IS NOT NULL;--> statement-breakpoint
UPDATE `sales` SET `place_of_supply` = (
  SELECT `state_code` FROM `customers` c WHERE c.`org_id` = `sales`.`org_id` AND c.`id` = `sales`.`customer_id`
);
