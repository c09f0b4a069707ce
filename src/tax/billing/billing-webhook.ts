import { createRoute, z } from "@hono/zod-openapi";
import { hmacSha256Hex, timingSafeEqual } from "../../platform/crypto";
import { readRawText } from "../../platform/http/body";
import { newId } from "../../platform/ids";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { findAccountByEmail } from "../accounts/queries";
import { recordPayment } from "./queries";
import { syncAccountKeys } from "../keys/service";
import { dispatchEvents } from "../webhooks/events";

// Razorpay's `payment.captured` event, reduced to the fields we rely on.
const PaymentCapturedSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({
      entity: z.object({
        id: z.string().min(1).max(64),
        amount: z.number().int().nonnegative(),
        currency: z.string().max(8),
        notes: z.object({ accountEmail: z.string().max(254) }).partial().passthrough().or(z.array(z.unknown())).optional(),
      }),
    }),
  }),
});

const ResultSchema = z.object({
  data: z.object({
    received: z.literal(true),
    activated: z.boolean().openapi({ description: "True only the first time a payment id is seen" }),
    reason: z.string().optional(),
  }),
});

const route = createRoute({
  method: "post",
  path: "/billing/webhook",
  tags: ["Billing"],
  summary: "Payment provider webhook (Razorpay format): a verified payment.captured activates the paid plan",
  description:
    "`X-Razorpay-Signature` must be the hex HMAC-SHA256 of the raw body keyed with RAZORPAY_WEBHOOK_SECRET. The account is named by `payload.payment.entity.notes.accountEmail`. Replays of a payment id change nothing.",
  responses: {
    200: { description: "Verified and processed (or ignored)", content: { "application/json": { schema: ResultSchema } } },
    ...errorResponses(400, 401, 413),
  },
});

export function registerBillingWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    const raw = await readRawText(c.req.raw, 65_536);
    const signature = c.req.header("X-Razorpay-Signature") ?? "";
    const expected = await hmacSha256Hex(c.env.RAZORPAY_WEBHOOK_SECRET, raw);
    if (!timingSafeEqual(signature.toLowerCase(), expected)) throw taxError("invalid_signature", "Webhook signature does not match");

    let event: z.infer<typeof PaymentCapturedSchema>;
    try {
      event = PaymentCapturedSchema.parse(JSON.parse(raw));
    } catch {
      throw taxError("validation_error", "Not a Razorpay payment event");
    }
    if (event.event !== "payment.captured") return c.json({ data: { received: true as const, activated: false, reason: `ignored ${event.event}` } }, 200);

    const payment = event.payload.payment.entity;
    const email = Array.isArray(payment.notes) ? undefined : payment.notes?.accountEmail?.toLowerCase();
    const db = taxDb(c.env.DB);
    const account = email ? await findAccountByEmail(db, email) : undefined;
    if (!account) return c.json({ data: { received: true as const, activated: false, reason: "no account for notes.accountEmail" } }, 200);

    const now = Date.now();
    const eventId = newId("evt", now);
    const activated = await recordPayment(
      c.env.DB,
      { paymentId: payment.id, accountId: account.id, amountPaise: payment.amount, currency: payment.currency, receivedAt: now },
      { id: eventId, type: "plan.activated", payload: { accountId: account.id, plan: "paid", paymentId: payment.id }, createdAt: now },
    );
    // The event exists only when this payment id was new, so a replay sends nothing.
    if (activated) await dispatchEvents(c.env, [eventId], now);
    // Also on replays: re-applying the plan to the keys heals a sync that failed halfway before.
    await syncAccountKeys(c.env, db, { ...account, plan: "paid" });
    return c.json({ data: { received: true as const, activated } }, 200);
  });
}
