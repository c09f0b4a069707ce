// What each tax event's delivery carries: the envelope `{ id, type, createdAt, data }` and each kind's data.
// Payloads are written by SQL in the same batch as their change, so these schemas are the contract, and a test
// holds every stored event to them. The OpenAPI document's `webhooks` section is generated from them.
import { z } from "@hono/zod-openapi";
import { IsoTime } from "../hono";
import { ProfileSummarySchema } from "../profiles/schemas";
import type { TaxWebhookEvent } from "./events";

const ProfileId = z.string().openapi({ example: "prof_01jd3k9x2m4n5p6q7r8s9t0v1w" });

const events = {
  "profile.saved": {
    description:
      "A profile was created or replaced; `summary` is the result worked out at the save (reads of the profile work it out again by the rules then current). A save of what is stored already changes nothing and sends no event.",
    data: z.object({
      profileId: ProfileId,
      label: z.string(),
      created: z.boolean().openapi({ description: "true for a new profile" }),
      summary: ProfileSummarySchema,
    }),
  },
  "profile.deleted": { description: "A profile was deleted.", data: z.object({ profileId: ProfileId, label: z.string() }) },
  "plan.activated": {
    description:
      "A captured payment of the plan price bought 30 days of the paid plan (sent once per payment), or a won dispute gave back the paid time its dispute took, or let the payment whose capture that dispute had blocked buy its 30 days (sent once per dispute).",
    data: z.object({
      accountId: z.string(),
      plan: z.literal("paid"),
      paymentId: z.string().openapi({ description: "The payment that bought the time, or whose won dispute gave it back" }),
      paidUntil: IsoTime.openapi({ description: "The end of the paid period, this payment's time included", example: "2026-12-21T10:00:00.000Z" }),
    }),
  },
  "plan.deactivated": {
    description:
      "A dispute, or refunds reaching the payment's amount, took back a payment and left no paid time: the account is free at once. Taking back a payment while time other payments bought remains sends no event.",
    data: z.object({
      accountId: z.string(),
      plan: z.literal("free"),
      paymentId: z.string().openapi({ description: "The payment taken back" }),
      reason: z
        .enum(["refund", "dispute"])
        .openapi({ description: "What ended it: refunds of the payment reaching its amount, or a dispute raised on it" }),
    }),
  },
  "webhook.test": {
    description: "Sent only by the test-send operation; it reports no change.",
    data: z.object({ endpointId: z.string(), message: z.string() }),
  },
} satisfies Record<TaxWebhookEvent | "webhook.test", { description: string; data: z.ZodObject }>;

/** Each event kind's delivery body: exactly these fields (strict), so a test catches any field not documented. */
export const TAX_EVENT_PAYLOADS = Object.entries(events).map(([type, { description, data }]) => ({
  type,
  description,
  schema: z
    .object({ id: z.string().openapi({ example: "evt_01jd3k9x2m4n5p6q7r8s9t0v1w" }), type: z.literal(type), createdAt: IsoTime, data: data.strict() })
    .strict()
    .openapi(`TaxEvent_${type.replace(".", "_")}`),
}));
