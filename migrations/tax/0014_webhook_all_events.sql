ALTER TABLE `webhook_endpoints` ADD `all_events` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Back-fill. Until now an endpoint registered without `events` ("every event") stored the event types of that day
-- as a fixed list, so it never received plan.deactivated, added after endpoints could first be registered, nor
-- would any later type. The registration itself was not recorded, so it is read from the list: one holding every
-- type the service had before its newest was added (profile.saved, profile.deleted, plan.activated), with or
-- without plan.deactivated, is most plausibly a default registration and now takes every event. A list named in
-- full by hand (the web page ticks every event by default) looks the same; its owner asked for everything there
-- was, so every event is the closer reading. Any other list stays exactly as it is.
UPDATE `webhook_endpoints` SET `all_events` = true
WHERE (SELECT COUNT(DISTINCT `value`) FROM json_each(`webhook_endpoints`.`events`)
        WHERE `value` IN ('profile.saved', 'profile.deleted', 'plan.activated')) = 3
  AND NOT EXISTS (SELECT 1 FROM json_each(`webhook_endpoints`.`events`)
        WHERE `value` NOT IN ('profile.saved', 'profile.deleted', 'plan.activated', 'plan.deactivated'));
