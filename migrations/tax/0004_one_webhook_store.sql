ALTER TABLE `events` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `events_owner_dedupe` ON `events` (`owner_id`,`dedupe_key`);--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `signed_at` integer;