// The billing webhook's signature covers the exact bytes received: Razorpay signs the raw body, so any bytes
// the body decoder would drop or refuse (a byte-order mark, invalid UTF-8) are checked before decoding, and
// an unverified request is a 401 whatever its body.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/platform/crypto";
import { api, createAccount, expectError, expectStatus, PRICE_PAISE } from "../helpers";

function post(body: Uint8Array, signature: string) {
  return api("/billing/webhook", null, { method: "POST", body, headers: { "X-Razorpay-Signature": signature } });
}

function captured(email: string): string {
  return JSON.stringify({
    entity: "event",
    event: "payment.captured",
    payload: { payment: { entity: { id: `pay_${crypto.randomUUID()}`, amount: PRICE_PAISE, currency: "INR", notes: { accountEmail: email } } } },
  });
}

describe("the signature covers the raw bytes", () => {
  it("a body starting with a UTF-8 byte-order mark, signed as sent, is verified and activates", async () => {
    const email = await createAccount();
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(captured(email))]);
    const answer = await expectStatus(await post(bytes, await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, bytes)), 200);
    expect(answer.data.activated).toBe(true);
  });

  it("the same body signed without its byte-order mark is refused: the mark is part of what was signed", async () => {
    const email = await createAccount();
    const text = captured(email);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    await expectError(await post(bytes, await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, text)), 401, "invalid_signature");
  });

  it("an unsigned body of invalid UTF-8 is a 401, not a 400 that tells an unverified sender how its body was read", async () => {
    await expectError(await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), "0".repeat(64)), 401, "invalid_signature");
  });

  it("a signed body of invalid UTF-8 is a 400 validation_error", async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    await expectError(await post(bytes, await hmacSha256Hex(env.RAZORPAY_WEBHOOK_SECRET, bytes)), 400, "validation_error");
  });
});
