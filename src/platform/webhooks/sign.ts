// Signing of outgoing webhooks. Both schemes sign `<unix seconds>.<raw body>` with HMAC-SHA256 keyed by the
// endpoint's secret (its UTF-8 bytes, `whsec_` prefix included) and send lower-case hex; they differ only in
// the headers that carry the signature, the timestamp and the delivery id.
import { hmacSha256Hex, randomString } from "../crypto";
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
  /** Unix seconds the signature covers. */
  timestampSeconds: number;
  body: string;
  deliveryId: string;
  eventType: string;
}

/** Every header of one delivery attempt, Content-Type included. */
export async function signedHeaders(input: SignInput): Promise<Record<string, string>> {
  const signature = await computeSignature(input.secret, input.timestampSeconds, input.body);
  const previous = input.previousSecret ? await computeSignature(input.previousSecret, input.timestampSeconds, input.body) : null;
  const common = { "Content-Type": "application/json", "User-Agent": "service-webhooks/1" };
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
