import { createRoute, z } from "@hono/zod-openapi";
import { hmacSha256Hex, timingSafeEqual } from "../../platform/crypto";
import { decodeBodyText, readRawBytes } from "../../platform/http/body";
import { describeZodError } from "../../platform/http/validation";
import { newId } from "../../platform/ids";
import { errorResponses, taxError, type TaxApp } from "../hono";
import { taxDb } from "../db/client";
import { findAccountByEmail } from "../accounts/queries";
import { PAID_PERIOD_MS } from "../accounts/plan";
import type { TaxEnv } from "../env";
import { accountOfPayment, recordBillingDecision, recordPayment, type Restoration, restoreDisputedPayment, reversePayment } from "./queries";
import { syncAccountKeys } from "../keys/service";
import { dispatchEvents } from "../webhooks/events";

const DAY_MS = 86_400_000;

// Razorpay's events, reduced to the fields we rely on: the payment (captured, failed), and the refund or
// dispute that names a payment.
const PaymentEntity = z.object({
  id: z.string().min(1).max(64),
  amount: z.number().int().nonnegative(),
  currency: z.string().max(8),
  // Razorpay takes any notes (an object, or [] when none were set): whatever they hold is acknowledged, never a 400,
  // which Razorpay would retry for a day and then disable the webhook over. accountEmailOf reads them.
  notes: z.unknown().optional(),
});
const AccountNote = z.object({ accountEmail: z.string().max(254) });

/** The account e-mail a payment's notes name, in lower case; notes without one of an address's length name none. */
const accountEmailOf = (notes: unknown): string | undefined => AccountNote.safeParse(notes).data?.accountEmail.toLowerCase();
const PaymentReference = z.object({ id: z.string().max(64), payment_id: z.string().min(1).max(64) }).passthrough();
// A refund may be of part of the payment: its own id counts it once, its amount (paise) toward the payment's.
const RefundEntity = PaymentReference.extend({
  id: z.string().min(1).max(64),
  amount: z.number().int().positive(),
  currency: z.string().max(8).optional(),
});

const RazorpayEventSchema = z.object({
  event: z.string().max(64),
  payload: z.object({
    payment: z.object({ entity: PaymentEntity }).optional(),
    refund: z.object({ entity: RefundEntity }).optional(),
    dispute: z.object({ entity: PaymentReference }).optional(),
  }),
});
type RazorpayEvent = z.infer<typeof RazorpayEventSchema>;

/** Events that take back the payment they name, and the paid time it has not used, once per payment. */
const ENDING_EVENTS = ["refund.processed", "payment.dispute.created"];
/**
 * The dispute was decided for us: the money stays, so the paid time its opening cut off comes back. Razorpay's
 * `payment.dispute.closed` does not say in whose favour a dispute closed, so it is ignored like other events.
 */
const DISPUTE_WON = "payment.dispute.won";

const ResultSchema = z.object({
  data: z.object({
    received: z.literal(true),
    activated: z.boolean().openapi({
      description:
        "True only the first time a payment id of the plan price is seen, or the first time a won dispute gives back the paid time its dispute took or lets the payment whose capture it blocked buy its period",
    }),
    deactivated: z.boolean().openapi({
      description: "True when a dispute, or refunds reaching the payment's amount, took back a payment and no paid time is left: the account is free",
    }),
    reason: z.string().optional().openapi({
      description: "Why nothing changed, or why no event was sent, in words (the guide's Plans and rate limits says when each case arises).",
    }),
  }),
});

const route = createRoute({
  method: "post",
  path: "/billing/webhook",
  tags: ["Billing"],
  summary: "Payment provider webhook (Razorpay format): a captured payment of the plan price buys a 30-day paid period",
  description: [
    "`X-Razorpay-Signature` must be the hex HMAC-SHA256 of the raw body keyed with RAZORPAY_WEBHOOK_SECRET.",
    "`payment.captured` activates only when the amount is exactly the plan price (PAID_PLAN_PRICE_PAISE) in `INR` and `payload.payment.entity.notes.accountEmail` names an account: it buys 30 days of the paid plan, added to a running period, and sends `plan.activated` once per payment id. Any other amount or currency is acknowledged (200) and changes nothing.",
    "`payment.dispute.created` for a payment that bought paid time, and `refund.processed` once that payment's refunds reach its amount, take that payment back: it loses its days after now, and days bought after it move that much earlier. With no paid time left the account is free at once and `plan.deactivated` is sent; otherwise every key learns the earlier end and no event is sent. A smaller refund is recorded and changes nothing else; each refund, and each taking back of a payment, counts once (the guide's Plans and rate limits has the details).",
    '`payment.dispute.won` for a payment whose `payment.dispute.created` took paid time away gives exactly that time back, once (added to the later of now and the end of any period bought since; `plan.activated` is sent), and the payment stands again: refunds reaching its amount take it back, once. A win changes nothing for a payment whose refunds reach its amount, an unknown payment or a dispute that took no paid time, nor when replayed. Events that arrive out of order (a dispute, refunds or a win before the capture or dispute they follow) are kept and applied as in their order: the tax API guide\'s "Paid plan" lists each case.',
    "Other events are acknowledged and ignored. Every decision, applied or refused, is kept in the billing audit log. Replays change nothing.",
  ].join(" "),
  responses: {
    200: { description: "Verified and processed (or refused or ignored, with a reason)", content: { "application/json": { schema: ResultSchema } } },
    ...errorResponses("validation_error", "invalid_signature", "payload_too_large"),
  },
});

type Outcome = { activated: boolean; deactivated: boolean; reason?: string };

export function registerBillingWebhook(app: TaxApp): void {
  app.openapi(route, async (c) => {
    // Razorpay signs the bytes it sends: verify them before decoding, which would drop a byte-order mark.
    const raw = await readRawBytes(c.req.raw, 65_536);
    const signature = c.req.header("X-Razorpay-Signature") ?? "";
    const expected = await hmacSha256Hex(c.env.RAZORPAY_WEBHOOK_SECRET, raw);
    if (!timingSafeEqual(signature.toLowerCase(), expected)) throw taxError("invalid_signature", "Webhook signature does not match");

    const text = decodeBodyText(raw);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw taxError("validation_error", "body: is not valid JSON");
    }
    const parsed = RazorpayEventSchema.safeParse(json);
    if (!parsed.success) throw taxError("validation_error", describeZodError(parsed.error, "body", json));
    const event = parsed.data;
    const now = Date.now();
    const outcome =
      event.event === "payment.captured"
        ? await activate(c.env, event, now)
        : ENDING_EVENTS.includes(event.event)
          ? await deactivate(c.env, event, now)
          : event.event === DISPUTE_WON
            ? await restore(c.env, event, now)
            : await ignore(c.env, event, now);
    return c.json({ data: { received: true as const, ...outcome } }, 200);
  });
}

async function activate(env: TaxEnv, event: RazorpayEvent, now: number): Promise<Outcome> {
  const payment = event.payload.payment?.entity;
  if (!payment) throw taxError("validation_error", "payload.payment.entity: is required for payment.captured");
  const email = accountEmailOf(payment.notes);
  const db = taxDb(env.DB);
  const account = email ? await findAccountByEmail(db, email) : undefined;
  const entry = {
    id: newId("bil", now),
    accountId: account?.id ?? null,
    event: event.event,
    paymentId: payment.id,
    amountPaise: payment.amount,
    currency: payment.currency,
    createdAt: now,
  };
  const refuse = async (outcome: string, reason: string): Promise<Outcome> => {
    await recordBillingDecision(env.DB, entry, outcome);
    return { activated: false, deactivated: false, reason };
  };
  if (!account) return refuse("unknown_account", "no account for notes.accountEmail");
  if (payment.currency !== "INR") return refuse("refused_currency", `currency ${payment.currency} is not INR`);
  const price = env.PAID_PLAN_PRICE_PAISE;
  if (payment.amount !== price) return refuse("refused_amount", `amount ${payment.amount} paise is not the plan price of ${price} paise`);

  const eventId = newId("evt", now);
  const outcome = await recordPayment(
    env.DB,
    { paymentId: payment.id, accountId: account.id, amountPaise: payment.amount, currency: payment.currency, receivedAt: now },
    PAID_PERIOD_MS,
    { id: eventId, type: "plan.activated", payload: { accountId: account.id, plan: "paid", paymentId: payment.id }, createdAt: now },
    entry.id,
  );
  const activated = outcome === "activated";
  // The event exists only when this payment id was new, so a replay sends nothing.
  if (activated) await dispatchEvents(env, [eventId], now);
  // Also on replays: re-applying the plan to the keys heals a sync that failed halfway before.
  await syncAccountKeys(env, db, account.id, now);
  if (outcome === "refused_reversed") {
    return {
      activated,
      deactivated: false,
      reason:
        "this payment was refunded or disputed before its capture arrived; if its dispute is won and it is not refunded in full, it buys its period then",
    };
  }
  return { activated, deactivated: false };
}

/** The payment a dispute event names: its dispute entity's, else the payment entity's. */
function disputedPayment(event: RazorpayEvent): string | undefined {
  return event.payload.dispute?.entity.payment_id ?? event.payload.payment?.entity.id;
}

async function deactivate(env: TaxEnv, event: RazorpayEvent, now: number): Promise<Outcome> {
  const isRefund = event.event === "refund.processed";
  const refund = event.payload.refund?.entity;
  if (isRefund && !refund) throw taxError("validation_error", "payload.refund.entity: is required for refund.processed");
  const paymentId = isRefund ? refund?.payment_id : disputedPayment(event);
  if (!paymentId) throw taxError("validation_error", `payload: names no payment for ${event.event}`);
  const eventId = newId("evt", now);
  const reason = isRefund ? "refund" : "dispute";
  const price = env.PAID_PLAN_PRICE_PAISE;
  const reversal = await reversePayment(
    env.DB,
    now,
    { id: eventId, type: "plan.deactivated", payload: { plan: "free", paymentId, reason }, createdAt: now },
    { id: newId("bil", now), event: event.event, paymentId, amountPaise: refund?.amount, currency: refund?.currency, createdAt: now },
    refund && { id: refund.id, amountPaise: refund.amount, pricePaise: price },
  );
  const { outcome, accountId } = reversal;
  const deactivated = outcome === "ended";
  if (deactivated) await dispatchEvents(env, [eventId], now);
  // Also on replays, as for activation: the keys learn the period's new end (or the free plan) now, not at its old end.
  if (accountId) await syncAccountKeys(env, taxDb(env.DB), accountId, now);
  if (outcome === "ended") return { activated: false, deactivated };
  if (outcome === "shortened_no_event") {
    const days = Number(((reversal.removedMs ?? 0) / DAY_MS).toFixed(1));
    const until = new Date(reversal.paidUntil ?? now).toISOString();
    return {
      activated: false,
      deactivated,
      reason: `${reason}: this payment's unused paid time (${days} days) was taken back; the account stays paid until ${until} on the time other payments bought; no webhook event is sent, since the plan is still paid`,
    };
  }
  if (outcome === "no_unused_days") {
    return { activated: false, deactivated, reason: "this payment's paid time was already used: the paid time other payments bought stands" };
  }
  if (outcome === "partial_refund") {
    const of = reversal.paymentPaise ?? price;
    const when = accountId ? "the payment is not taken back" : "no activating payment with this id yet; it is counted when the payment arrives";
    return { activated: false, deactivated, reason: `partial refund: ${reversal.refundedPaise} of ${of} paise refunded so far; ${when}` };
  }
  if (outcome === "replayed_refund") return { activated: false, deactivated, reason: "this refund was already counted" };
  if (outcome === "dispute_already_won") return { activated: false, deactivated, reason: "this payment's dispute was already won: it ends nothing" };
  if (!accountId) {
    return { activated: false, deactivated, reason: "no activating payment with this id; if it arrives later it buys nothing" };
  }
  if (outcome === "already_reversed") return { activated: false, deactivated, reason: "this payment was already refunded or disputed" };
  return { activated: false, deactivated, reason: "no paid period was running" };
}

async function restore(env: TaxEnv, event: RazorpayEvent, now: number): Promise<Outcome> {
  const paymentId = disputedPayment(event);
  if (!paymentId) throw taxError("validation_error", `payload: names no payment for ${event.event}`);
  const eventId = newId("evt", now);
  const { outcome, accountId } = await restoreDisputedPayment(
    env.DB,
    now,
    { id: eventId, type: "plan.activated", payload: { plan: "paid", paymentId }, createdAt: now },
    { id: newId("bil", now), event: event.event, paymentId, createdAt: now },
    { pricePaise: env.PAID_PLAN_PRICE_PAISE, periodMs: PAID_PERIOD_MS },
  );
  const activated = outcome === "restored" || outcome === "bought_on_win";
  if (activated) await dispatchEvents(env, [eventId], now);
  // Also on replays, as for activation: re-applying the plan heals a key sync that failed halfway before.
  if (accountId) await syncAccountKeys(env, taxDb(env.DB), accountId, now);
  if (activated) return { activated, deactivated: false };
  return { activated, deactivated: false, reason: RESTORE_REFUSALS[outcome] };
}

/** Why a won dispute gave nothing back, by outcome. */
const RESTORE_REFUSALS: Record<Exclude<Restoration["outcome"], "restored" | "bought_on_win">, string> = {
  unknown_payment: "no activating payment with this id",
  already_restored: "the paid time this dispute took or held back was already given back",
  nothing_to_restore: "this dispute took no paid time away, so there is nothing to give back",
  refunded: "this payment was refunded in full, so a won dispute gives nothing back",
  won_before_payment: "this payment was not received yet: its dispute is lifted, so the payment buys its period when it arrives",
  won_before_dispute: "no dispute of this payment was received yet: the win is kept, so that dispute ends nothing when it arrives",
  already_won: "this win was already kept before its dispute",
};

async function ignore(env: TaxEnv, event: RazorpayEvent, now: number): Promise<Outcome> {
  const payment = event.payload.payment?.entity;
  const accountId = payment ? await accountOfPayment(env.DB, payment.id) : null;
  await recordBillingDecision(
    env.DB,
    {
      id: newId("bil", now),
      accountId,
      event: event.event,
      paymentId: payment?.id ?? null,
      amountPaise: payment?.amount ?? null,
      currency: payment?.currency ?? null,
      createdAt: now,
    },
    "ignored",
  );
  return { activated: false, deactivated: false, reason: `ignored ${event.event}` };
}
