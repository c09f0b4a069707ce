ALTER TABLE `payments` ADD `paid_from` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `paid_to` integer;--> statement-breakpoint
-- Payments that bought time before this migration kept no stretch of their own. A standing payment (not refunded
-- in full, not under an open or lost dispute) gets the stretch the last decision that gave it time bought, read
-- from billing_audit: its capture's 30 days, or the time its won dispute gave back (remaining_ms), ending at the
-- period end that decision recorded. A refund or dispute that ended the period after that decision ended the
-- whole period (the rule until now), so the stretch is cut there, and a stretch cut before it began holds none.
-- A payment with no such decision (paid before periods existed, migration 0003) holds no stretch: the one period
-- that migration granted belongs to no payment, so taking such a payment back removes no time.
WITH gains AS (
  SELECT b.id, b.payment_id, b.account_id, b.created_at, b.paid_until AS ends,
    CASE b.event WHEN 'payment.captured' THEN 2592000000 ELSE r.remaining_ms END AS length
  FROM billing_audit AS b LEFT JOIN payment_reversals AS r ON r.payment_id = b.payment_id
  WHERE (b.event = 'payment.captured' AND b.outcome = 'activated') OR (b.event = 'payment.dispute.won' AND b.outcome = 'restored')
),
latest AS (
  SELECT g.* FROM gains AS g
  WHERE NOT EXISTS (SELECT 1 FROM gains AS h WHERE h.payment_id = g.payment_id AND (h.created_at, h.id) > (g.created_at, g.id))
),
stretches AS (
  SELECT l.payment_id, l.ends - l.length AS paid_from,
    min(l.ends, coalesce((SELECT min(e.paid_until) FROM billing_audit AS e
      WHERE e.account_id = l.account_id AND e.outcome = 'ended' AND (e.created_at, e.id) > (l.created_at, l.id)), l.ends)) AS paid_to
  FROM latest AS l
)
UPDATE `payments` SET `paid_from` = s.paid_from, `paid_to` = s.paid_to
FROM stretches AS s
WHERE s.payment_id = payments.payment_id AND s.paid_from < s.paid_to AND payments.paid_from IS NULL
  AND NOT EXISTS (SELECT 1 FROM payment_reversals AS r WHERE r.payment_id = payments.payment_id
    AND (r.event <> 'payment.dispute.created' OR r.restored_at IS NULL));
