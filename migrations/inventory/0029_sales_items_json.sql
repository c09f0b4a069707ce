-- Each sale keeps its lines as the JSON array the sales list answers with, so a page of sales reads one column per
-- sale instead of joining every line to its lot and SKU and printing its amounts on each read. The database keeps
-- it: a trigger rewrites the array whenever a line of the sale is inserted, whoever inserts it. Lines are never
-- updated or deleted (a return is a credit note of its own), nor are the lot numbers and SKUs they name. Amounts are
-- printed as the API prints them (two decimals for money, three for kg, GST rate as a number), lines in the order
-- the invoice was written (rowid). A later migration that rebuilds sales, sale_items, lots or skus (create, copy,
-- drop, rename) drops this trigger first and creates it again afterwards, as SQLite's procedure for such changes says.
ALTER TABLE `sales` ADD `items_json` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `sales` AS s SET `items_json` = (SELECT json_group_array(json(x.item)) FROM (
    SELECT json_object(
             'lot_id', i.lot_id, 'lot_number', l.lot_number, 'sku', k.sku, 'yarn_type', k.yarn_type, 'hsn', k.hsn,
             'kg', printf('%s%d.%03d', CASE WHEN i.grams < 0 THEN '-' ELSE '' END, abs(i.grams) / 1000, abs(i.grams) % 1000),
             'rate_per_kg', printf('%s%d.%02d', CASE WHEN i.rate_paise_per_kg < 0 THEN '-' ELSE '' END, abs(i.rate_paise_per_kg) / 100, abs(i.rate_paise_per_kg) % 100),
             'amount', printf('%s%d.%02d', CASE WHEN i.amount_paise < 0 THEN '-' ELSE '' END, abs(i.amount_paise) / 100, abs(i.amount_paise) % 100),
             'gst_rate_percent', CASE WHEN i.gst_rate_bps % 100 = 0 THEN i.gst_rate_bps / 100 ELSE i.gst_rate_bps / 100.0 END,
             'gst_amount', printf('%s%d.%02d', CASE WHEN i.gst_paise < 0 THEN '-' ELSE '' END, abs(i.gst_paise) / 100, abs(i.gst_paise) % 100),
             'cgst_amount', CASE WHEN i.cgst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.cgst_paise < 0 THEN '-' ELSE '' END, abs(i.cgst_paise) / 100, abs(i.cgst_paise) % 100) END,
             'sgst_amount', CASE WHEN i.sgst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.sgst_paise < 0 THEN '-' ELSE '' END, abs(i.sgst_paise) / 100, abs(i.sgst_paise) % 100) END,
             'igst_amount', CASE WHEN i.igst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.igst_paise < 0 THEN '-' ELSE '' END, abs(i.igst_paise) / 100, abs(i.igst_paise) % 100) END) AS item
      FROM `sale_items` i
      JOIN `lots` l ON l.org_id = i.org_id AND l.id = i.lot_id
      JOIN `skus` k ON k.org_id = i.org_id AND k.id = i.sku_id
     WHERE i.org_id = s.org_id AND i.sale_id = s.id
     ORDER BY i.rowid) x);--> statement-breakpoint
CREATE TRIGGER `sale_items_json` AFTER INSERT ON `sale_items` BEGIN
  UPDATE `sales` SET `items_json` = (SELECT json_group_array(json(x.item)) FROM (
    SELECT json_object(
             'lot_id', i.lot_id, 'lot_number', l.lot_number, 'sku', k.sku, 'yarn_type', k.yarn_type, 'hsn', k.hsn,
             'kg', printf('%s%d.%03d', CASE WHEN i.grams < 0 THEN '-' ELSE '' END, abs(i.grams) / 1000, abs(i.grams) % 1000),
             'rate_per_kg', printf('%s%d.%02d', CASE WHEN i.rate_paise_per_kg < 0 THEN '-' ELSE '' END, abs(i.rate_paise_per_kg) / 100, abs(i.rate_paise_per_kg) % 100),
             'amount', printf('%s%d.%02d', CASE WHEN i.amount_paise < 0 THEN '-' ELSE '' END, abs(i.amount_paise) / 100, abs(i.amount_paise) % 100),
             'gst_rate_percent', CASE WHEN i.gst_rate_bps % 100 = 0 THEN i.gst_rate_bps / 100 ELSE i.gst_rate_bps / 100.0 END,
             'gst_amount', printf('%s%d.%02d', CASE WHEN i.gst_paise < 0 THEN '-' ELSE '' END, abs(i.gst_paise) / 100, abs(i.gst_paise) % 100),
             'cgst_amount', CASE WHEN i.cgst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.cgst_paise < 0 THEN '-' ELSE '' END, abs(i.cgst_paise) / 100, abs(i.cgst_paise) % 100) END,
             'sgst_amount', CASE WHEN i.sgst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.sgst_paise < 0 THEN '-' ELSE '' END, abs(i.sgst_paise) / 100, abs(i.sgst_paise) % 100) END,
             'igst_amount', CASE WHEN i.igst_paise IS NULL THEN NULL ELSE printf('%s%d.%02d', CASE WHEN i.igst_paise < 0 THEN '-' ELSE '' END, abs(i.igst_paise) / 100, abs(i.igst_paise) % 100) END) AS item
      FROM `sale_items` i
      JOIN `lots` l ON l.org_id = i.org_id AND l.id = i.lot_id
      JOIN `skus` k ON k.org_id = i.org_id AND k.id = i.sku_id
     WHERE i.org_id = NEW.org_id AND i.sale_id = NEW.sale_id
     ORDER BY i.rowid) x)
   WHERE org_id = NEW.org_id AND id = NEW.sale_id;
END;
