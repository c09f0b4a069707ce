// A Standard Webhooks receiver written from the standard's own text (standard-webhooks/standard-webhooks,
// spec/standard-webhooks.md: "Verifying webhook authenticity", "Signature scheme"), sharing no code with src/, so
// tests check real deliveries the way any of the standard's libraries would:
// - `webhook-id`, `webhook-timestamp` (integer Unix seconds) and `webhook-signature` are all required;
// - the signed content is `<webhook-id>.<webhook-timestamp>.<body>`, so the id must not contain a `.`;
// - the key is the base64-decoded secret after `whsec_`, 24 to 64 bytes;
// - `webhook-signature` is a space-delimited list of `v1,<base64 HMAC-SHA256>`, any one matching is enough,
//   compared in constant time;
// - a timestamp more than 300 s from the receiver's clock, in either direction, is refused (the JS library's
//   tolerance).

export type StandardVerdict = { ok: true; id: string; timestamp: number } | { ok: false; reason: string };

const TOLERANCE_SECONDS = 300;

/** Verifies one delivery as a Standard Webhooks receiver whose clock reads `nowSeconds`. */
export async function verifyStandardWebhook(secret: string, headers: Headers, body: string, nowSeconds: number): Promise<StandardVerdict> {
  const id = headers.get("webhook-id");
  const timestamp = headers.get("webhook-timestamp");
  const signatures = headers.get("webhook-signature");
  if (!id || !timestamp || !signatures) return { ok: false, reason: "missing header" };
  if (id.includes(".")) return { ok: false, reason: "webhook-id contains a '.'" };
  if (!/^\d+$/.test(timestamp)) return { ok: false, reason: "webhook-timestamp is not integer seconds" };
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return { ok: false, reason: "timestamp outside 300 s" };

  const base64 = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  const keyBytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  if (keyBytes.byteLength < 24 || keyBytes.byteLength > 64) return { ok: false, reason: `key is ${keyBytes.byteLength} bytes, not 24 to 64` };
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  const expected = new TextEncoder().encode(btoa(String.fromCharCode(...mac)));

  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",");
    if (version !== "v1" || signature === undefined) continue;
    const candidate = new TextEncoder().encode(signature);
    if (candidate.byteLength === expected.byteLength && crypto.subtle.timingSafeEqual(candidate, expected)) {
      return { ok: true, id, timestamp: Number(timestamp) };
    }
  }
  return { ok: false, reason: "no matching signature" };
}

/** The `v1,` entries of a delivery's `webhook-signature`: one per signing secret. */
export function standardSignatures(headers: Headers): string[] {
  return (headers.get("webhook-signature") ?? "").split(" ").filter((entry) => entry.startsWith("v1,"));
}
