CREATE TABLE `dispute_wins` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`audit_id` text NOT NULL,
	`created_at` integer NOT NULL
);
