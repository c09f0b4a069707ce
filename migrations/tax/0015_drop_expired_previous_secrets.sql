-- A secret rolled with an overlap is kept as the previous secret, signing beside the new one until
-- previous_secret_expires_at (unix milliseconds). Once that time has passed it signs nothing more, yet the row kept
-- it; a row written before secrets were sealed kept it in clear, and it was never read again to be sealed.
-- Clear every previous secret whose overlap has ended (and one without an expiry, which never signs).
UPDATE `webhook_endpoints` SET `previous_secret` = NULL, `previous_secret_expires_at` = NULL
WHERE (`previous_secret` IS NOT NULL OR `previous_secret_expires_at` IS NOT NULL)
  AND (`previous_secret_expires_at` IS NULL OR `previous_secret_expires_at` <= CAST(unixepoch('subsec') * 1000 AS INTEGER));
