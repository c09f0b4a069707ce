// Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that signed in
// to an account keeps a cookie binding a random device id to that account, so its later sign-ins are throttled on
// their own (throttle.ts) and someone guessing the password elsewhere cannot lock that browser out. Stateless: the
// HMAC under the service's SESSION_SECRET ring is the whole check. The email never enters the cookie, only the
// signature over it, so a copied cookie names no one and fits no other account. The signature covers the cookie's
// name (one per service) too: two services may run with one SESSION_SECRET (npm start gives both one .dev.vars), and
// where one lets anyone sign up under any free email, its cookies must not count at the other's sign-in.
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { hmacSha256Hex, openingOrder, randomString, type SecretRing, timingSafeEqual } from "../crypto";
import { type PageCookie, pageCookieOptions, readCookie } from "./session";

/** A service's device cookie and the secret ring that signs it. */
export interface DeviceCookie {
  cookie: PageCookie;
  secrets: SecretRing;
}

/** 180 days: a browser used to sign in at least twice a year stays known. The browser is told so, and the signed
 * issue time holds a copied cookie to it too. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

/**
 * `<device id>.<issued at>.<signature>`: 22 base62 characters (about 131 random bits), the Unix second it was
 * issued, then 64 hex digits of HMAC-SHA256.
 */
const DEVICE_ID_LENGTH = 22;
const DEVICE_COOKIE_VALUE = /^([0-9A-Za-z]{22})\.([0-9]{1,12})\.([0-9a-f]{64})$/;

/**
 * The label keeps this signature apart from everything else the same secret signs (cursors, key ids), and the
 * cookie's name keeps one service's device cookies apart from the other's.
 */
const signatureOf = (secret: string, device: DeviceCookie, email: string, deviceId: string, issuedAt: string) =>
  hmacSha256Hex(secret, `device-cookie.${device.cookie.name}.${email.toLowerCase()}.${deviceId}.${issuedAt}`);

/**
 * The device id of the browser's device cookie when this service issued it for `email`, in the last 180 days, under
 * the current secret or, during its rotation, the previous one; null for no cookie, a forged, altered or expired
 * one, or one issued for another account or by the other service.
 */
export async function knownDevice(c: Context, device: DeviceCookie, email: string, nowMs: number): Promise<string | null> {
  const [, deviceId, issuedAt, signature] = DEVICE_COOKIE_VALUE.exec(readCookie(c, device.cookie) ?? "") ?? [];
  if (deviceId === undefined || issuedAt === undefined || signature === undefined) return null;
  const ageSeconds = nowMs / 1000 - Number(issuedAt);
  // A few minutes ahead allows for clocks that differ between the machines that issue and read it.
  if (ageSeconds > DEVICE_COOKIE_MAX_AGE_SECONDS || ageSeconds < -300) return null;
  const expected = await Promise.all(openingOrder(device.secrets).map((secret) => signatureOf(secret, device, email, deviceId, issuedAt)));
  return expected.some((signed) => timingSafeEqual(signature, signed)) ? deviceId : null;
}

/** Gives the browser a fresh device cookie for `email`: a new device id at every sign-in. */
export async function rememberDevice(c: Context, device: DeviceCookie, email: string, nowMs: number): Promise<void> {
  const deviceId = randomString(DEVICE_ID_LENGTH);
  const issuedAt = String(Math.floor(nowMs / 1000));
  const value = `${deviceId}.${issuedAt}.${await signatureOf(device.secrets.current, device, email, deviceId, issuedAt)}`;
  setCookie(c, device.cookie.name, value, { ...pageCookieOptions(c, DEVICE_COOKIE_MAX_AGE_SECONDS), sameSite: "Strict" });
}
