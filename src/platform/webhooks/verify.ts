// The receiver's side: checks a delivery's signature and timestamp before anything parses the body.
// Self-contained on purpose (Web Crypto only, no imports): receivers copy this file into their own Worker or
// Node service, and `scripts/webhook-receiver.mjs` loads it under plain Node 20, where workerd's
// `crypto.subtle.timingSafeEqual` does not exist, hence the local constant-time compare.

/**
 * `service-signature`: `Service-Signature: t=<unix>,v1=<hex>` + `Service-Delivery`; `x-service`: the four X-Service-*
 * headers. During a secret roll's overlap a delivery carries two signatures (two `v1=`, or `X-Service-Signature`
 * and `X-Service-Signature-Previous`), one per secret: either one matching is enough.
 */
export type WebhookScheme = "service-signature" | "x-service";

/**
 * What a receiver can check: a service's own scheme, or `standard-webhooks`, the `webhook-id`, `webhook-timestamp`
 * and `webhook-signature` headers every delivery of both services also carries (`v1,<base64>` per secret,
 * space-separated, over `<id>.<timestamp>.<body>`, keyed by the base64-decoded secret after `whsec_`).
 */
export type VerifiableScheme = WebhookScheme | "standard-webhooks";

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  scheme: VerifiableScheme;
  /** Largest accepted |now - timestamp|, in both directions (replay window). Default 300. */
  toleranceSeconds?: number;
  /** Current time in unix milliseconds; defaults to Date.now(). */
  now?: number;
}

export type VerifyFailure =
  | "missing_secret"
  | "malformed_secret"
  | "missing_header"
  | "malformed_signature"
  | "malformed_timestamp"
  | "timestamp_out_of_window"
  | "signature_mismatch";

/**
 * `eventId` and `eventType` are the body's `id` and `type`, read from the signed bytes (null when the body has no such
 * string): never the `X-Service-Event` header, which the services' own signatures do not cover.
 */
export type VerifyResult =
  | { ok: true; deliveryId: string; timestampSeconds: number; eventId: string | null; eventType: string | null }
  | { ok: false; reason: VerifyFailure; message: string };

const encoder = new TextEncoder();
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/;
const UNIX_SECONDS = /^\d{1,12}$/;

function header(headers: HeaderSource, name: string): string | null {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : record[key];
  if (Array.isArray(value)) return value.join(",");
  return value ?? null;
}

/** Equal length first (lengths are public), then every character, without an early exit. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** HMAC-SHA256 of `<prefix><raw body>`, the body's bytes untouched. */
async function hmac(key: BufferSource, prefix: string, rawBody: string | Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  const head = encoder.encode(prefix);
  const body = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody);
  const message = new Uint8Array(head.byteLength + body.byteLength);
  message.set(head, 0);
  message.set(body, head.byteLength);
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, message));
}

/**
 * The HMAC key: the secret's UTF-8 bytes (`whsec_` included) for the services' own schemes; for Standard Webhooks
 * the bytes the base64 after `whsec_` encodes (null when that is not base64, or encodes nothing).
 */
function signingKey(scheme: VerifiableScheme, secret: string): BufferSource | null {
  if (scheme !== "standard-webhooks") return encoder.encode(secret);
  try {
    const key = Uint8Array.from(atob(secret.startsWith("whsec_") ? secret.slice(6) : secret), (c) => c.charCodeAt(0));
    return key.byteLength > 0 ? key : null;
  } catch {
    return null;
  }
}

interface Parsed {
  timestamp: string;
  signatures: string[];
  deliveryId: string;
}

function parse(headers: HeaderSource, scheme: VerifiableScheme): Parsed | VerifyResult {
  const fail = (reason: VerifyFailure, message: string): VerifyResult => ({ ok: false, reason, message });
  if (scheme === "standard-webhooks") {
    const deliveryId = header(headers, "webhook-id");
    const timestamp = header(headers, "webhook-timestamp");
    const signature = header(headers, "webhook-signature");
    if (!deliveryId || !timestamp || !signature) return fail("missing_header", "webhook-id, webhook-timestamp and webhook-signature are required");
    // A space-separated list (two during a secret roll); only `v1,` entries are HMAC-SHA256, others are skipped.
    const signatures = signature
      .split(" ")
      .filter((entry) => entry.startsWith("v1,"))
      .map((entry) => entry.slice(3));
    if (signatures.length === 0) return fail("malformed_signature", "webhook-signature has no v1,<base64> entry");
    return { timestamp: timestamp.trim(), signatures, deliveryId };
  }
  if (scheme === "service-signature") {
    const signature = header(headers, "Service-Signature");
    const deliveryId = header(headers, "Service-Delivery");
    if (!signature || !deliveryId) return fail("missing_header", "Service-Signature and Service-Delivery are required");
    let timestamp = "";
    const signatures: string[] = [];
    for (const part of signature.split(",")) {
      const eq = part.indexOf("=");
      const name = part.slice(0, eq).trim();
      const value = part.slice(eq + 1).trim();
      if (eq < 0) return fail("malformed_signature", "Service-Signature must be t=<unix>,v1=<hex>");
      if (name === "t") timestamp = value;
      // Several v1 values may be present while a secret is being rotated: any one of them may match.
      else if (name === "v1") signatures.push(value.toLowerCase());
    }
    if (!timestamp) return fail("malformed_signature", "Service-Signature has no t=");
    if (signatures.length === 0) return fail("malformed_signature", "Service-Signature has no v1=");
    return { timestamp, signatures, deliveryId };
  }
  const signature = header(headers, "X-Service-Signature");
  const timestamp = header(headers, "X-Service-Timestamp");
  const deliveryId = header(headers, "X-Service-Delivery");
  if (!signature || !timestamp || !deliveryId) {
    return fail("missing_header", "X-Service-Signature, X-Service-Timestamp and X-Service-Delivery are required");
  }
  // While the sender's secret is being rolled, the previous secret's signature comes in a second header.
  const previous = header(headers, "X-Service-Signature-Previous");
  const signatures = [signature, ...(previous ? [previous] : [])].map((s) => s.trim().toLowerCase());
  return { timestamp: timestamp.trim(), signatures, deliveryId };
}

/** The event's `id` and `type` as the signed body states them; null for either that is missing or not a string. */
function eventOf(rawBody: string | Uint8Array | ArrayBuffer): { eventId: string | null; eventType: string | null } {
  const text = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return { eventId: null, eventType: null };
  }
  const field = (name: string) => {
    const value = event !== null && typeof event === "object" ? (event as Record<string, unknown>)[name] : undefined;
    return typeof value === "string" ? value : null;
  };
  return { eventId: field("id"), eventType: field("type") };
}

/**
 * Verifies one delivery on its raw body (the exact bytes received, before any JSON parsing). Checks, in
 * order: the secret, the headers, the timestamp window in both directions, then the signature (equal length,
 * then constant time). Use the returned `deliveryId` as the idempotency key: retries repeat it. Also drop an event
 * whose `eventId` you have processed: re-sends repeat it under a new delivery id, and the services' own signatures
 * cover the timestamp and body only, so a captured delivery could come again within the window under another
 * delivery id. `eventId` and `eventType` come from the signed body.
 */
export async function verifyWebhook(
  secret: string,
  headers: HeaderSource,
  rawBody: string | Uint8Array | ArrayBuffer,
  options: VerifyOptions,
): Promise<VerifyResult> {
  if (!secret) return { ok: false, reason: "missing_secret", message: "No signing secret configured" };
  const key = signingKey(options.scheme, secret);
  if (!key) return { ok: false, reason: "malformed_secret", message: "A Standard Webhooks secret is whsec_ followed by base64" };
  const parsed = parse(headers, options.scheme);
  if ("ok" in parsed) return parsed;
  if (!UNIX_SECONDS.test(parsed.timestamp)) return { ok: false, reason: "malformed_timestamp", message: "The timestamp must be unix seconds" };
  const timestampSeconds = Number(parsed.timestamp);
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(nowSeconds - timestampSeconds) > tolerance) {
    return { ok: false, reason: "timestamp_out_of_window", message: `The timestamp is more than ${tolerance} s from now` };
  }
  const standard = options.scheme === "standard-webhooks";
  if (!parsed.signatures.every((s) => (standard ? BASE64_SHA256 : HEX_SHA256).test(s))) {
    const form = standard ? "44 base64 characters" : "64 lower-case hex characters";
    return { ok: false, reason: "malformed_signature", message: `The signature must be ${form}` };
  }
  const mac = await hmac(key, standard ? `${parsed.deliveryId}.${timestampSeconds}.` : `${timestampSeconds}.`, rawBody);
  const expected = standard ? btoa(String.fromCharCode(...mac)) : Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
  let matched = false;
  for (const candidate of parsed.signatures) matched = constantTimeEqual(candidate, expected) || matched;
  if (!matched) return { ok: false, reason: "signature_mismatch", message: "The signature does not match" };
  return { ok: true, deliveryId: parsed.deliveryId, timestampSeconds, ...eventOf(rawBody) };
}
