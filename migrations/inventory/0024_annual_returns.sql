CREATE TABLE `annual_returns` (
	`org_id` text NOT NULL,
	`financial_year` text NOT NULL,
	`filed_on` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`org_id`, `financial_year`),
	FOREIGN KEY (`org_id`) REFERENCES `organisations`(`id`) ON UPDATE no action ON DELETE no action
);
