ALTER TABLE `credit_notes` ADD `on_account_paise` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A credit note without an invoice is wholly money on the customer's account.
UPDATE `credit_notes` SET `on_account_paise` = `amount_paise` WHERE `sale_id` IS NULL;
--> statement-breakpoint
-- Goods returned after payment left their invoice settled beyond its total: that excess moves to the account,
-- taken from the invoice's latest credit notes first (the ones that went beyond the total).
UPDATE `credit_notes` SET `on_account_paise` = MAX(0, MIN(`amount_paise`,
    (SELECT COALESCE(SUM(p.amount_paise), 0) FROM payments p
      WHERE p.org_id = credit_notes.org_id AND p.sale_id = credit_notes.sale_id AND p.voided_at IS NULL)
  + (SELECT COALESCE(SUM(n.amount_paise), 0) FROM credit_notes n
      WHERE n.org_id = credit_notes.org_id AND n.sale_id = credit_notes.sale_id AND n.voided_at IS NULL)
  + (SELECT COALESCE(SUM(a.amount_paise), 0) FROM advance_applications a
      WHERE a.org_id = credit_notes.org_id AND a.sale_id = credit_notes.sale_id
        AND (CASE a.source_kind WHEN 'payment' THEN (SELECT voided_at FROM payments WHERE org_id = a.org_id AND id = a.source_id)
             ELSE (SELECT voided_at FROM credit_notes WHERE org_id = a.org_id AND id = a.source_id) END) IS NULL)
  - (SELECT s.total_paise FROM sales s WHERE s.org_id = credit_notes.org_id AND s.id = credit_notes.sale_id)
  - (SELECT COALESCE(SUM(n.amount_paise), 0) FROM credit_notes n
      WHERE n.org_id = credit_notes.org_id AND n.sale_id = credit_notes.sale_id AND n.voided_at IS NULL
        AND (n.created_at, n.id) > (credit_notes.created_at, credit_notes.id))))
 WHERE `sale_id` IS NOT NULL AND `voided_at` IS NULL
   AND EXISTS (SELECT 1 FROM sales s WHERE s.org_id = credit_notes.org_id AND s.id = credit_notes.sale_id AND s.status <> 'cancelled');
