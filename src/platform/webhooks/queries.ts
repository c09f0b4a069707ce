// The SQL of the webhook store, written once for both services over their tables (store-schema.ts): endpoints,
// the outbox fan-out, delivery attempts and test sends. Deliveries are unique per (event, endpoint), so running
// the fan-out twice for one event never creates a second delivery; attempts are unique per (delivery, attempt)
// and recorded only while the delivery still expects that attempt. A service supplies its tables and the wire
// body of its events; everything else is the same.
// Each concern's queries are a file of their own (endpoint-, delivery-, delivery-log- and event-queries.ts, and
// shared-queries.ts for what several use), composed here into the one store a service makes.
import { deliveryLogQueries } from "./delivery-log-queries";
import { deliveryQueries } from "./delivery-queries";
import { endpointQueries } from "./endpoint-queries";
import { eventQueries, type StoredEvent } from "./event-queries";
import type { WebhookTables } from "./shared-queries";

export type {
  DeliveryFilter,
  DeliveryPage,
  DeliveryPosition,
  DeliveryView,
  RecoverableDelivery,
  Resend,
  TestDeliveryInput,
} from "./delivery-log-queries";
export { AUTO_DISABLE_AFTER_MS } from "./delivery-queries";
export { type EndpointChange, type EndpointPatch, type EndpointRow, type NewEndpoint, subscribedEvents, subscribes } from "./endpoint-queries";
export { type EventListFilter, type StoredEvent, TEST_EVENT_TYPE } from "./event-queries";
export type { WebhookTables } from "./shared-queries";

export function webhookQueries(tables: WebhookTables, eventBody: (event: StoredEvent) => string) {
  return { ...endpointQueries(tables), ...deliveryQueries(tables, eventBody), ...deliveryLogQueries(tables), ...eventQueries(tables) };
}
