// What both services' sign-in pages promise about device cookies (src/platform/auth/device-cookie.ts), run against
// each through a small driver: each service's page tests call `deviceCookieCases` inside their own describe and keep
// their service's own cases beside it.
import { env } from "cloudflare:test";
import { expect, it, vi } from "vitest";
import { hmacSha256Hex, sha256Hex } from "../src/platform/crypto";
import { cookieValue, setCookies } from "./web-session";

/** 180 days in seconds: 180 × 86,400. */
const DEVICE_MAX_AGE = 15_552_000;

/** A test's browser as far as these cases need it: its cookie jar and the bindings its posts run with. */
export interface DeviceBrowser {
  cookies: Map<string, string>;
  /** Bindings the Worker runs with for this browser's posts (another SESSION_SECRET); the test env when absent. */
  bindings?: object;
}

/** How one service's page tests sign in and out; every post keeps the browser's session and device cookies. */
export interface SignInDriver<B extends DeviceBrowser> {
  /** Whose sign-ins a device cookie remembers, as the test names say it: "account" or "admin". */
  holder: string;
  /** The session and device cookies' names over https, and the device cookie's plain name (plain-http loopback). */
  cookies: { session: string; device: string; plainDevice: string };
  /** A new account or admin that signs in with the right password; its email. */
  create(): Promise<string>;
  /** A fresh browser from a client address of its own, with the sign-in form's token and no other cookie. */
  browser(): Promise<B>;
  /** Posts the sign-in form, with the right password unless `password` is given. */
  signIn(b: B, email: string, password?: string): Promise<Response>;
  /** Posts the sign-out form with the session's CSRF token. */
  signOut(b: B): Promise<Response>;
  /** The page the browser's cookies open. */
  page(b: B): Promise<string>;
  /** Text the page shows the user `email` signed in, and no one else. */
  signedInAs(email: string): string;
}

/**
 * Expects `response` to set the device cookie `name` for 180 days (Secure, HttpOnly, SameSite=Strict, Path=/, no
 * Domain), its value naming no one: neither the email nor its hash. Returns the value.
 */
export async function expectDeviceCookie(response: Response, name: string, email: string): Promise<string> {
  const setCookie = setCookies(response).find((h) => h.startsWith(`${name}=`))!;
  for (const attribute of [`; Max-Age=${DEVICE_MAX_AGE}`, "; Path=/", "; HttpOnly", "; Secure", "; SameSite=Strict"]) {
    expect(setCookie).toContain(attribute);
  }
  expect(setCookie).not.toMatch(/Domain=/i);
  const value = cookieValue(response, name)!;
  expect(decodeURIComponent(value)).not.toContain(email);
  expect(value).not.toContain(await sha256Hex(email));
  return value;
}

/** Wrong passwords from five other networks spend the account's shared count: a new browser is refused. */
export async function lockAccount<B extends DeviceBrowser>(d: SignInDriver<B>, email: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    expect((await d.signIn(await d.browser(), email, `wrong password ${i}`)).status).toBe(401);
  }
  expect((await d.signIn(await d.browser(), email)).status).toBe(429);
}

async function knownBrowser<B extends DeviceBrowser>(d: SignInDriver<B>): Promise<{ email: string; known: B }> {
  const email = await d.create();
  const known = await d.browser();
  expect((await d.signIn(known, email)).status).toBe(303);
  expect(known.cookies.get(d.cookies.device)).toEqual(expect.any(String));
  return { email, known };
}

/** The device-cookie cases every service's sign-in keeps; call inside the service's describe. */
export function deviceCookieCases<B extends DeviceBrowser>(d: SignInDriver<B>): void {
  const { session: SESSION, device: DEVICE } = d.cookies;

  it(`signing in sets ${DEVICE} for 180 days (Secure, HttpOnly, SameSite=Strict, Path=/), a new one at each sign-in, without the email in it`, async () => {
    const email = await d.create();
    const values: string[] = [];
    for (let i = 0; i < 2; i++) {
      const b = await d.browser();
      const response = await d.signIn(b, email);
      expect(response.status).toBe(303);
      values.push(await expectDeviceCookie(response, DEVICE, email));
    }
    expect(values[0]).not.toBe(values[1]);
  });

  it(`a browser the ${d.holder} signed in from, signed out since, still signs in while wrong passwords from elsewhere lock the account`, async () => {
    const { email, known } = await knownBrowser(d);
    expect((await d.signOut(known)).status).toBe(303);
    expect(known.cookies.has(SESSION)).toBe(false);

    await lockAccount(d, email);
    const response = await d.signIn(known, email);
    expect(response.status, await response.clone().text()).toBe(303);
    expect(await d.page(known)).toContain(d.signedInAs(email));
  });

  it(`a device cookie issued for another ${d.holder} gives no way past that account's lock`, async () => {
    const { known } = await knownBrowser(d);
    const victim = await d.create();
    await lockAccount(d, victim);
    const response = await d.signIn(known, victim);
    expect(response.status).toBe(429);
    expect(await response.text()).toContain("Too many attempts");
  });

  it("a forged or altered device cookie gives no way past the lock; the genuine one does", async () => {
    const { email, known } = await knownBrowser(d);
    await lockAccount(d, email);
    const genuine = known.cookies.get(DEVICE)!;
    const [deviceId, issuedAt, signature] = genuine.split(".") as [string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === "a" ? "b" : "a") + text.slice(at + 1);
    const forged = `${"F".repeat(22)}.${issuedAt}.${await hmacSha256Hex("not-the-service-secret-0123456789", `device-cookie.${email}.${"F".repeat(22)}.${issuedAt}`)}`;
    for (const [name, value] of [
      [DEVICE, `${deviceId}.${issuedAt}.${flip(signature, signature.length - 1)}`],
      [DEVICE, `${flip(deviceId, 0)}.${issuedAt}.${signature}`],
      // A later issue time would stretch the cookie's life: it is signed content.
      [DEVICE, `${deviceId}.${Number(issuedAt) + 86_400}.${signature}`],
      [DEVICE, forged],
      // Over https only the __Host- name is read: a plain-named cookie may come from a sibling subdomain or plain http.
      [d.cookies.plainDevice, genuine],
    ] as const) {
      const b = await d.browser();
      b.cookies.set(name, value);
      expect((await d.signIn(b, email)).status, `${name}=${value}`).toBe(429);
      expect(b.cookies.has(SESSION)).toBe(false);
    }
    expect((await d.signIn(known, email)).status).toBe(303);
  });

  it("a device cookie counts for 180 days from its issue, however long the browser keeps it", async () => {
    const { email, known } = await knownBrowser(d);
    const issued = known.cookies.get(DEVICE)!;
    const issuedAtMs = Number(issued.split(".")[1]) * 1000;
    const withCookie = async () => {
      const b = await d.browser();
      b.cookies.set(DEVICE, issued);
      return (await d.signIn(b, email)).status;
    };
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(issuedAtMs + 179 * 86_400_000);
      await lockAccount(d, email);
      expect(await withCookie()).toBe(303);
      // Two days on, the account's window has long ended: lock it again; the same cookie is now 181 days old.
      vi.setSystemTime(issuedAtMs + 181 * 86_400_000);
      await lockAccount(d, email);
      expect(await withCookie()).toBe(429);
    } finally {
      vi.useRealTimers();
    }
  });

  it("wrong passwords from a known browser are limited to 5 per 15 minutes of its own, and leave other browsers' count alone", async () => {
    const { email, known } = await knownBrowser(d);
    for (let i = 0; i < 5; i++) {
      expect((await d.signIn(known, email, `wrong password ${i}`)).status).toBe(401);
    }
    const locked = await d.signIn(known, email);
    expect(locked.status).toBe(429);
    // The window is 15 minutes (900 s) from the first of those attempts, a moment ago.
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(Number(locked.headers.get("Retry-After"))).toBeLessThanOrEqual(900);
    expect(await locked.text()).toContain("Too many attempts");

    expect((await d.signIn(await d.browser(), email)).status).toBe(303);
  });

  it("a device cookie from before a SESSION_SECRET rotation counts while the old value is SESSION_SECRET_PREVIOUS, and not after", async () => {
    const { email, known } = await knownBrowser(d);
    const before = known.cookies.get(DEVICE)!;
    await lockAccount(d, email);

    const newSecret = "a-new-session-secret-0123456789abcdef";
    known.bindings = { ...env, SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET };
    expect((await d.signIn(known, email)).status).toBe(303);
    expect(known.cookies.get(DEVICE)).not.toBe(before);

    // Once the previous value is removed, the cookie from before is an unknown browser's; the one issued since is known.
    const rotated = { ...env, SESSION_SECRET: newSecret };
    const stale = await d.browser();
    stale.bindings = rotated;
    stale.cookies.set(DEVICE, before);
    expect((await d.signIn(stale, email)).status).toBe(429);
    known.bindings = rotated;
    expect((await d.signIn(known, email)).status).toBe(303);
  });
}
