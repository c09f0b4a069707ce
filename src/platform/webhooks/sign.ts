// Signing of outgoing webhooks. Both schemes sign `<unix seconds>.<raw body>` with HMAC-SHA256 keyed by the
// endpoint's secret (its UTF-8 bytes, `whsec_` prefix included) and send lower-case hex; they differ only in
// the headers that carry the signature, the timestamp and the delivery id. Every attempt also carries the
// Standard Webhooks headers, so a receiver can verify with any of that standard's libraries instead.
import { hmacSha256Base64, hmacSha256Hex, randomString } from "../crypto";
import type { WebhookScheme } from "./verify";

/**
 * `service-signature`: `Service-Signature: t=<unix>,v1=<hex>` and `Service-Delivery: <id>`.
 * `x-service`: `X-Service-Signature: <hex>`, `X-Service-Timestamp`, `X-Service-Event`, `X-Service-Delivery`.
 * While a rolled secret overlaps, the previous secret signs too: a second `v1=`, or `X-Service-Signature-Previous`.
 */
export type { WebhookScheme };

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** A new endpoint signing secret: `whsec_` + 40 base62 characters (about 238 bits). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomString(40)}`;
}

/** The string that is signed: the timestamp, a dot, then the body exactly as sent. */
export function signedContent(timestampSeconds: number, rawBody: string): string {
  return `${timestampSeconds}.${rawBody}`;
}

/** Lower-case hex HMAC-SHA256 of `<timestampSeconds>.<rawBody>`. */
export function computeSignature(secret: string, timestampSeconds: number, rawBody: string): Promise<string> {
  return hmacSha256Hex(secret, signedContent(timestampSeconds, rawBody));
}

export interface SignInput {
  scheme: WebhookScheme;
  secret: string;
  /** The secret before a roll, during its overlap: receivers still holding it keep verifying. */
  previousSecret?: string | null;
  /** Unix seconds the scheme's own signature covers (for `x-service` retries, the first attempt's). */
  timestampSeconds: number;
  /** Unix seconds this attempt is sent at: the Standard Webhooks timestamp. */
  attemptSeconds: number;
  body: string;
  deliveryId: string;
  eventType: string;
}

/**
 * The Standard Webhooks headers of one attempt. `webhook-id` is the delivery id (`whd_` + base32, so never the
 * `.` the signed content joins on); `webhook-timestamp` is this attempt's own time even where the scheme re-sends
 * the first one, since the standard's libraries refuse more than 300 s of skew; `webhook-signature` is
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` per secret, space-separated, keyed by the bytes the
 * base64 after `whsec_` encodes (40 base62 characters are valid base64: 30 bytes, inside the standard's 24 to 64).
 */
export async function standardWebhookHeaders(input: {
  secrets: readonly string[];
  deliveryId: string;
  attemptSeconds: number;
  body: string;
}): Promise<Record<string, string>> {
  const content = `${input.deliveryId}.${input.attemptSeconds}.${input.body}`;
  const signatures = await Promise.all(
    input.secrets.map(async (secret) => {
      const key = Uint8Array.from(atob(secret.slice(WEBHOOK_SECRET_PREFIX.length)), (c) => c.charCodeAt(0));
      return `v1,${await hmacSha256Base64(key, content)}`;
    }),
  );
  return { "webhook-id": input.deliveryId, "webhook-timestamp": String(input.attemptSeconds), "webhook-signature": signatures.join(" ") };
}

/** Every header of one delivery attempt, Content-Type and the Standard Webhooks headers included. */
export async function signedHeaders(input: SignInput): Promise<Record<string, string>> {
  const signature = await computeSignature(input.secret, input.timestampSeconds, input.body);
  const previous = input.previousSecret ? await computeSignature(input.previousSecret, input.timestampSeconds, input.body) : null;
  const standard = await standardWebhookHeaders({
    secrets: input.previousSecret ? [input.secret, input.previousSecret] : [input.secret],
    deliveryId: input.deliveryId,
    attemptSeconds: input.attemptSeconds,
    body: input.body,
  });
  const common = { "Content-Type": "application/json", "User-Agent": "service-webhooks/1", ...standard };
  if (input.scheme === "service-signature") {
    const signatures = previous === null ? `v1=${signature}` : `v1=${signature},v1=${previous}`;
    return { ...common, "Service-Signature": `t=${input.timestampSeconds},${signatures}`, "Service-Delivery": input.deliveryId };
  }
  return {
    ...common,
    "X-Service-Signature": signature,
    ...(previous === null ? {} : { "X-Service-Signature-Previous": previous }),
    "X-Service-Timestamp": String(input.timestampSeconds),
    "X-Service-Event": input.eventType,
    "X-Service-Delivery": input.deliveryId,
  };
}
