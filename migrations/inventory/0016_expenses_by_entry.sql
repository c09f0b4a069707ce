DROP INDEX `expenses_org_spent_on`;--> statement-breakpoint
CREATE INDEX `expenses_org_spent_on` ON `expenses` (`org_id`,`spent_on`);