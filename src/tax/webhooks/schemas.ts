import { z } from "@hono/zod-openapi";
import { TAX_WEBHOOK_EVENTS } from "./events";
import { IsoTime } from "../hono";

export const WebhookEventSchema = z.enum(TAX_WEBHOOK_EVENTS).openapi({ description: "An event an endpoint can subscribe to" });

export const CreateWebhookSchema = z
  .object({
    url: z.string().max(2048).openapi({
      example: "https://hooks.example.com/tax",
      description: "https only; no credentials; not a private, loopback, link-local or reserved address, nor localhost",
    }),
    events: z
      .array(WebhookEventSchema)
      .min(1)
      .max(TAX_WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, "must not repeat an event")
      .optional()
      .openapi({ description: "Defaults to every event" }),
    description: z.string().trim().max(200).optional(),
  })
  .strict();

export const WebhookEndpointSchema = z
  .object({
    id: z.string().openapi({ example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
    url: z.string(),
    events: z.array(WebhookEventSchema),
    description: z.string().nullable(),
    createdAt: IsoTime,
  })
  .openapi("WebhookEndpoint");

export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({
  secret: z.string().openapi({
    example: "whsec_5WbX5kEWLlfzsGNjH64I8lOOqUB6e8FHq2Lm0pRs",
    description: "The signing secret, shown only in this response: HMAC-SHA256 key (its UTF-8 bytes, prefix included)",
  }),
}).openapi("CreatedWebhookEndpoint");

export const WebhookIdParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: "id", in: "path" }, example: "whk_01jd3k9x2m4n5p6q7r8s9t0v1w" }),
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
    id: z.string().openapi({ description: "Sent as `Service-Delivery` on every attempt: the receiver's idempotency key" }),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    nextRetryAt: IsoTime.nullable().openapi({ description: "When the next attempt is due, while pending" }),
    createdAt: IsoTime,
    completedAt: IsoTime.nullable(),
    lastResponseStatus: z.number().int().nullable(),
    lastDurationMs: z.number().int().nullable(),
    attempts: z.array(AttemptSchema),
  })
  .openapi("WebhookDelivery");

export const TestSendSchema = z
  .object({
    deliveryId: z.string(),
    eventId: z.string(),
    status: z.enum(["pending", "delivered", "failed"]),
    attempt: AttemptSchema.nullable().openapi({ description: "The first attempt's outcome" }),
    nextRetryAt: IsoTime.nullable(),
  })
  .openapi("WebhookTestSend");

/** The management routes' account selector: operator calls name the account; a signed-in user acts on their own. */
export const AccountEmailField = z
  .email()
  .max(254)
  .transform((e) => e.toLowerCase())
  .optional();

export const AccountEmailQuery = z.object({
  accountEmail: AccountEmailField.openapi({ description: "Operator calls only; a signed-in user acts on their own account" }),
});
