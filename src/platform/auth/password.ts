// Password hashing for the web pages: PBKDF2-HMAC-SHA256 with a per-user 16-byte salt at 100,000
// iterations, the most workerd's Web Crypto allows. Stored as `pbkdf2-sha256$<iterations>$<salt>$<hash>`
// (base64url), so the iteration count can rise later without breaking stored hashes.
import { fromBase64Url, timingSafeEqual, toBase64Url } from "../crypto";

export const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split("$");
  if (scheme !== "pbkdf2-sha256" || !iterations || !salt || !hash) return false;
  const count = Number(iterations);
  if (!Number.isInteger(count) || count < 1 || count > PBKDF2_ITERATIONS) return false;
  const derived = await derive(password, fromBase64Url(salt), count);
  return timingSafeEqual(toBase64Url(derived), hash);
}

// A missing account or password still costs one PBKDF2 run, so timing does not tell which emails exist.
let decoy: Promise<string> | undefined;

/** Verifies a sign-in password against a stored hash that may be absent (unknown email, no password set). */
export async function passwordMatches(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword("decoy-password-that-never-matches");
    await verifyPassword(password, await decoy);
    return false;
  }
  return verifyPassword(password, stored);
}
