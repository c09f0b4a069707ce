// A verified but malformed billing event is a 400 validation_error in the service's envelope whose message
// names the field to fix, and it changes nothing: no account, payment, audit entry or event is written.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/platform/crypto";
import { api, createAccount, expectError, PRICE_PAISE } from "../helpers";

async function counts() {
  const row = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM payments) AS payments, (SELECT count(*) FROM billing_audit) AS audit, (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM accounts WHERE paid_until IS NOT NULL) AS paid",
  ).first();
  return row;
}

const entity = (email: string) => ({ id: `pay_${crypto.randomUUID()}`, amount: PRICE_PAISE, currency: "INR", notes: { accountEmail: email } });

describe.each([
  [
    "the amount as a string",
    (email: string) => ({ event: "payment.captured", payload: { payment: { entity: { ...entity(email), amount: "99900" } } } }),
    "payload.payment.entity.amount: must be of type number",
  ],
  [
    "a fractional amount",
    (email: string) => ({ event: "payment.captured", payload: { payment: { entity: { ...entity(email), amount: 99_900.5 } } } }),
    "payload.payment.entity.amount: must be an integer",
  ],
  ["no event name", (email: string) => ({ payload: { payment: { entity: entity(email) } } }), "event: is required"],
  ["no payload", () => ({ event: "payment.captured" }), "payload: is required"],
  [
    "a payment without an id",
    (email: string) => ({ event: "payment.captured", payload: { payment: { entity: { ...entity(email), id: undefined } } } }),
    "payload.payment.entity.id: is required",
  ],
  [
    "a refund without payment_id",
    () => ({ event: "refund.processed", payload: { refund: { entity: { id: "rfnd_1", amount: PRICE_PAISE } } } }),
    "payload.refund.entity.payment_id: is required",
  ],
  // A refund may be of part of the payment: without its amount or its own id it cannot be counted, once.
  [
    "a refund without its amount",
    () => ({ event: "refund.processed", payload: { refund: { entity: { id: "rfnd_1", payment_id: `pay_${crypto.randomUUID()}` } } } }),
    "payload.refund.entity.amount: is required",
  ],
  [
    "an empty refund id",
    () => ({ event: "refund.processed", payload: { refund: { entity: { id: "", payment_id: `pay_${crypto.randomUUID()}`, amount: 10_000 } } } }),
    "payload.refund.entity.id: must not be empty",
  ],
  [
    "a refund of nothing",
    () => ({ event: "refund.processed", payload: { refund: { entity: { id: "rfnd_1", payment_id: `pay_${crypto.randomUUID()}`, amount: 0 } } } }),
    "payload.refund.entity.amount: must be > 0",
  ],
  [
    "a refund event naming only its payment",
    (email: string) => ({ event: "refund.processed", payload: { payment: { entity: entity(email) } } }),
    "payload.refund.entity: is required for refund.processed",
  ],
])("a signed event with %s", (_name, build, message) => {
  it(`is 400 validation_error "${message}" and changes nothing`, async () => {
    const email = await createAccount();
    const body = JSON.stringify(build(email));
    const before = await counts();
    const response = await api("/billing/webhook", null, {
      method: "POST",
      body,
      headers: { "X-Razorpay-Signature": await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, body) },
    });
    expect(await expectError(response, 400, "validation_error")).toBe(message);
    expect(await counts()).toEqual(before);
  });
});

it("a signed body that is not JSON is 400 validation_error naming the body", async () => {
  const body = "event=payment.captured";
  const response = await api("/billing/webhook", null, {
    method: "POST",
    body,
    headers: { "X-Razorpay-Signature": await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, body) },
  });
  expect(await expectError(response, 400, "validation_error")).toBe("body: is not valid JSON");
});
