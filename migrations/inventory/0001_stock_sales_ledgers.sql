CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`sale_id` text,
	`note_number` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`reason` text,
	`issued_on` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`customer_id`) REFERENCES `customers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sale_id`) REFERENCES `sales`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_notes_amount" CHECK("credit_notes"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_org_id` ON `credit_notes` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_org_number` ON `credit_notes` (`org_id`,`note_number`);--> statement-breakpoint
CREATE INDEX `credit_notes_org_customer` ON `credit_notes` (`org_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `credit_notes_org_sale` ON `credit_notes` (`org_id`,`sale_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`contact` text,
	`gstin` text,
	`address` text,
	`credit_limit_paise` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customers_credit_limit" CHECK("customers"."credit_limit_paise" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_org_id` ON `customers` (`org_id`,`id`);--> statement-breakpoint
CREATE INDEX `customers_org_gstin` ON `customers` (`org_id`,`gstin`);--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`spent_on` text NOT NULL,
	`category` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`notes` text,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "expenses_amount" CHECK("expenses"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `expenses_org_id` ON `expenses` (`org_id`,`id`);--> statement-breakpoint
CREATE INDEX `expenses_org_spent_on` ON `expenses` (`org_id`,`spent_on`,`id`);--> statement-breakpoint
CREATE TABLE `godowns` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`city` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `godowns_org_id` ON `godowns` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `godowns_org_code` ON `godowns` (`org_id`,`code`);--> statement-breakpoint
CREATE TABLE `lots` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`lot_number` text NOT NULL,
	`sku_id` text NOT NULL,
	`godown_id` text NOT NULL,
	`supplier_id` text,
	`grams_received` integer NOT NULL,
	`grams_remaining` integer NOT NULL,
	`cost_paise_per_kg` integer NOT NULL,
	`received_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sku_id`) REFERENCES `skus`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`godown_id`) REFERENCES `godowns`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`supplier_id`) REFERENCES `suppliers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "lots_grams_remaining" CHECK("lots"."grams_remaining" >= 0 AND "lots"."grams_remaining" <= "lots"."grams_received"),
	CONSTRAINT "lots_grams_received" CHECK("lots"."grams_received" > 0),
	CONSTRAINT "lots_cost" CHECK("lots"."cost_paise_per_kg" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lots_org_id` ON `lots` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `lots_org_godown_sku_number` ON `lots` (`org_id`,`godown_id`,`sku_id`,`lot_number`);--> statement-breakpoint
CREATE INDEX `lots_in_stock_received` ON `lots` (`org_id`,`received_at`,`id`) WHERE grams_remaining > 0;--> statement-breakpoint
CREATE INDEX `lots_in_stock_godown_received` ON `lots` (`org_id`,`godown_id`,`received_at`,`id`) WHERE grams_remaining > 0;--> statement-breakpoint
CREATE INDEX `lots_org_sku` ON `lots` (`org_id`,`sku_id`,`grams_remaining`);--> statement-breakpoint
CREATE TABLE `mill_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`supplier_id` text NOT NULL,
	`invoice_number` text NOT NULL,
	`invoiced_on` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`supplier_id`) REFERENCES `suppliers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "mill_invoices_amount" CHECK("mill_invoices"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mill_invoices_org_id` ON `mill_invoices` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `mill_invoices_org_supplier_number` ON `mill_invoices` (`org_id`,`supplier_id`,`invoice_number`);--> statement-breakpoint
CREATE INDEX `mill_invoices_org_invoiced_on` ON `mill_invoices` (`org_id`,`invoiced_on`,`id`);--> statement-breakpoint
CREATE TABLE `mill_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`supplier_id` text NOT NULL,
	`mill_invoice_id` text,
	`paid_on` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`reference` text,
	`method` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`supplier_id`) REFERENCES `suppliers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`mill_invoice_id`) REFERENCES `mill_invoices`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "mill_payments_amount" CHECK("mill_payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mill_payments_org_id` ON `mill_payments` (`org_id`,`id`);--> statement-breakpoint
CREATE INDEX `mill_payments_org_paid_on` ON `mill_payments` (`org_id`,`paid_on`,`id`);--> statement-breakpoint
CREATE INDEX `mill_payments_org_supplier` ON `mill_payments` (`org_id`,`supplier_id`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`sale_id` text,
	`amount_paise` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`paid_on` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`customer_id`) REFERENCES `customers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sale_id`) REFERENCES `sales`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount" CHECK("payments"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_org_id` ON `payments` (`org_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_org_customer` ON `payments` (`org_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `payments_org_sale` ON `payments` (`org_id`,`sale_id`);--> statement-breakpoint
CREATE TABLE `sale_items` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sale_id` text NOT NULL,
	`lot_id` text NOT NULL,
	`sku_id` text NOT NULL,
	`grams` integer NOT NULL,
	`rate_paise_per_kg` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`gst_rate_bps` integer NOT NULL,
	`gst_paise` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sale_id`) REFERENCES `sales`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`lot_id`) REFERENCES `lots`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`sku_id`) REFERENCES `skus`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_items_grams" CHECK("sale_items"."grams" > 0),
	CONSTRAINT "sale_items_rate" CHECK("sale_items"."rate_paise_per_kg" >= 0)
);
--> statement-breakpoint
CREATE INDEX `sale_items_org_sale` ON `sale_items` (`org_id`,`sale_id`);--> statement-breakpoint
CREATE INDEX `sale_items_org_lot` ON `sale_items` (`org_id`,`lot_id`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`invoice_number` text NOT NULL,
	`financial_year` text NOT NULL,
	`invoice_seq` integer NOT NULL,
	`customer_id` text NOT NULL,
	`sale_date` text NOT NULL,
	`sold_at` integer NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`grams_total` integer NOT NULL,
	`taxable_paise` integer NOT NULL,
	`gst_paise` integer NOT NULL,
	`total_paise` integer NOT NULL,
	`dispatched_at` integer,
	`cancelled_at` integer,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`org_id`,`customer_id`) REFERENCES `customers`(`org_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sales_amounts" CHECK("sales"."grams_total" > 0 AND "sales"."taxable_paise" >= 0 AND "sales"."gst_paise" >= 0 AND "sales"."total_paise" = "sales"."taxable_paise" + "sales"."gst_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_org_id` ON `sales` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_org_invoice_number` ON `sales` (`org_id`,`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `sales_org_fy_seq` ON `sales` (`org_id`,`financial_year`,`invoice_seq`);--> statement-breakpoint
CREATE INDEX `sales_active_sold_at` ON `sales` (`org_id`,`sold_at`,`id`) WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX `sales_org_customer` ON `sales` (`org_id`,`customer_id`);--> statement-breakpoint
CREATE TABLE `skus` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`yarn_type` text NOT NULL,
	`count_ne` integer,
	`ply` integer DEFAULT 1 NOT NULL,
	`denier` integer,
	`filaments` integer,
	`blend` text,
	`composition` text NOT NULL,
	`shade` text,
	`hsn` text NOT NULL,
	`gst_rate_bps` integer NOT NULL,
	`stock_low_threshold_grams` integer DEFAULT 500000 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "skus_gst_rate_bps" CHECK("skus"."gst_rate_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "skus_threshold" CHECK("skus"."stock_low_threshold_grams" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skus_org_id` ON `skus` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `skus_org_sku` ON `skus` (`org_id`,`sku`);--> statement-breakpoint
CREATE INDEX `skus_org_yarn_type` ON `skus` (`org_id`,`yarn_type`);--> statement-breakpoint
CREATE TABLE `suppliers` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`gstin` text,
	`city` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_org_id` ON `suppliers` (`org_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `suppliers_org_name` ON `suppliers` (`org_id`,`name`);