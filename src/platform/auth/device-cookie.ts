// Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed in
// to an account keeps a cookie binding a random device id to that account, so its later sign-ins are throttled on
// their own (throttle.ts) and someone guessing the password elsewhere cannot lock that browser out. Stateless: the
// HMAC under the service's SESSION_SECRET ring is the whole check. The email never enters the cookie, only the
// signature over it, so a copied cookie names no one and fits no other account.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { hmacSha256Hex, openingOrder, randomString, type SecretRing, timingSafeEqual } from "../crypto";
import { type PageCookie, pageCookieOptions, readCookie } from "./session";

/** A service's device cookie and the secret ring that signs it. */
export interface DeviceCookie {
  cookie: PageCookie;
  secrets: SecretRing;
}

/** 180 days: a browser used to sign in at least twice a year stays known. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

/** `<device id>.<signature>`: 22 base62 characters (about 131 random bits), then 64 hex digits of HMAC-SHA256. */
const DEVICE_ID_LENGTH = 22;
const DEVICE_COOKIE_VALUE = /^[0-9A-Za-z]{22}\.[0-9a-f]{64}$/;

/** The label keeps this signature apart from everything else the same secret signs (cursors, key ids). */
const signatureOf = (secret: string, email: string, deviceId: string) => hmacSha256Hex(secret, `device-cookie.${email.toLowerCase()}.${deviceId}`);

/**
 * The device id of the browser's device cookie when it was issued for `email` under the current secret or, during
 * its rotation, the previous one; null for no cookie, a forged or altered one, or one issued for another account.
 */
export async function knownDevice(c: Context, device: DeviceCookie, email: string): Promise<string | null> {
  const value = readCookie(c, device.cookie) ?? "";
  if (!DEVICE_COOKIE_VALUE.test(value)) return null;
  const deviceId = value.slice(0, DEVICE_ID_LENGTH);
  const signature = value.slice(DEVICE_ID_LENGTH + 1);
  const expected = await Promise.all(openingOrder(device.secrets).map((secret) => signatureOf(secret, email, deviceId)));
  return expected.some((signed) => timingSafeEqual(signature, signed)) ? deviceId : null;
}

/** Gives the browser a fresh device cookie for `email`: a new device id at every sign-in. */
export async function rememberDevice(c: Context, device: DeviceCookie, email: string): Promise<void> {
  const deviceId = randomString(DEVICE_ID_LENGTH);
  const value = `${deviceId}.${await signatureOf(device.secrets.current, email, deviceId)}`;
  setCookie(c, device.cookie.name, value, { ...pageCookieOptions(c, DEVICE_COOKIE_MAX_AGE_SECONDS), sameSite: "Strict" });
}
