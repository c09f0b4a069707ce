// The inventory admin area: sign-in, sessions, CSRF, throttling, generic errors, isolation between
// organisations through the session-authenticated management API, the webhooks card's deliveries (one endpoint's
// log page by page), and the Events card.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { rememberDevice } from "../../../src/platform/auth/device-cookie";
import { hashPassword } from "../../../src/platform/auth/password";
import { sha256Hex } from "../../../src/platform/crypto";
import { PAGE_CSP } from "../../../src/platform/ui/headers";
import { deviceCookieCases, lockAccount, type SignInDriver } from "../../device-cookies";
import { captureConsole, databaseFailing, expectDashboardCallLogged } from "../../reliability/kit";
import { deliveriesCardCases, insertDeliveries } from "../../web-deliveries";
import { cardEvents, cardLink, eventsCardCases, insertEvents } from "../../web-events";
import { cookieValue, randomAddress, setCookies } from "../../web-session";
import { admin, createKey, createOrg, expectError, expectStatus, INVENTORY } from "../helpers";
import { apiAs, type Browser, browser, cookieHeader, csrfOf, DEVICE, page, post, signInWith } from "./admin-browser";

const PASSWORD = "correct horse battery";

/** An organisation admin row, as the operator's seed creates it. */
async function createAdmin(orgId: string): Promise<string> {
  const email = `admin-${crypto.randomUUID()}@example.com`;
  await env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(`usr_${crypto.randomUUID()}`, orgId, email, await hashPassword(PASSWORD), Date.now())
    .run();
  return email;
}

async function signedIn(orgId?: string): Promise<{ b: Browser; orgId: string; email: string; csrf: string }> {
  const org = orgId ?? (await createOrg());
  const email = await createAdmin(org);
  return { ...(await signInWith(email, PASSWORD)), orgId: org, email };
}

describe("the keys table", () => {
  it("shows when a rotated key stops working: its own expiry when that comes before the end of its grace", async () => {
    const { b, orgId } = await signedIn();
    // Expires in 24 hours, rotated with 72 hours of grace: it stops at its own expiry, 48 hours before the grace ends.
    const expiresAt = new Date(Date.now() + 24 * 3_600_000).toISOString();
    const key = await createKey(orgId, { expires_at: expiresAt });
    const rotated = await expectStatus(await admin("POST", `/admin/api/keys/${key.id}/rotate`, { grace_hours: 72 }), 201);
    expect(rotated.data.old_key_valid_until).toBe(expiresAt);
    const { html } = await page(b);
    const row = new RegExp(`<tr data-key-id="${key.id}">[\\s\\S]*?</tr>`).exec(html)![0];
    const expires = /<td data-label="Expires"><time datetime="([^"]+)"/.exec(row)![1];
    expect(expires).toBe(expiresAt);
  });
});

describe("admin area pages", () => {
  it("serves the sign-in form with a strict CSP, no framing, no inline script and no sign-up", async () => {
    const response = await fetchWorker(`${INVENTORY}/admin`);
    const html = await response.text();
    expect(response.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(html).toContain('action="/admin/signin"');
    expect(html).not.toContain("signup");
    expect(html).not.toMatch(/<script>|\sstyle=|<style|\son[a-z]+=/);
    expect(setCookies(response).find((h) => h.startsWith("__Host-inv_form="))).toMatch(/; Path=\/(;|$)/);
    const js = await fetchWorker(`${INVENTORY}/admin/assets/app.js`);
    expect(js.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    await js.text();
  });

  // Signing in again, as the same admin or another, replaces the browser's session cookie: the session it held
  // ends with it, so a copy of the old cookie signs in no more.
  it("ends the browser's previous session when it signs in again", async () => {
    const orgId = await createOrg();
    const [first, second] = [await createAdmin(orgId), await createAdmin(orgId)];
    const b = await browser();
    expect((await post(b, "/admin/signin", { email: first, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
    const copy = await browser();
    copy.cookies.set("__Host-inv_session", b.cookies.get("__Host-inv_session")!);
    expect((await page(copy)).html).toContain(first);
    expect((await post(b, "/admin/signin", { email: second, password: PASSWORD, csrf: b.formToken })).status).toBe(303);
    expect((await page(b)).html).toContain(second);
    expect((await page(copy)).html).not.toContain(first);
  });

  it("signs an admin in with a __Host- session cookie; only the token's hash is stored", async () => {
    const orgId = await createOrg();
    const email = await createAdmin(orgId);
    const b = await browser();
    const response = await post(b, "/admin/signin", { email, password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(303);
    const setCookie = setCookies(response).find((h) => h.startsWith("__Host-inv_session="))!;
    for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/;", "Max-Age=43200"]) expect(setCookie).toContain(attribute);
    const row = await env.DB.prepare("SELECT s.token_hash, s.org_id FROM sessions s JOIN admin_users u ON u.id = s.user_id WHERE u.email = ?")
      .bind(email)
      .first<{ token_hash: string; org_id: string }>();
    expect(row).toEqual({ token_hash: await sha256Hex(b.cookies.get("__Host-inv_session")!), org_id: orgId });
    const { html } = await page(b);
    expect(html).toContain("Plan and subscription");
    expect(html).toContain("Audit log");
    expect(html).toContain(email);
  });

  it("over https the cookies are __Host- (Path=/, no Domain), so a sibling subdomain cannot shadow them; plain-http loopback keeps the plain names", async () => {
    const orgId = await createOrg();
    const email = await createAdmin(orgId);
    const signIn = async (base: string, formName: string) => {
      const first = await fetchWorker(`${base}/admin`);
      await first.text();
      const form = setCookies(first).find((h) => h.startsWith(`${formName}=`))!;
      const formToken = cookieValue(first, formName)!;
      const response = await fetchWorker(`${base}/admin/signin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          Cookie: `${formName}=${formToken}`,
          "CF-Connecting-IP": randomAddress(),
        },
        body: new URLSearchParams({ email, password: PASSWORD, csrf: formToken }).toString(),
      });
      expect(response.status).toBe(303);
      return { form, cookies: setCookies(response) };
    };

    const https = await signIn("https://inventory.test", "__Host-inv_form");
    const session = https.cookies.find((h) => h.startsWith("__Host-inv_session="))!;
    for (const setCookie of [https.form, session]) {
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).not.toMatch(/Domain=/i);
    }
    // The token under the plain name (an earlier release's cookie, or one set over http) is no session over https.
    const token = /^__Host-inv_session=([^;]+)/.exec(session)![1]!;
    const orgPath = `https://inventory.test/admin/api/orgs/${orgId}`;
    await expectError(await fetchWorker(orgPath, { headers: { Cookie: `inv_session=${token}` } }), 401, "unauthorized");
    await expectStatus(await fetchWorker(orgPath, { headers: { Cookie: `__Host-inv_session=${token}` } }), 200);

    const loopback = await signIn("http://127.0.0.1:8788", "inv_form");
    expect(loopback.form).not.toMatch(/Secure/);
    const plain = loopback.cookies.find((h) => h.startsWith("inv_session="))!;
    expect(plain).not.toMatch(/Secure/);
    expect(plain).toMatch(/; Path=\/(;|$)/);
  });

  it("gives one generic message for an unknown email and a wrong password", async () => {
    const email = await createAdmin(await createOrg());
    const messages = new Set<string>();
    for (const [who, password] of [
      [email, "wrong password!"],
      [`nobody-${crypto.randomUUID()}@example.com`, PASSWORD],
    ] as const) {
      const b = await browser();
      const response = await post(b, "/admin/signin", { email: who, password, csrf: b.formToken });
      expect(response.status).toBe(401);
      messages.add(/<p class="error" role="alert">([^<]*)<\/p>/.exec(await response.text())![1]!);
    }
    expect([...messages]).toEqual(["That email and password do not match an admin account."]);
  });

  it("refuses a password that only starts with the right one (a 200-character password plus one more)", async () => {
    const orgId = await createOrg();
    const email = `admin-${crypto.randomUUID()}@example.com`;
    const password = "p".repeat(200);
    await env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
      .bind(`usr_${crypto.randomUUID()}`, orgId, email, await hashPassword(password), Date.now())
      .run();
    const b = await browser();
    expect((await post(b, "/admin/signin", { email, password: `${password}x`, csrf: b.formToken })).status).toBe(401);
    expect(b.cookies.has("__Host-inv_session")).toBe(false);
    expect((await post(b, "/admin/signin", { email, password, csrf: b.formToken })).status).toBe(303);
  });

  it("locks an admin account after 5 attempts in 15 minutes for browsers it has not signed in from", async () => {
    const email = await createAdmin(await createOrg());
    for (let i = 0; i < 5; i++) {
      const b = await browser();
      expect((await post(b, "/admin/signin", { email, password: `wrong ${i} password`, csrf: b.formToken })).status).toBe(401);
    }
    const b = await browser();
    const response = await post(b, "/admin/signin", { email, password: PASSWORD, csrf: b.formToken });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(b.cookies.has("__Host-inv_session")).toBe(false);
  });

  // The address limit bounds how many accounts one client can lock: the attempts it refuses count against no account.
  it("does not count an attempt the address limit refuses against the admin account it names", async () => {
    const email = await createAdmin(await createOrg());
    const guesser = await browser();
    for (let i = 0; i < 30; i++) {
      await post(guesser, "/admin/signin", {
        email: `nobody-${crypto.randomUUID()}@example.com`,
        password: "wrong password",
        csrf: guesser.formToken,
      });
    }
    for (let i = 0; i < 6; i++) {
      expect((await post(guesser, "/admin/signin", { email, password: `guess ${i}`, csrf: guesser.formToken })).status).toBe(429);
    }
    const owner = await browser();
    expect((await post(owner, "/admin/signin", { email, password: PASSWORD, csrf: owner.formToken })).status).toBe(303);
  });

  it.each([
    ["no token", {}, {}],
    ["a token that is not the cookie's", { csrf: "B".repeat(32) }, {}],
    ["another site's Origin", null, { Origin: "https://evil.example" }],
  ])("refuses a sign-in post with %s", async (_, fields, headers) => {
    const email = await createAdmin(await createOrg());
    const b = await browser();
    const response = await post(
      b,
      "/admin/signin",
      { email, password: PASSWORD, ...(fields ?? { csrf: b.formToken }) },
      headers as Record<string, string>,
    );
    expect(response.status).toBe(403);
    expect(b.cookies.has("__Host-inv_session")).toBe(false);
  });
});

/** The inventory admin sign-in, as the device-cookie cases both services share drive it. */
const inventorySignIn: SignInDriver<Browser> = {
  holder: "admin",
  cookies: { session: "__Host-inv_session", device: DEVICE, plainDevice: "inv_device" },
  create: async () => createAdmin(await createOrg()),
  browser,
  signIn: (b, email, password = PASSWORD) => post(b, "/admin/signin", { email, password, csrf: b.formToken }),
  signOut: async (b) => post(b, "/admin/signout", { csrf: csrfOf((await page(b)).html) }),
  page: async (b) => (await page(b)).html,
  // The admin area's header names the signed-in admin.
  signedInAs: (email) => email,
};

describe("device cookie: the browsers an admin signed in from keep a sign-in throttle of their own", () => {
  deviceCookieCases(inventorySignIn);

  /**
   * The device cookie the tax service gives a browser at each sign-in or sign-up there (`__Host-tax_device`, from the
   * same platform code): anyone can open a tax account under an email the tax service does not hold yet, an
   * inventory admin's included, and sign in there as often as they like, one fresh cookie each time. Here both
   * services run with one SESSION_SECRET, as they do under `npm start` (one .dev.vars for both).
   */
  async function taxDeviceCookieFor(email: string): Promise<string> {
    const tax = new Hono();
    tax.post("/auth/signin", async (c) => {
      await rememberDevice(c, { cookie: { name: "tax_device" }, secrets: { current: env.SESSION_SECRET } }, email, Date.now());
      return c.body(null, 303);
    });
    const value = cookieValue(await tax.request("https://tax.example.com/auth/signin", { method: "POST" }), "__Host-tax_device");
    expect(value).toEqual(expect.any(String));
    return value!;
  }

  it("a device cookie the tax service gave for the same email gives no way past the lock, even under the same SESSION_SECRET", async () => {
    const email = await createAdmin(await createOrg());
    await lockAccount(inventorySignIn, email);
    const b = await browser();
    b.cookies.set(DEVICE, await taxDeviceCookieFor(email));
    const response = await post(b, "/admin/signin", { email, password: PASSWORD, csrf: b.formToken });
    expect(response.status, await response.clone().text()).toBe(429);
    expect(b.cookies.has("__Host-inv_session")).toBe(false);
  });
});

describe("session management API", () => {
  it("refuses state-changing calls without the CSRF header and accepts them with it", async () => {
    const { b, orgId, csrf } = await signedIn();
    await expectError(await apiAs(b, "POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }), 403, "forbidden");
    const created = await expectStatus(await apiAs(b, "POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only", name: "ui" }, csrf), 201);
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${created.data.id}/revoke`, { reason: "x" }, "nope"), 403, "forbidden");
    await expectStatus(await apiAs(b, "POST", `/admin/api/keys/${created.data.id}/revoke`, { reason: "left the team" }, csrf), 200);
    const audit = await expectStatus(await apiAs(b, "GET", `/admin/api/orgs/${orgId}/audit`), 200);
    expect(audit.data[0]).toMatchObject({ action: expect.stringContaining("revoke"), key_id: created.data.id, reason: "left the team" });
    const { html } = await page(b);
    expect(html).toContain("left the team");
  });

  it("ends the session at its expiry", async () => {
    const { b, orgId, email } = await signedIn();
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = (SELECT id FROM admin_users WHERE email = ?)")
      .bind(Date.now() - 1, email)
      .run();
    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${orgId}/keys`), 401, "unauthorized");
    const { html } = await page(b);
    expect(html).toContain('action="/admin/signin"');
  });

  it("signs out: the session row is deleted and the old cookie no longer works", async () => {
    const { b, orgId, csrf } = await signedIn();
    const token = b.cookies.get("__Host-inv_session")!;
    expect((await post(b, "/admin/signout", { csrf: "wrong" })).status).toBe(403);
    const signedOut = await post(b, "/admin/signout", { csrf });
    expect(signedOut.status).toBe(303);
    // The browser drops the cookie only when the name, Path and Secure match the one it holds.
    const cleared = setCookies(signedOut).find((h) => h.startsWith("__Host-inv_session="))!;
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Path=\/(;|$)/);
    expect(cleared).toMatch(/; Secure/);
    const replay = await fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/keys`, { headers: { Cookie: `__Host-inv_session=${token}` } });
    await expectError(replay, 401, "unauthorized");
  });
});

describe("a dashboard one of whose management calls fails", () => {
  it("answers 503, still signed in, and logs the failing call under the X-Request-Id the page answered with", async () => {
    const { b, orgId } = await signedIn();
    const logs = captureConsole();
    let response: Response;
    try {
      response = await fetchWorker(
        `${INVENTORY}/admin`,
        { headers: { Cookie: cookieHeader(b) } },
        { ...env, DB: databaseFailing(env.DB, /from "audit_log"[\s\S]*order by/i) },
      );
    } finally {
      logs.restore();
    }
    const html = await response.text();
    expect(response.status, html).toBe(503);
    expect(html).toContain("you are still signed in");
    expectDashboardCallLogged(response, logs, `/admin/api/orgs/${orgId}/audit`);
  });
});

describe("isolation between organisations", () => {
  it("an admin never sees or changes another organisation's keys, audit rows or settings", async () => {
    const otherOrg = await createOrg();
    const otherKey = await createKey(otherOrg, { name: "theirs" });
    const { b, orgId, csrf } = await signedIn();

    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${otherOrg}`), 404, "not_found");
    const listed = await expectStatus(await apiAs(b, "GET", "/admin/api/orgs"), 200);
    expect(listed.data.map((org: { id: string }) => org.id)).toEqual([orgId]);
    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${otherOrg}/keys`), 404, "not_found");
    await expectError(await apiAs(b, "GET", `/admin/api/orgs/${otherOrg}/audit`), 404, "not_found");
    await expectError(await apiAs(b, "POST", `/admin/api/orgs/${otherOrg}/keys`, { access: "read_write" }, csrf), 404, "not_found");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${otherKey.id}/rotate`, { grace_hours: 24 }, csrf), 404, "not_found");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${otherKey.id}/regenerate`, undefined, csrf), 404, "not_found");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${otherKey.id}/revoke`, { reason: "mine now" }, csrf), 404, "not_found");
    await expectError(await apiAs(b, "PATCH", `/admin/api/orgs/${orgId}`, { plan: "enterprise" }, csrf), 403, "forbidden");
    await expectError(await apiAs(b, "POST", "/admin/api/orgs", { name: "New", plan: "scale" }, csrf), 403, "forbidden");
    // An operator-only operation is 403 whatever a session sends: it is refused before its parameters and body are read.
    await expectError(await apiAs(b, "POST", "/admin/api/orgs", {}, csrf), 403, "forbidden");
    await expectError(await apiAs(b, "PATCH", `/admin/api/orgs/${orgId}`, undefined, csrf), 403, "forbidden");
    await expectError(await apiAs(b, "DELETE", `/admin/api/orgs/${orgId}/annual-returns/2024`, undefined, csrf), 403, "forbidden");
    await expectError(await apiAs(b, "POST", `/admin/api/keys/${otherKey.id}/sync?force=1`, undefined, csrf), 403, "forbidden");

    const theirs = await expectStatus(await admin("GET", `/admin/api/orgs/${otherOrg}/audit`), 200);
    expect(theirs.data.every((row: { action: string }) => !row.action.includes("revoke"))).toBe(true);
    const works = await fetchWorker(`${INVENTORY}/api/v1/inventory?limit=1`, { headers: { Authorization: `Bearer ${otherKey.key}` } });
    expect(works.status).toBe(200);
    const { html } = await page(b);
    expect(html).not.toContain(otherKey.id);
    expect(html).not.toContain(otherOrg);
  });
});

describe("the key list on the page reaches every key", () => {
  it("an active key older than 210 revoked ones is still listed, with its actions, through the Older keys links", async () => {
    const { b, orgId } = await signedIn();
    const oldest = await createKey(orgId, { name: "long-lived" });
    const statements = Array.from({ length: 210 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO api_keys (id, org_id, name, prefix, key_hash, access, scopes, created_at, revoked_at) VALUES (?, ?, NULL, ?, ?, 'read_only', '[]', ?, ?)",
      ).bind(
        `key_web${String(i).padStart(3, "0")}${crypto.randomUUID().slice(0, 8)}`,
        orgId,
        `w${i}`,
        `hash-web-${crypto.randomUUID()}`,
        Date.now() + 1_000 + i,
        Date.now() + 2_000,
      ),
    );
    await env.DB.batch(statements);

    const seen = new Set<string>();
    let path: string | null = "/admin";
    let oldestRow = "";
    for (let pages = 0; path !== null && pages < 20; pages++) {
      const response = await fetchWorker(`${INVENTORY}${path}`, { headers: { Cookie: cookieHeader(b) } });
      const html = await response.text();
      expect(response.status, html).toBe(200);
      for (const [, id] of html.matchAll(/data-key-id="([^"]+)"/g)) seen.add(id!);
      const at = html.indexOf(`data-key-id="${oldest.id}"`);
      if (at !== -1) oldestRow = html.slice(at, html.indexOf("</tr>", at));
      if (pages > 0) expect(html).toContain(">Newest keys</a>");
      path = /href="(\/admin\?keys=[^"#]+)#keys"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? null;
    }
    expect(seen.size).toBe(211);
    expect(seen.has(oldest.id)).toBe(true);
    expect(oldestRow).toContain(`data-api="/admin/api/keys/${oldest.id}/revoke"`);
  });
});

async function pageAt(b: Browser, pathAndQuery: string): Promise<string> {
  const response = await fetchWorker(`${INVENTORY}${pathAndQuery}`, { headers: { Cookie: cookieHeader(b) } });
  const html = await response.text();
  expect(response.status, html).toBe(200);
  return html;
}

describe("the webhooks card's deliveries", () => {
  deliveriesCardCases({
    path: "/admin",
    eventType: "customer.created",
    async signedIn() {
      const { b, orgId } = await signedIn();
      return {
        page: (pathAndQuery) => pageAt(b, pathAndQuery),
        async endpoint() {
          // Registered only: the deliveries the tests write are never sent.
          const url = `https://receiver.example/${crypto.randomUUID()}`;
          const created = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url }), 201);
          return { id: created.data.id, url };
        },
        record: (endpointId, statuses, newest) => insertDeliveries("org_id", orgId, endpointId, "customer.created", statuses, newest),
      };
    },
  });
});

describe("the Events card", () => {
  eventsCardCases({
    path: "/admin",
    types: ["customer.created", "entry.voided"],
    async signedIn() {
      const { b, orgId } = await signedIn();
      return { page: (pathAndQuery) => pageAt(b, pathAndQuery), record: (types) => insertEvents("org_id", orgId, types) };
    },
  });

  it("shows a new customer's event with its body as the events list gives it, escaped, and never another organisation's", async () => {
    const { b, orgId } = await signedIn();
    const name = `<script>alert("${crypto.randomUUID()}")</script>`;
    const customer = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/customers`, { name }), 201);
    const otherOrg = await createOrg();
    await expectStatus(await admin("POST", `/admin/api/orgs/${otherOrg}/customers`, { name }), 201);

    const html = await pageAt(b, "/admin");
    const listed = await expectStatus(await admin("GET", `/admin/api/orgs/${orgId}/events`), 200);
    expect(listed.data).toHaveLength(1);
    expect(cardEvents(html)).toEqual([{ id: listed.data[0].id, type: "customer.created", body: listed.data[0] }]);
    expect(listed.data[0].data).toMatchObject({ customer_id: customer.data.id, name });
    expect(html).not.toContain("<script>alert");
    const theirs = await expectStatus(await admin("GET", `/admin/api/orgs/${otherOrg}/events`), 200);
    expect(theirs.data).toHaveLength(1);
    expect(html).not.toContain(theirs.data[0].id);
    expect(html).not.toContain(otherOrg);
  });

  it("the type filter and the events links keep the page of keys shown, and the keys links keep the type", async () => {
    const { b, orgId } = await signedIn();
    await insertEvents(
      "org_id",
      orgId,
      Array.from({ length: 21 }, () => "customer.created"),
    );
    const html = await pageAt(b, "/admin?keys=1&event_type=customer.created");
    const filter = /<form method="get" action="\/admin#events" class="filter">([\s\S]*?)<\/form>/.exec(html)![1]!;
    expect(filter).toMatch(/<input type="hidden" name="keys" value="1"\/?>/);
    expect(filter).not.toContain('name="events"');
    const older = new URL(cardLink(html, "Older events")!, INVENTORY);
    expect([older.searchParams.get("keys"), older.searchParams.get("event_type")]).toEqual(["1", "customer.created"]);
    const newestKeys = /<a href="([^"]+)">Newest keys<\/a>/.exec(html)![1]!.replace(/&amp;/g, "&");
    expect(newestKeys).toBe("/admin?event_type=customer.created#keys");
  });
});
