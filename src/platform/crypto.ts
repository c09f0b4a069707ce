// Web Crypto helpers shared by both services. Hex is lower-case everywhere.

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i]!.toString(16).padStart(2, "0");
  return hex;
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Bytes of a base64url string; throws on characters outside the alphabet. */
export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? encoder.encode(data) : data;
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

// Imported HMAC keys are cached per secret: importKey costs more than the signature itself.
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const HMAC_KEY_CACHE_LIMIT = 256;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= HMAC_KEY_CACHE_LIMIT) hmacKeys.clear();
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    hmacKeys.set(secret, key);
  }
  return key;
}

export async function hmacSha256Hex(secret: string, message: string | Uint8Array): Promise<string> {
  const bytes = typeof message === "string" ? encoder.encode(message) : message;
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(secret), bytes));
}

/** Base64 HMAC-SHA256 keyed by raw bytes: a Standard Webhooks key is the bytes its base64 secret encodes. */
export async function hmacSha256Base64(key: Uint8Array, message: string): Promise<string> {
  const imported = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", imported, encoder.encode(message)));
  let binary = "";
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Constant-time string comparison: lengths are checked first (they are not secret), then every byte. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  if (left.byteLength !== right.byteLength) return false;
  return crypto.subtle.timingSafeEqual(left, right);
}

export const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const BASE36_LOWER = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Random string over `alphabet` (at most 256 symbols); rejection sampling keeps every symbol uniform. */
export function randomString(length: number, alphabet: string = BASE62): string {
  const usable = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < usable && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/** An AES-256-GCM key derived with HKDF-SHA256 from `secret`, bound to `context` (salt) and `purpose` (info). */
async function derivedAesKey(secret: string, context: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(context), info: encoder.encode(purpose) },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** `plaintext` encrypted under a key derived from `secret` and `context`: base64url of IV || ciphertext+tag. */
export async function seal(secret: string, context: string, purpose: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await derivedAesKey(secret, context, purpose);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plaintext)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

/** The plaintext of `seal`'s output; throws when `secret` or `context` differ or the text was altered. */
export async function unseal(secret: string, context: string, purpose: string, sealed: string): Promise<string> {
  const bytes = fromBase64Url(sealed);
  const key = await derivedAesKey(secret, context, purpose);
  const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
  return new TextDecoder().decode(plain);
}

/**
 * The public name of one value of a service secret, for what was sealed or fingerprinted under it: the first 8 hex
 * digits of HMAC-SHA256 keyed with it over `label` (one label per use). It tells nothing that helps guess the value.
 */
export async function secretKeyId(secret: string, label: string): Promise<string> {
  return (await hmacSha256Hex(secret, label)).slice(0, 8);
}

/**
 * A service secret during its rotation, as a key ring: `current` seals and signs everything; `previous`, the value
 * it replaced, only opens and verifies what was sealed or signed before the rotation, until the operator removes it.
 */
export interface SecretRing {
  current: string;
  previous?: string | undefined;
}

/** The ring's values in the order to try them when opening or verifying: the current one first. */
export function openingOrder(ring: SecretRing): string[] {
  return ring.previous === undefined ? [ring.current] : [ring.current, ring.previous];
}

/**
 * What `open` gives under the first of the ring's values (current first) that opens it, with that value; null when
 * none does (`open` throws for a value that does not open it, as `unseal` does for a wrong key).
 */
export async function openUnderRing<T>(ring: SecretRing, open: (secret: string) => Promise<T>): Promise<{ opened: T; secret: string } | null> {
  for (const secret of openingOrder(ring)) {
    try {
      return { opened: await open(secret), secret };
    } catch {
      // Sealed under another value of the ring: try the next one.
    }
  }
  return null;
}
