// Endpoint signing secrets are kept sealed in D1: AES-GCM under a key derived from the service's SESSION_SECRET
// for this purpose alone, bound to the endpoint's id. A copy of the database then cannot sign webhooks, and a
// sealed secret copied onto another endpoint does not open. Rows written before sealing hold the secret in clear
// (always `whsec_…`); the sealed form starts with `sealed-`, which a generated secret never does, so the two
// are told apart by their first characters.
//
// The sealed form names the SESSION_SECRET value that sealed it (`sealed-v1:<key id>:…`), so that during a
// rotation of SESSION_SECRET the operator can count in D1 the rows still sealed under the previous value before
// removing it, and the cron sweep picks only the rows it can re-seal (docs/operations.md).
import { openUnderRing, type SecretRing, seal, secretKeyId, unseal } from "../crypto";

/** HKDF info of sealed signing secrets: distinct from every other sealing label, so no other key opens them. */
const SEALED_PURPOSE = "webhook-signing-secret-v1";
/** Every sealed form starts so; a clear secret (`whsec_…`) never does. */
export const SEALED_FORMS = "sealed-";
const SEALED_PREFIX = "sealed-v1:";
const KEY_ID_LABEL = "webhook-signing-secret-key-id";

/** A signing secret in the form the store keeps: never shown, never used to sign as it is. */
export type SealedWebhookSecret = string & { readonly __sealed: unique symbol };

/** How every secret sealed under `sessionSecret` starts (`sealed-v1:<key id>:`): what a row not yet moved lacks. */
export async function sealedUnder(sessionSecret: string): Promise<string> {
  return `${SEALED_PREFIX}${await secretKeyId(sessionSecret, KEY_ID_LABEL)}:`;
}

export async function sealWebhookSecret(sessionSecret: string, endpointId: string, secret: string): Promise<SealedWebhookSecret> {
  const sealed = await seal(sessionSecret, endpointId, SEALED_PURPOSE, secret);
  return `${await sealedUnder(sessionSecret)}${sealed}` as SealedWebhookSecret;
}

/**
 * A stored secret opened: `stale` when the row does not hold it sealed under the current SESSION_SECRET (in clear
 * from before sealing, or under the previous value), to be sealed now.
 */
export type OpenedWebhookSecret = { secret: string; stale: boolean };

/** Whether a stored value is a secret written before sealing, held in clear. */
function isStoredInClear(stored: string): boolean {
  return !stored.startsWith(SEALED_FORMS);
}

/** The sealed text of a stored value, after its key id; null for a value of no known form. */
function sealedText(stored: string): string | null {
  const named = stored.startsWith(SEALED_PREFIX) ? stored.slice(SEALED_PREFIX.length).match(/^[0-9a-f]{8}:(.*)$/s) : null;
  return named ? named[1]! : null;
}

/**
 * The secret behind a stored value, opened under SESSION_SECRET or, during its rotation, the previous value; null
 * when neither opens it: sealed under a value since removed, or for another endpoint. Such a secret is lost; only
 * rolling the endpoint's secret recovers.
 */
export async function openWebhookSecret(secrets: SecretRing, endpointId: string, stored: string): Promise<OpenedWebhookSecret | null> {
  if (isStoredInClear(stored)) return { secret: stored, stale: true };
  const sealed = sealedText(stored);
  if (sealed === null) return null;
  // At most two values: a wrong one fails its AES-GCM tag at once, so the key id need not pick the order.
  const opened = await openUnderRing(secrets, (value) => unseal(value, endpointId, SEALED_PURPOSE, sealed));
  return opened && { secret: opened.opened, stale: opened.secret !== secrets.current };
}
