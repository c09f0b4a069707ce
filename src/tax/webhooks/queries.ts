// The tax service's webhook store: the platform's queries over the tax tables, and the wire body of a tax event.
import { webhookQueries, type StoredEvent } from "../../platform/webhooks/queries";
import { events, webhookAttempts, webhookDeliveries, webhookEndpointChanges, webhookEndpoints } from "../db/schema";
import { isoTime } from "../../platform/pure/dates";

export type { DeliveryView, EndpointRow } from "../../platform/webhooks/queries";

/** A tax event as its deliveries carry it, and as the events list shows it: identifiers and a summary only, never a profile's inputs. */
export function wireEvent(event: StoredEvent) {
  return { id: event.id, type: event.type, createdAt: isoTime(event.createdAt), data: event.data };
}

/** The wire body of a tax event. */
export function eventBody(event: StoredEvent): string {
  return JSON.stringify(wireEvent(event));
}

export const webhookStore = webhookQueries({ events, webhookEndpoints, webhookDeliveries, webhookAttempts, webhookEndpointChanges }, eventBody);
