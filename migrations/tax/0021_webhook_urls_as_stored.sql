-- Webhook endpoint URLs as the URL rules store them: without a fragment and without an empty query. Endpoints
-- registered before the rules dropped them keep their URL in the spelling a new registration compares against, so
-- registering the same receiver again is refused (one endpoint per URL) instead of sending it every event twice.
UPDATE `webhook_endpoints` SET `url` = substr(`url`, 1, instr(`url`, '#') - 1) WHERE instr(`url`, '#') > 0;
--> statement-breakpoint
UPDATE `webhook_endpoints` SET `url` = substr(`url`, 1, length(`url`) - 1) WHERE `url` LIKE '%?';
