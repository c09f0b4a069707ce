// The tax web page: sessions, CSRF, sign-in throttling, generic errors, and isolation between accounts
// through the session-authenticated management API.
import { env, runInDurableObject } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import type { SignInThrottle } from "../../../src/platform/auth/throttle";
import { sha256Hex } from "../../../src/platform/crypto";
import { PAGE_CSP } from "../../../src/platform/ui/headers";
import { deviceCookieCases, expectDeviceCookie, type SignInDriver } from "../../device-cookies";
import { captureConsole, databaseFailing, expectDashboardCallLogged } from "../../reliability/kit";
import { cookieValue, setCookies } from "../../web-session";
import { admin, createKey, expectError, expectStatus, randomEmail, TAX } from "../helpers";
import { apiAs, type Browser, browser, cookieHeader, csrfOf, DEVICE, FORM, PASSWORD, page, post, SESSION, signedIn, signUp } from "./tax-browser";

describe("pages and headers", () => {
  it("serves the sign-in page with a strict CSP, no framing and no inline script", async () => {
    const response = await fetchWorker(`${TAX}/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(PAGE_CSP).toContain("default-src 'self'; script-src 'self'; style-src 'self'");
    expect(PAGE_CSP).toContain("frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(html).toContain('action="/auth/signin"');
    expect(html).toContain('action="/auth/signup"');
    for (const script of html.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [])
      expect(script).toMatch(/^<script type="module" src="\/ui\/app\.js"><\/script>$/);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).not.toMatch(/\sstyle=|<style|\son[a-z]+=/);
    expect(html).toMatch(/<label for="signin-email">/);
  });

  it("serves one script and one stylesheet from its own origin, revalidated by ETag", async () => {
    const js = await fetchWorker(`${TAX}/ui/app.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(await js.text()).toContain("X-CSRF-Token");
    const css = await fetchWorker(`${TAX}/ui/app.css`);
    expect(css.headers.get("Content-Type")).toBe("text/css; charset=utf-8");
    await css.text();
    const again = await fetchWorker(`${TAX}/ui/app.css`, { headers: { "If-None-Match": css.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });
});

describe("sign up and sessions", () => {
  // Signing in again, as the same account or another, replaces the browser's session cookie: the session it held
  // ends with it, so a copy of the old cookie signs in no more.
  it("ends the browser's previous session when it signs in again", async () => {
    const [first, second] = [randomEmail(), randomEmail()];
    for (const email of [first, second]) await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    const b = await browser();
    expect((await post(b, "/auth/signin", { email: first, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
    const copy = await browser();
    copy.cookies.set(b.names.session, b.cookies.get(b.names.session)!);
    expect((await page(copy)).html).toContain(`Signed in as ${first}`);
    expect((await post(b, "/auth/signin", { email: second, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
    expect((await page(b)).html).toContain(`Signed in as ${second}`);
    expect((await page(copy)).html).not.toContain(`Signed in as ${first}`);
  });

  it("signs up, sets an HttpOnly Secure SameSite=Lax cookie for 12 h, and stores only the token's hash", async () => {
    const b = await browser();
    const email = randomEmail();
    const response = await post(b, "/auth/signup", { email, password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(303);
    const setCookie = setCookies(response).find((h) => h.startsWith(`${SESSION}=`))!;
    expect(setCookie).toMatch(/; Max-Age=43200/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);

    const token = b.cookies.get(b.names.session)!;
    const rows = await env.DB.prepare(
      "SELECT s.token_hash, s.expires_at - s.created_at AS ttl FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?",
    )
      .bind(email)
      .all<{ token_hash: string; ttl: number }>();
    expect(rows.results).toEqual([{ token_hash: await sha256Hex(token), ttl: 12 * 3_600_000 }]);
    const account = await env.DB.prepare("SELECT password_hash FROM accounts WHERE email = ?").bind(email).first<{ password_hash: string }>();
    expect(account!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(account!.password_hash).not.toContain(PASSWORD);

    const { response: dashboard, html } = await page(b);
    expect(dashboard.status).toBe(200);
    expect(html).toContain(`Signed in as ${email}`);
    expect(html).toContain("Create a key");
  });

  it("drops Secure and the name prefix only for plain-http loopback development", async () => {
    const b = await browser("http://127.0.0.1:8787");
    const response = await post(b, "/auth/signup", { email: randomEmail(), password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(303);
    const setCookie = setCookies(response).find((h) => h.startsWith("tax_session="))!;
    expect(setCookie).not.toMatch(/Secure/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookies(response).some((h) => h.startsWith("__"))).toBe(false);
    expect((await page(b)).html).toContain("Signed in as");
  });

  it("over https both cookies are __Host- (Secure, Path=/, no Domain); a cookie under the old plain name is not read", async () => {
    const b = await browser("https://tax.test");
    const form = setCookies(await fetchWorker("https://tax.test/")).find((h) => h.startsWith(`${FORM}=`))!;
    const response = await post(b, "/auth/signup", { email: randomEmail(), password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(303);
    const session = setCookies(response).find((h) => h.startsWith(`${SESSION}=`))!;
    for (const setCookie of [form, session]) {
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).not.toMatch(/Domain=/i);
    }
    expect((await page(b)).html).toContain("Signed in as");

    // The same token under the name of an earlier release (or one a subdomain could set) is no session.
    const token = b.cookies.get(SESSION)!;
    await expectError(await fetchWorker("https://tax.test/admin/api/keys", { headers: { Cookie: `tax_session=${token}` } }), 401, "unauthorized");
    await expectStatus(await fetchWorker("https://tax.test/admin/api/keys", { headers: { Cookie: `${SESSION}=${token}` } }), 200);
  });

  it.each([
    ["a short password", { password: "short" }, 400, "at least 10 characters"],
    ["a malformed email", { email: "not-an-email" }, 400, "valid email"],
  ])("refuses %s with a clear message", async (_, override, status, text) => {
    const b = await browser();
    const response = await post(b, "/auth/signup", { email: randomEmail(), password: PASSWORD, csrf: b.formToken, ...override });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(text);
    expect(b.cookies.has(b.names.session)).toBe(false);
  });

  it("refuses a second sign-up for an existing email without signing anyone in", async () => {
    const email = await signUp(await browser());
    const b = await browser();
    const response = await post(b, "/auth/signup", { email, password: "another password 123", csrf: b.formToken });
    expect(response.status).toBe(409);
    expect(b.cookies.has(b.names.session)).toBe(false);
  });

  it("ends the session after its expiry: the page and the management API both refuse it", async () => {
    const { b, email, csrf } = await signedIn();
    await expectStatus(await apiAs(b, "GET", "/admin/api/keys"), 200);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE account_id = (SELECT id FROM accounts WHERE email = ?)")
      .bind(Date.now() - 1, email)
      .run();
    await expectError(await apiAs(b, "GET", "/admin/api/keys"), 401, "unauthorized");
    await expectError(await apiAs(b, "POST", "/admin/api/keys", { scopes: [] }, csrf), 401, "unauthorized");
    const { response, html } = await page(b);
    expect(response.status).toBe(200);
    expect(html).toContain('action="/auth/signin"');
    expect(html).not.toContain("Signed in as");
  });

  it("signs out with the session's CSRF token: the row is deleted and the old cookie is dead", async () => {
    const { b, email, csrf } = await signedIn();
    const token = b.cookies.get(b.names.session)!;
    expect((await post(b, "/auth/signout", { csrf: "wrong" })).status).toBe(403);
    expect((await post(b, "/auth/signout", { csrf }, { Origin: "https://evil.example" })).status).toBe(403);
    const response = await post(b, "/auth/signout", { csrf });
    expect(response.status).toBe(303);
    expect(setCookies(response).find((h) => h.startsWith(`${SESSION}=`))).toMatch(/Max-Age=0/);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    const replay = await fetchWorker(`${TAX}/admin/api/keys`, { headers: { Cookie: `${SESSION}=${token}` } });
    await expectError(replay, 401, "unauthorized");
  });
});

describe("CSRF", () => {
  it.each([
    ["no token", (_b: Browser) => ({ fields: {}, headers: {} })],
    ["a token that is not the cookie's", (_b: Browser) => ({ fields: { csrf: "A".repeat(32) }, headers: {} })],
    ["another site's Origin", (b: Browser) => ({ fields: { csrf: b.formToken }, headers: { Origin: "https://evil.example" } })],
    [
      "a cross-site fetch without Origin",
      (b: Browser) => ({ fields: { csrf: b.formToken }, headers: { Origin: "", "Sec-Fetch-Site": "cross-site" } }),
    ],
  ])("refuses a sign-in or sign-up form post with %s", async (_, make) => {
    const b = await browser();
    const email = randomEmail();
    await admin("POST", "/admin/api/accounts", { email, password: PASSWORD });
    const { fields, headers } = make(b);
    const cleaned = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== "")) as Record<string, string>;
    for (const path of ["/auth/signin", "/auth/signup"]) {
      const response = await fetchWorker(`${TAX}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: `${FORM}=${b.formToken}`,
          "CF-Connecting-IP": b.address,
          ...("Origin" in headers && headers.Origin === "" ? {} : { Origin: TAX }),
          ...cleaned,
        },
        body: new URLSearchParams({ email: path === "/auth/signin" ? email : randomEmail(), password: PASSWORD, ...fields }).toString(),
      });
      expect(response.status, path).toBe(403);
      expect(cookieValue(response, SESSION)).toBeNull();
    }
  });

  it("refuses a session's state-changing management call without X-CSRF-Token; accepts it with the token", async () => {
    const { b, csrf } = await signedIn();
    await expectError(await apiAs(b, "POST", "/admin/api/keys", { scopes: ["deadlines:read"] }), 403, "forbidden");
    await expectError(await apiAs(b, "POST", "/admin/api/keys", { scopes: ["deadlines:read"] }, "x".repeat(43)), 403, "forbidden");
    const created = await expectStatus(
      await apiAs(b, "POST", "/admin/api/keys", { name: "ui", scopes: ["deadlines:read"], expiresInDays: 30 }, csrf),
      201,
    );
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${created.data.id}/revoke`), 403, "forbidden");
    const listed = await expectStatus(await apiAs(b, "GET", "/admin/api/keys"), 200);
    expect(listed.data[0]).toMatchObject({ id: created.data.id, state: "active" });
  });
});

describe("sign in", () => {
  it("signs in with the right password and gives one generic message for a wrong password or an unknown email", async () => {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    const noPassword = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email: noPassword }), 201);

    const messages = new Set<string>();
    for (const [who, password] of [
      [email, "wrong password!"],
      [randomEmail(), PASSWORD],
      [noPassword, PASSWORD],
    ] as const) {
      const b = await browser();
      const response = await post(b, "/auth/signin", { email: who, password, csrf: b.formToken });
      expect(response.status).toBe(401);
      messages.add(/<p class="error" role="alert">([^<]*)<\/p>/.exec(await response.text())![1]!);
      expect(b.cookies.has(b.names.session)).toBe(false);
    }
    expect([...messages]).toEqual(["That email and password do not match an account."]);

    const b = await browser();
    const ok = await post(b, "/auth/signin", { email: email.toUpperCase(), password: PASSWORD, csrf: b.formToken });
    expect(ok.status).toBe(303);
    expect((await page(b)).html).toContain(`Signed in as ${email}`);
  });

  it("refuses a password that only starts with the right one (a 200-character password plus one more)", async () => {
    const email = randomEmail();
    const password = "p".repeat(200);
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password }), 201);
    const b = await browser();
    expect((await post(b, "/auth/signin", { email, password: `${password}x`, csrf: b.formToken })).status).toBe(401);
    expect(b.cookies.has(b.names.session)).toBe(false);
    expect((await post(b, "/auth/signin", { email, password, csrf: b.formToken })).status).toBe(303);
  });

  it("locks an account after 5 attempts in 15 minutes, even for the right password, for browsers it has not signed in from", async () => {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    for (let i = 0; i < 5; i++) {
      const b = await browser();
      expect((await post(b, "/auth/signin", { email, password: `wrong password ${i}`, csrf: b.formToken })).status).toBe(401);
    }
    const b = await browser();
    const locked = await post(b, "/auth/signin", { email, password: PASSWORD, csrf: b.formToken });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(await locked.text()).toContain("Too many attempts");
    expect(b.cookies.has(b.names.session)).toBe(false);
  });

  it("a correct password clears the count it was made in: the account's, then the browser's own", async () => {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    const b = await browser();
    for (let i = 0; i < 4; i++) expect((await post(b, "/auth/signin", { email, password: "wrong password", csrf: b.formToken })).status).toBe(401);
    expect((await post(b, "/auth/signin", { email, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
    for (let i = 0; i < 4; i++) expect((await post(b, "/auth/signin", { email, password: "wrong password", csrf: b.formToken })).status).toBe(401);
    expect((await post(b, "/auth/signin", { email, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
  });

  it("limits one address to 30 attempts in 15 minutes across accounts, sign-ups included", async () => {
    const b = await browser();
    for (let i = 0; i < 30; i++) {
      const response = await post(b, i % 2 ? "/auth/signin" : "/auth/signup", {
        email: randomEmail(),
        password: i % 2 ? "wrong password" : "short",
        csrf: b.formToken,
      });
      expect(response.status).not.toBe(429);
    }
    const response = await post(b, "/auth/signup", { email: randomEmail(), password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(429);
    const other = await browser();
    expect((await post(other, "/auth/signup", { email: randomEmail(), password: PASSWORD, csrf: other.formToken })).status).toBe(303);
  });

  // The address limit bounds how many accounts one client can lock: the attempts it refuses count against no account.
  it("does not count an attempt the address limit refuses against the account it names", async () => {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    const guesser = await browser();
    for (let i = 0; i < 30; i++) await post(guesser, "/auth/signin", { email: randomEmail(), password: "wrong password", csrf: guesser.formToken });
    for (let i = 0; i < 6; i++) {
      expect((await post(guesser, "/auth/signin", { email, password: `guess ${i}`, csrf: guesser.formToken })).status).toBe(429);
    }
    const owner = await browser();
    expect((await post(owner, "/auth/signin", { email, password: PASSWORD, csrf: owner.formToken })).status).toBe(303);
  });

  it("counts parallel attempts exactly and reopens the window after 15 minutes", async () => {
    const stub = env.SIGN_IN_THROTTLE.get(env.SIGN_IN_THROTTLE.idFromName(`test:${crypto.randomUUID()}`));
    const rule = { limit: 5, windowMs: 15 * 60_000 };
    const t0 = 1_800_000_000_000;
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => stub.hit(t0, rule)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect((await stub.hit(t0 + rule.windowMs - 1, rule)).allowed).toBe(false);
    expect(await stub.hit(t0 + rule.windowMs, rule)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 900 });
    await runInDurableObject(stub, async (object, state) => {
      const instance = object as unknown as SignInThrottle;
      expect(await state.storage.getAlarm()).toBe(t0 + 2 * rule.windowMs);
      await instance.alarm();
      expect(await state.storage.get("window")).toBeUndefined();
    });
  });
});

/** The tax sign-in page, as the device-cookie cases both services share drive it. */
const taxSignIn: SignInDriver<Browser> = {
  holder: "account",
  cookies: { session: SESSION, device: DEVICE, plainDevice: "tax_device" },
  async create() {
    const email = randomEmail();
    await expectStatus(await admin("POST", "/admin/api/accounts", { email, password: PASSWORD }), 201);
    return email;
  },
  browser: () => browser(),
  signIn: (b, email, password = PASSWORD) => post(b, "/auth/signin", { email, password, csrf: b.formToken }),
  signOut: async (b) => post(b, "/auth/signout", { csrf: csrfOf((await page(b)).html) }),
  page: async (b) => (await page(b)).html,
  signedInAs: (email) => `Signed in as ${email}`,
};

describe("device cookie: the browsers an account signed in from keep a sign-in throttle of their own", () => {
  deviceCookieCases(taxSignIn);

  it("signing up sets __Host-tax_device as signing in does, with a value of its own", async () => {
    const b = await browser();
    const email = randomEmail();
    const signUp = await post(b, "/auth/signup", { email, password: PASSWORD, csrf: b.formToken });
    expect(signUp.status).toBe(303);
    const signedUp = await expectDeviceCookie(signUp, DEVICE, email);
    const signIn = await taxSignIn.signIn(await browser(), email);
    expect(signIn.status).toBe(303);
    expect(await expectDeviceCookie(signIn, DEVICE, email)).not.toBe(signedUp);
  });
});

describe("a dashboard one of whose management calls fails", () => {
  it("answers 503, still signed in, and logs the failing call under the X-Request-Id the page answered with", async () => {
    const { b } = await signedIn();
    const logs = captureConsole();
    let response: Response;
    try {
      response = await fetchWorker(
        `${TAX}/`,
        { headers: { Cookie: cookieHeader(b) } },
        { ...env, DB: databaseFailing(env.DB, /from "api_keys"[\s\S]*order by/i) },
      );
    } finally {
      logs.restore();
    }
    const html = await response.text();
    expect(response.status, html).toBe(503);
    expect(html).toContain("you are still signed in");
    expectDashboardCallLogged(response, logs, "/admin/api/keys");
  });
});

describe("isolation", () => {
  it("a signed-in user never sees or changes another account's keys", async () => {
    const other = await createKey({ scopes: ["deadlines:read"] });
    const { b, csrf } = await signedIn();
    const listed = await expectStatus(await apiAs(b, "GET", "/admin/api/keys"), 200);
    expect(listed.data).toEqual([]);
    await expectError(await apiAs(b, "GET", `/admin/api/keys?accountEmail=${encodeURIComponent(other.email)}`), 403, "forbidden");
    await expectError(await apiAs(b, "GET", `/admin/api/account?accountEmail=${encodeURIComponent(other.email)}`), 403, "forbidden");
    const own = await expectStatus(await apiAs(b, "GET", "/admin/api/account"), 200);
    expect(await expectStatus(await apiAs(b, "GET", "/admin/api/accounts"), 200)).toEqual({ data: [own.data], nextCursor: null });
    const named = await expectStatus(await apiAs(b, "GET", `/admin/api/accounts?email=${encodeURIComponent(other.email)}`), 200);
    expect(named).toEqual({ data: [], nextCursor: null });
    await expectError(await apiAs(b, "POST", "/admin/api/keys", { accountEmail: other.email, scopes: [] }, csrf), 403, "forbidden");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${other.id}/rotate`, { overlapHours: 1 }, csrf), 404, "not_found");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${other.id}/revoke`, undefined, csrf), 404, "not_found");
    await expectError(await apiAs(b, "POST", "/admin/api/accounts", { email: randomEmail() }, csrf), 403, "forbidden");
    // Operator-only: 403 whatever a session sends, before the body is read.
    await expectError(await apiAs(b, "POST", "/admin/api/accounts", { email: "not-an-email" }, csrf), 403, "forbidden");
    const stillWorks = await fetchWorker(`${TAX}/api/v1/deadlines?limit=1`, { headers: { Authorization: `Bearer ${other.key}` } });
    expect(stillWorks.status).toBe(200);
    const { html } = await page(b);
    expect(html).not.toContain(other.id);
  });

  it("shows the account's plan and limits", async () => {
    const { b } = await signedIn();
    const account = await expectStatus(await apiAs(b, "GET", "/admin/api/account"), 200);
    expect(account.data).toMatchObject({ plan: "free", limits: { perMinute: 30, perDay: 500 } });
    const { html } = await page(b);
    expect(html).toContain("Plan and limits");
    expect(html).toContain("30 requests");
  });
});

describe("the key list on the page reaches every key", () => {
  it("60 keys: the page shows the newest 50 and links to the older 10", async () => {
    const b = await browser();
    const email = await signUp(b);
    const account = await env.DB.prepare("SELECT id FROM accounts WHERE email = ?").bind(email).first<{ id: string }>();
    const statements = Array.from({ length: 60 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, account_id, name, prefix, key_hash, scopes, created_at, expires_at, revoked_at) VALUES (?, ?, NULL, ?, ?, '[]', ?, ?, ?)",
      ).bind(
        `key_web${String(i).padStart(3, "0")}${crypto.randomUUID().slice(0, 8)}`,
        account!.id,
        `w${i}`,
        `hash-web-${crypto.randomUUID()}`,
        1_700_000_000_000 + i,
        1_800_000_000_000,
        1_700_000_000_100,
      ),
    );
    await env.DB.batch(statements);
    const first = await page(b);
    expect(first.html.match(/data-key-id=/g)).toHaveLength(50);
    const older = /href="(\/\?keys=[^"#]+)#keys"/.exec(first.html);
    expect(older).not.toBeNull();
    const response = await fetchWorker(`${b.base}${older![1]!.replace(/&amp;/g, "&")}`, { headers: { Cookie: cookieHeader(b) } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html.match(/data-key-id=/g)).toHaveLength(10);
    expect(html).toContain(">Newest keys</a>");
    expect(html).not.toContain(">Older keys</a>");
  });
});
