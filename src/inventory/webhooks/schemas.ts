import { z } from "@hono/zod-openapi";
import { INVENTORY_WEBHOOK_EVENTS } from "./service";
import { IsoTime } from "../http/schemas";

export const WebhookEventSchema = z.enum(INVENTORY_WEBHOOK_EVENTS).openapi({ description: "An event kind an endpoint can subscribe to" });

export const CreateWebhookSchema = z
  .object({
    url: z.string().max(2048).openapi({
      example: "https://hooks.example.com/inventory",
      description: "https only; no credentials; not a private, loopback, link-local or reserved address, nor localhost",
    }),
    events: z
      .array(WebhookEventSchema)
      .min(1)
      .max(INVENTORY_WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, "must not repeat an event")
      .optional()
      .openapi({ description: "Defaults to every event" }),
  })
  .strict();

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    url: z.string(),
    events: z.array(WebhookEventSchema),
    created_at: IsoTime,
  })
  .openapi("InventoryWebhook");

export const CreatedWebhookSchema = WebhookSchema.extend({
  secret: z.string().openapi({
    example: "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FHq2Lm0pRs",
    description: "The signing secret, shown only in this response: HMAC-SHA256 key (its UTF-8 bytes, prefix included)",
  }),
}).openapi("InventoryCreatedWebhook");

const IdSchema = z.string().min(1).max(64);
export const WebhookParams = z.object({
  id: IdSchema.openapi({ param: { name: "id", in: "path" }, example: "org_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
  webhookId: IdSchema.openapi({ param: { name: "webhookId", in: "path" }, example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
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
    id: z.string().openapi({ description: "Sent as `X-Service-Delivery` on every attempt: the receiver's idempotency key" }),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
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
    status: z.enum(["pending", "delivered", "failed"]),
    attempt: AttemptSchema.nullable().openapi({ description: "The first attempt's outcome" }),
    next_retry_at: IsoTime.nullable(),
  })
  .openapi("InventoryWebhookTestSend");
