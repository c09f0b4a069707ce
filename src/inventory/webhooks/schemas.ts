import { z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES, endpointBodies } from "../../platform/webhooks/schemas";
import { INVENTORY_WEBHOOK_EVENTS } from "./service";
import { IsoTime } from "../http/schemas";
import { IdSchema } from "../http/wire-formats";
import { MAX_SECRET_OVERLAP_HOURS } from "../../platform/webhooks/endpoints";
import { ENDPOINT_CHANGE_ACTIONS } from "../../platform/webhooks/store-schema";

export const WebhookEventSchema = z.enum(INVENTORY_WEBHOOK_EVENTS).openapi({ description: "An event kind an endpoint can subscribe to" });

export const { create: CreateWebhookSchema, update: UpdateWebhookSchema } = endpointBodies(
  WebhookEventSchema,
  "https://hooks.example.com/inventory",
  "all_events",
);

export const RollSecretSchema = z
  .object({
    overlap_hours: z
      .number()
      .int()
      .min(0)
      .max(MAX_SECRET_OVERLAP_HOURS)
      .default(0)
      .openapi({
        description: `Hours (0–${MAX_SECRET_OVERLAP_HOURS}) the old secret keeps signing beside the new one: each delivery then also carries \`X-Service-Signature-Previous\` (and a second \`v1,\` value in \`webhook-signature\`). 0 (the default) stops it at once.`,
      }),
  })
  .strict();

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    url: z.string(),
    events: z.array(WebhookEventSchema).openapi({ description: "The event kinds it takes; with `all_events`, every kind the service sends today" }),
    all_events: z.boolean().openapi({
      description: "true: it takes every event kind, those added to the service later included; false: only those of `events`",
    }),
    description: z.string().nullable(),
    created_at: IsoTime,
    status: z.enum(["enabled", "disabled"]),
    disabled_at: IsoTime.nullable(),
    disabled_reason: z
      .enum(["manual", "failing"])
      .nullable()
      .openapi({ description: "`failing`: disabled by the service after 3 days in which every attempt failed" }),
    failing_since: IsoTime.nullable().openapi({ description: "The first failed attempt since the endpoint last answered 2xx" }),
    previous_secret_expires_at: IsoTime.nullable().openapi({ description: "While a rolled secret still signs beside the new one: until when" }),
  })
  .openapi("InventoryWebhook");

export const WebhookChangeSchema = z
  .object({
    action: z.enum(ENDPOINT_CHANGE_ACTIONS),
    actor: z.string().openapi({ description: "The signed-in admin's email, `operator`, or `service` for an automatic change" }),
    detail: z.string().nullable(),
    at: IsoTime,
  })
  .openapi("InventoryWebhookChange");

export const WebhookDetailSchema = WebhookSchema.extend({
  changes: z.array(WebhookChangeSchema).openapi({
    description:
      "The endpoint's changes after it was registered, newest first (up to 50); changes of the same millisecond in the reverse of the order they were made",
  }),
}).openapi("InventoryWebhookDetail");

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    example: "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FHq2Lm0pRs",
    description: "The signing secret, shown only in this response: HMAC-SHA256 key (its UTF-8 bytes, prefix included)",
  }),
}).openapi("InventoryCreatedWebhook");

export const RolledWebhookSchema = WebhookSchema.extend({ secret: CreatedWebhookSchema.shape.secret }).openapi("InventoryRolledWebhook");

export const WebhookParams = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  webhookId: IdSchema.openapi({ param: { name: "webhookId", in: "path" }, example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const DeliveryParams = WebhookParams.extend({
  deliveryId: IdSchema.openapi({ param: { name: "deliveryId", in: "path" }, example: "whd_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const DeliveryFilterQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().openapi({ description: "Only deliveries in this state" }),
  event_type: z
    .enum([...INVENTORY_WEBHOOK_EVENTS, "webhook.test"])
    .optional()
    .openapi({ description: "Only deliveries of this event kind" }),
});

export const AttemptSchema = z
  .object({
    attempt: z.number().int(),
    attempted_at: IsoTime,
    outcome: z.enum(["delivered", "failed"]),
    response_status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's HTTP status; null for a timeout, network error, or an attempt not sent" }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi("InventoryWebhookAttempt");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: "Sent as `X-Service-Delivery` and `webhook-id` on every attempt: the receiver's idempotency key" }),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    resend_of: z.string().nullable().openapi({ description: "For a re-send: the delivery it repeats" }),
    signed_at: IsoTime.nullable().openapi({ description: "The `X-Service-Timestamp` every attempt of this delivery carries" }),
    next_retry_at: IsoTime.nullable(),
    created_at: IsoTime,
    completed_at: IsoTime.nullable(),
    attempts: z.array(AttemptSchema),
  })
  .openapi("InventoryWebhookDelivery");

export const TestSendSchema = z
  .object({
    delivery_id: z.string(),
    event_id: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempt: AttemptSchema.nullable().openapi({ description: "The first attempt's outcome" }),
    next_retry_at: IsoTime.nullable(),
  })
  .openapi("InventoryWebhookTestSend");

export const RecoverySchema = z
  .object({
    queued: z.number().int().openapi({ description: "Events queued again by this call, each as a new delivery (a re-send)" }),
    more: z.boolean().openapi({ description: "true: more failed events remain after those queued; call again with `since: next_since`" }),
    next_since: IsoTime.nullable().openapi({ description: "While `more`: the `since` of the next call; null otherwise" }),
  })
  .openapi("InventoryWebhookRecovery");

export const EventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    type: z.string().openapi({ description: `The event kind: one of ${INVENTORY_WEBHOOK_EVENTS.map((t) => `\`${t}\``).join(", ")}` }),
    created_at: IsoTime,
    org_id: z.string().openapi({ example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "Exactly the `data` object this event's deliveries carry; its fields per kind are in the webhooks section" }),
  })
  .openapi("InventoryEvent", {
    description: "An event exactly as its deliveries carry it (the delivery's whole body), so a missed one is processed the same way",
  });

export const EventParams = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  eventId: IdSchema.openapi({ param: { name: "eventId", in: "path" }, example: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});
