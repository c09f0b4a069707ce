import { z } from "@hono/zod-openapi";
import { DELIVERY_STATUSES, endpointBodies } from "../../platform/webhooks/schemas";
import { TAX_WEBHOOK_EVENTS } from "./events";
import { IsoTime } from "../hono";
import { AccountEmailField } from "../accounts/operator-auth";
import { MAX_SECRET_OVERLAP_HOURS } from "../../platform/webhooks/endpoints";
import { ENDPOINT_CHANGE_ACTIONS } from "../../platform/webhooks/store-schema";

export const WebhookEventSchema = z.enum(TAX_WEBHOOK_EVENTS).openapi({ description: "An event an endpoint can subscribe to" });

export const { create: CreateWebhookSchema, update: UpdateWebhookSchema } = endpointBodies(
  WebhookEventSchema,
  "https://hooks.example.com/tax",
  "allEvents",
);

export const RollSecretSchema = z
  .object({
    overlapHours: z
      .number()
      .int()
      .min(0)
      .max(MAX_SECRET_OVERLAP_HOURS)
      .default(0)
      .openapi({
        description: `Hours (0–${MAX_SECRET_OVERLAP_HOURS}) the old secret keeps signing beside the new one: each delivery then carries two \`v1=\` signatures (and two \`v1,\` values in \`webhook-signature\`). 0 (the default) stops it at once.`,
      }),
  })
  .strict();

export const WebhookEndpointSchema = z
  .object({
    id: z.string().openapi({ example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    url: z.string(),
    events: z.array(WebhookEventSchema).openapi({ description: "The events it takes; with `allEvents`, every event the service sends today" }),
    allEvents: z.boolean().openapi({
      description: "true: it takes every event, those added to the service later included; false: only those of `events`",
    }),
    description: z.string().nullable(),
    createdAt: IsoTime,
    status: z.enum(["enabled", "disabled"]),
    disabledAt: IsoTime.nullable(),
    disabledReason: z
      .enum(["manual", "failing"])
      .nullable()
      .openapi({ description: "`failing`: disabled by the service after 3 days in which every attempt failed" }),
    failingSince: IsoTime.nullable().openapi({ description: "The first failed attempt since the endpoint last answered 2xx" }),
    previousSecretExpiresAt: IsoTime.nullable().openapi({ description: "While a rolled secret still signs beside the new one: until when" }),
  })
  .openapi("WebhookEndpoint");

export const WebhookChangeSchema = z
  .object({
    action: z.enum(ENDPOINT_CHANGE_ACTIONS),
    actor: z.string().openapi({ description: "`api_key:<id>`, the signed-in user's email, `operator`, or `service` for an automatic change" }),
    detail: z.string().nullable(),
    at: IsoTime,
  })
  .openapi("WebhookEndpointChange");

export const WebhookEndpointDetailSchema = WebhookEndpointSchema.extend({
  changes: z.array(WebhookChangeSchema).openapi({
    description:
      "The endpoint's changes after it was registered, newest first (up to 50); changes of the same millisecond in the reverse of the order they were made",
  }),
}).openapi("WebhookEndpointDetail");

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({
    example: "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FHq2Lm0pRs",
    description: "The signing secret, shown only in this response: HMAC-SHA256 key (its UTF-8 bytes, prefix included)",
  }),
}).openapi("CreatedWebhookEndpoint");

export const RolledWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: CreatedWebhookEndpointSchema.shape.secret,
}).openapi("RolledWebhookEndpoint");

export const WebhookIdParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const DeliveryParamsSchema = WebhookIdParamSchema.extend({
  deliveryId: z
    .string()
    .max(64)
    .openapi({ param: { name: "deliveryId", in: "path" }, example: "whd_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});

export const AttemptSchema = z
  .object({
    attempt: z.number().int(),
    attemptedAt: IsoTime,
    outcome: z.enum(["delivered", "failed"]),
    responseStatus: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "The receiver's HTTP status; null for a timeout, network error, or an attempt not sent" }),
    durationMs: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi("WebhookAttempt");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ description: "Sent as `Service-Delivery` and `webhook-id` on every attempt: the receiver's idempotency key" }),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    resendOf: z.string().nullable().openapi({ description: "For a re-send: the delivery it repeats" }),
    nextRetryAt: IsoTime.nullable().openapi({ description: "When the next attempt is due, while pending" }),
    createdAt: IsoTime,
    completedAt: IsoTime.nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastDurationMs: z.number().int().nullable(),
    attempts: z.array(AttemptSchema),
  })
  .openapi("WebhookDelivery");

export const DeliveryFilterQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional().openapi({ description: "Only deliveries in this state" }),
  eventType: z
    .enum([...TAX_WEBHOOK_EVENTS, "webhook.test"])
    .optional()
    .openapi({ description: "Only deliveries of this event type" }),
});

export const TestSendSchema = z
  .object({
    deliveryId: z.string(),
    eventId: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempt: AttemptSchema.nullable().openapi({ description: "The first attempt's outcome" }),
    nextRetryAt: IsoTime.nullable(),
  })
  .openapi("WebhookTestSend");

export const RecoverySchema = z
  .object({
    queued: z.number().int().openapi({ description: "Events queued again by this call, each as a new delivery (a re-send)" }),
    more: z.boolean().openapi({ description: "true: more failed events remain after those queued; call again with `since: nextSince`" }),
    nextSince: IsoTime.nullable().openapi({ description: "While `more`: the `since` of the next call; null otherwise" }),
  })
  .openapi("WebhookRecovery");

/**
 * The query of every management route that names its account. Strict: a misspelt `accountEmail` left unread would
 * name no account, and the call would act on the signed-in user's own account instead of being refused.
 */
export const AccountEmailQuery = z
  .object({
    accountEmail: AccountEmailField.openapi({ description: "Operator calls only; a signed-in user acts on their own account" }),
  })
  .strict();

export const EventSchema = z
  .object({
    id: z.string().openapi({ example: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    type: z.string().openapi({ description: `The event type: one of ${TAX_WEBHOOK_EVENTS.map((t) => `\`${t}\``).join(", ")}` }),
    createdAt: IsoTime,
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "Exactly the `data` object this event's deliveries carry; its fields per type are in the webhooks section" }),
  })
  .openapi("TaxEvent", {
    description: "An event exactly as its deliveries carry it (the delivery's whole body), so a missed one is processed the same way",
  });

export const EventIdParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
});
