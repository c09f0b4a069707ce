// Endpoint signing secrets are kept sealed in D1: AES-GCM under a key derived from the service's SESSION_SECRET
// for this purpose alone, bound to the endpoint's id. A copy of the database then cannot sign webhooks, and a
// sealed secret copied onto another endpoint does not open. Rows written before sealing hold the secret in clear
// (always `whsec_…`); the sealed form starts with SEALED_PREFIX, which a generated secret never does, so the two
// are told apart by their first characters.
import { seal, unseal } from "../crypto";

/** HKDF info of sealed signing secrets: distinct from every other sealing label, so no other key opens them. */
const SEALED_PURPOSE = "webhook-signing-secret-v1";
export const SEALED_PREFIX = "sealed-v1:";

/** A signing secret in the form the store keeps: never shown, never used to sign as it is. */
export type SealedWebhookSecret = string & { readonly __sealed: unique symbol };

export async function sealWebhookSecret(sessionSecret: string, endpointId: string, secret: string): Promise<SealedWebhookSecret> {
  return `${SEALED_PREFIX}${await seal(sessionSecret, endpointId, SEALED_PURPOSE, secret)}` as SealedWebhookSecret;
}

/** A stored secret opened: `clear` when the row still held it unsealed, to be sealed now. */
export type OpenedWebhookSecret = { secret: string; clear: boolean };

/**
 * The secret behind a stored value, or null when it cannot be opened: sealed under another SESSION_SECRET (it was
 * rotated since) or for another endpoint. Such a secret is lost; only rolling the endpoint's secret recovers.
 */
export async function openWebhookSecret(sessionSecret: string, endpointId: string, stored: string): Promise<OpenedWebhookSecret | null> {
  if (!stored.startsWith(SEALED_PREFIX)) return { secret: stored, clear: true };
  try {
    return { secret: await unseal(sessionSecret, endpointId, SEALED_PURPOSE, stored.slice(SEALED_PREFIX.length)), clear: false };
  } catch {
    return null;
  }
}
