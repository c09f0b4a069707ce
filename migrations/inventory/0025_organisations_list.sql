CREATE INDEX `organisations_created` ON `organisations` (`created_at`);--> statement-breakpoint
CREATE INDEX `organisations_gstin` ON `organisations` (`gstin`);--> statement-breakpoint
CREATE INDEX `organisations_name_nocase` ON `organisations` ("name" COLLATE NOCASE);