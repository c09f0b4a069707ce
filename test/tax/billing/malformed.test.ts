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

// Razorpay takes any notes: whatever they hold, a signed event is acknowledged (200), as a 400 would be retried for a
// day and then disable the webhook. Notes that name no account (not an object, no e-mail, one longer than an address
// can be) buy nothing, as a capture for an unknown account does; an event the service ignores is ignored.
describe("a signed event whose notes name no account", () => {
  const send = async (event: string, notes: unknown) => {
    const body = JSON.stringify({
      event,
      payload: { payment: { entity: { id: `pay_${crypto.randomUUID()}`, amount: PRICE_PAISE, currency: "INR", notes } } },
    });
    const response = await api("/billing/webhook", null, {
      method: "POST",
      body,
      headers: { "X-Razorpay-Signature": await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, body) },
    });
    expect(response.status).toBe(200);
    return (await response.json<{ data: { activated: boolean; reason: string } }>()).data;
  };

  it.each([
    ["an e-mail longer than an address can be", { accountEmail: `${"x".repeat(243)}@example.com` }],
    ["an e-mail that is not text", { accountEmail: 42 }],
    ["no e-mail", { orderRef: "A-1" }],
    ["an empty list", []],
    ["text", "accountEmail"],
  ])("with %s: a capture is acknowledged and buys nothing", async (_name, notes) => {
    const before = await counts();
    expect(await send("payment.captured", notes)).toEqual({
      received: true,
      activated: false,
      deactivated: false,
      reason: "no account for notes.accountEmail",
    });
    expect((await counts())!.paid).toBe(before!.paid);
  });

  it("with an e-mail longer than an address can be: an event the service ignores is acknowledged and ignored", async () => {
    expect(await send("payment.authorized", { accountEmail: "x".repeat(255) })).toMatchObject({
      activated: false,
      reason: "ignored payment.authorized",
    });
  });
});
