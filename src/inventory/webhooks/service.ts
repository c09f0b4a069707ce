// Webhook delivery for the inventory service: its events, its schedule, the compliance.due cron, and the
// glue between the outbox (events table), the WEBHOOKS queue and the platform's consumer. Back-office writes
// call `dispatchEvents(env, result.eventIds)` after their batch commits; the cron sweep re-dispatches
// anything that call did not get to.
import { newId } from "../../platform/ids";
import { webhookOutbox, type WebhookBindings } from "../../platform/webhooks/outbox";
import { defineSchedule } from "../../platform/webhooks/schedule";
import { endpointManagement } from "../../platform/webhooks/endpoints";
import { webhookStore, type EndpointRow } from "./queries";
import { COMPLIANCE_LEAD_DAYS, complianceDatesBetween } from "../domain/compliance";
import { addDays, istDateOf, istDayStartUtcMs } from "../domain/ist";

/** Event kinds (seed section 6). `webhook.test` is only sent by the test route. */
export const INVENTORY_WEBHOOK_EVENTS = [
  "sale.created",
  "sale.cancelled",
  "sale.dispatched",
  "invoice.paid",
  "customer.created",
  "stock.low",
  "compliance.due",
  "entry.voided",
] as const;
export type InventoryWebhookEvent = (typeof INVENTORY_WEBHOOK_EVENTS)[number];

/**
 * Retries re-send the original timestamp (seed rule 4) and receivers refuse timestamps more than 300 s old
 * (rule 1), so every attempt must be sent within 300 s of the first: 0 s, 10 s, 30 s, 90 s, 240 s. The last
 * one keeps a 60 s margin for queue lag and clock skew; an attempt that would go out more than 285 s after
 * the first is not sent and the delivery ends as failed (a late retry could only be refused).
 */
export const INVENTORY_WEBHOOK_SCHEDULE = defineSchedule({
  offsetsSeconds: [0, 10, 30, 90, 240],
  timestamps: "original",
  maxAgeSeconds: 285,
  timeoutMs: 10_000,
});

export const MAX_ENDPOINTS_PER_ORG = 20;

/** The inventory outbox: signs with the inventory service's scheme, on the schedule above. */
export const inventoryOutbox = webhookOutbox(webhookStore, { scheme: "x-service", schedule: INVENTORY_WEBHOOK_SCHEDULE });

/** Call after a write that inserted outbox events has committed; never throws (the cron sweep retries). */
export const dispatchEvents = inventoryOutbox.dispatchEvents;

/** Registration, edits, disable and enable, secret rolls and re-sends of the organisation's endpoints. */
export const endpoints = endpointManagement(webhookStore, inventoryOutbox);

/**
 * The daily cron: a `compliance.due` event for every GST and TDS due date in [today, today + lead] (IST),
 * for each organisation with an endpoint subscribed to it, once per (organisation, filing and period).
 * Returns the ids of the events created by this run.
 *
 * The day comes from the cron's scheduled time; the events are stamped when the run reads the subscribers, which is
 * later by the cron's start lag: an endpoint only receives events made after it was enabled, so an endpoint enabled
 * in that lag, which the run counts, receives the reminder made for it.
 */
export async function emitComplianceDue(env: WebhookBindings, scheduledTime: number): Promise<string[]> {
  const today = istDateOf(scheduledTime);
  const dates = complianceDatesBetween(today, addDays(today, COMPLIANCE_LEAD_DAYS));
  if (dates.length === 0) return [];
  const orgIds = await webhookStore.ownersSubscribedTo(env.DB, "compliance.due");
  // Never before the scheduled time, whose day the reminders are for, whatever this isolate's clock says.
  const now = Math.max(Date.now(), scheduledTime);
  const events = orgIds.flatMap((orgId) =>
    dates.map((due) => ({
      id: newId("evt", now),
      ownerId: orgId,
      type: "compliance.due",
      payload: {
        kind: due.kind,
        period: due.period,
        due_date: due.date,
        days_left: Math.round((istDayStartUtcMs(due.date) - istDayStartUtcMs(today)) / 86_400_000),
        title: due.title,
        description: due.description,
      },
      // One obligation (filing + period) is reminded once, however many daily runs see it in the window.
      dedupeKey: `compliance.due:${due.kind}:${due.period}`,
      createdAt: now,
    })),
  );
  const inserted = await webhookStore.insertDedupedEvents(env.DB, events);
  await dispatchEvents(env, inserted, now);
  return inserted;
}

/** Cron expression of the daily compliance run in wrangler.inventory.toml (03:30 UTC = 09:00 IST). */
export const COMPLIANCE_CRON = "30 3 * * *";

export async function runScheduled(env: WebhookBindings, cron: string, scheduledTime: number): Promise<void> {
  if (cron === COMPLIANCE_CRON) await emitComplianceDue(env, scheduledTime);
  await inventoryOutbox.sweepOutbox(env, scheduledTime);
}

/** Sends a signed `webhook.test` to one endpoint now; later attempts, if needed, go through the queue. */
export function sendTestEvent(env: WebhookBindings, endpoint: EndpointRow, now: number = Date.now()) {
  return inventoryOutbox.sendTestEvent(
    env,
    endpoint,
    { endpoint_id: endpoint.id, message: "A test event sent from the management API; it changes nothing." },
    now,
  );
}
