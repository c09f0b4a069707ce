// The inventory service's webhook store: the platform's queries over the inventory tables (an organisation owns
// its endpoints and events), and the wire body of an inventory event.
import { webhookQueries, type StoredEvent } from "../../platform/webhooks/queries";
import { events, webhookAttempts, webhookDeliveries, webhookEndpointChanges, webhookEndpoints } from "../db/schema";
import { isoTime } from "../../platform/pure/dates";

export type { DeliveryView, EndpointRow } from "../../platform/webhooks/queries";

/** An inventory event as its deliveries carry it, and as the events list shows it (snake_case like the rest of the service). */
export function wireEvent(event: StoredEvent) {
  return { id: event.id, type: event.type, created_at: isoTime(event.createdAt), org_id: event.ownerId, data: event.data };
}

/** The wire body of an inventory event. */
export function eventBody(event: StoredEvent): string {
  return JSON.stringify(wireEvent(event));
}

export const webhookStore = webhookQueries({ events, webhookEndpoints, webhookDeliveries, webhookAttempts, webhookEndpointChanges }, eventBody);
