// Secrets never leak: with console.* captured in the Worker's isolate, a run through an admin's sign-in, a fellow
// admin's creation, key creation, rotation, regeneration and revocation, webhook registration, a failing and a
// succeeding delivery, sales that emit events and a D1 failure leaves no API key, session token, password or signing
// secret in the logs, in list responses, in events or delivery rows; keys, tokens and passwords are nowhere in the
// database.
// Then the security headers of every response: nosniff and a request id always, HSTS over https,
// no-store on authenticated answers (CSV exports included), CSP and no framing on the admin page.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInventoryApp } from "../../src/inventory/app";
import { hashPassword } from "../../src/platform/auth/password";
import { PAGE_CSP } from "../../src/platform/ui/headers";
import { captureConsole, dbDump, fillPath, operationsOf } from "../reliability/kit";
import { installReceivers, receiver, respond } from "../webhook-receiver";
import { cookieValue, randomAddress } from "../web-session";
import { createOrg, INVENTORY } from "./helpers";

installReceivers();
const HTTPS = INVENTORY.replace("http://", "https://");

const secrets: Record<string, string> = {};
const bodies: string[] = [];
let logs: ReturnType<typeof captureConsole>;

async function json(response: Response, status: number): Promise<any> {
  const text = await response.text();
  bodies.push(text);
  expect(response.status, text).toBe(status);
  return text && response.headers.get("Content-Type")?.startsWith("application/json") ? JSON.parse(text) : text;
}

const operator = (method: string, path: string, body?: unknown) =>
  fetchWorker(`${HTTPS}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

let orgId: string;
let key: string;
let session: { cookie: string; csrf: string };
let endpointId: string;

beforeAll(async () => {
  logs = captureConsole();
  orgId = await createOrg("business");
  const email = `admin-${crypto.randomUUID()}@example.com`;
  secrets.password = `pw-${crypto.randomUUID()}`;
  await env.DB.prepare("INSERT INTO admin_users (id, org_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(`usr_${crypto.randomUUID()}`, orgId, email, await hashPassword(secrets.password), Date.now())
    .run();

  // Sign in through the real form: double-submit cookie, Origin, then the session cookie.
  const page = await fetchWorker(`${HTTPS}/admin`, {});
  const formToken = cookieValue(page, "__Host-inv_form")!;
  await page.text();
  const signedIn = await fetchWorker(`${HTTPS}/admin/signin`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: HTTPS,
      Cookie: `__Host-inv_form=${formToken}`,
      "CF-Connecting-IP": randomAddress(),
    },
    body: new URLSearchParams({ email, password: secrets.password, csrf: formToken }).toString(),
    redirect: "manual",
  });
  await signedIn.text();
  secrets.session = cookieValue(signedIn, "__Host-inv_session")!;
  expect(secrets.session, `sign-in answered ${signedIn.status}`).toBeTruthy();
  const home = await fetchWorker(`${HTTPS}/admin`, { headers: { Cookie: `__Host-inv_session=${secrets.session}` } });
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await home.text())![1]!;
  session = { cookie: `__Host-inv_session=${secrets.session}`, csrf };
  const asSession = (method: string, path: string, body?: unknown) =>
    fetchWorker(`${HTTPS}${path}`, {
      method,
      headers: {
        Cookie: session.cookie,
        ...(method === "GET" ? {} : { "X-CSRF-Token": session.csrf }),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  // A fellow admin created through the API: their password goes in, and never comes out or into the database.
  secrets.adminPassword = `pw-${crypto.randomUUID()}`;
  await json(
    await asSession("POST", `/admin/api/orgs/${orgId}/admins`, {
      email: `colleague-${crypto.randomUUID()}@example.com`,
      password: secrets.adminPassword,
    }),
    201,
  );

  const created = await json(await asSession("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_write" }), 201);
  secrets.firstKey = created.data.key;
  const rotated = await json(await asSession("POST", `/admin/api/keys/${created.data.id}/rotate`, { grace_hours: 24 }), 201);
  secrets.rotatedKey = rotated.data.key;
  const regenerated = await json(await operator("POST", `/admin/api/keys/${rotated.data.id}/regenerate`), 201);
  key = regenerated.data.key;
  secrets.regeneratedKey = key;
  const spare = await json(await operator("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" }), 201);
  secrets.revokedKey = spare.data.key;
  await json(await operator("POST", `/admin/api/keys/${spare.data.id}/revoke`, { reason: "leaked in a ticket" }), 200);
  await json(await fetchWorker(`${HTTPS}/api/v1/inventory`, { headers: { Authorization: `Bearer ${secrets.revokedKey}` } }), 401);

  const failing = receiver(() => respond.fail(500));
  const endpoint = await json(await asSession("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: failing.url }), 201);
  secrets.webhookSecret = endpoint.data.secret;
  endpointId = endpoint.data.id;
  const other = await json(await operator("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url }), 201);
  secrets.operatorWebhookSecret = other.data.secret;
  await json(await asSession("POST", `/admin/api/orgs/${orgId}/webhooks/${endpointId}/test`), 200);
  await json(await asSession("POST", `/admin/api/orgs/${orgId}/webhooks/${other.data.id}/test`), 200);
  const buyer = await json(await asSession("POST", `/admin/api/orgs/${orgId}/customers`, { name: "Buyer" }), 201);
  const stock = await json(
    await asSession("POST", `/admin/api/orgs/${orgId}/lots`, {
      lot_number: "L1",
      sku: "CTN-CMB-30S1-RW",
      yarn_type: "cotton_combed",
      godown_code: "TPR-1",
      kg: "10",
      cost_per_kg: "300",
    }),
    201,
  );
  await json(
    await asSession("POST", `/admin/api/orgs/${orgId}/sales`, {
      customer_id: buyer.data.id,
      items: [{ lot_id: stock.data.id, kg: "1", rate_per_kg: "320" }],
    }),
    201,
  );

  // A D1 failure while a key is in use: the operator's log gets the error, never the key.
  await env.DB.prepare("ALTER TABLE lots RENAME TO lots_gone").run();
  await json(await fetchWorker(`${HTTPS}/api/v1/inventory`, { headers: { Authorization: `Bearer ${key}` } }), 500);
  await env.DB.prepare("ALTER TABLE lots_gone RENAME TO lots").run();
  expect(logs.text()).toContain("lots");

  for (const path of ["/api/v1/inventory", "/api/v1/sales", "/api/v1/export/customers"]) {
    await json(await fetchWorker(`${HTTPS}${path}`, { headers: { Authorization: `Bearer ${key}` } }), 200);
  }
  for (const path of [
    `/admin/api/orgs/${orgId}/keys`,
    `/admin/api/orgs/${orgId}/webhooks`,
    `/admin/api/orgs/${orgId}/audit`,
    `/admin/api/orgs/${orgId}/admins`,
    `/admin/api/orgs/${orgId}/webhooks/${endpointId}/deliveries`,
  ]) {
    await json(await asSession("GET", path), 200);
  }
});

afterAll(() => logs.restore());

describe("secrets never leak", () => {
  it("the run wrote logs (the capture works), and none of them holds a secret", () => {
    expect(logs.text()).toContain("unhandled error");
    const all = { ...secrets, ADMIN_TOKEN: env.ADMIN_TOKEN, SESSION_SECRET: env.SESSION_SECRET };
    for (const [name, value] of Object.entries(all)) expect(logs.text().includes(value), `${name} in the logs`).toBe(false);
  });

  it("no answer repeats a secret after the one that issued it, and error bodies never hold one", () => {
    for (const [name, value] of Object.entries(secrets)) {
      const holders = bodies.filter((b) => b.includes(value));
      // Passwords and the session token are never in a body; a key or signing secret only in its creation.
      const neverShown = ["password", "adminPassword", "session"].includes(name);
      expect(holders.length, `${name} appears in ${holders.length} bodies`).toBeLessThanOrEqual(neverShown ? 0 : 1);
      for (const body of holders) expect(body).not.toContain('"error"');
    }
  });

  it("keys, session tokens, passwords and webhook signing secrets are nowhere in the database (signing secrets are sealed)", async () => {
    const dump = await dbDump(env.DB);
    for (const name of [
      "password",
      "adminPassword",
      "session",
      "firstKey",
      "rotatedKey",
      "regeneratedKey",
      "revokedKey",
      "webhookSecret",
      "operatorWebhookSecret",
    ])
      expect(dump.includes(secrets[name]!), `${name} stored`).toBe(false);
  });
});

describe("security headers", () => {
  function checkCommon(response: Response, where: string): void {
    expect(response.headers.get("X-Content-Type-Options"), where).toBe("nosniff");
    expect(response.headers.get("X-Request-Id"), where).toMatch(/^req_/);
    expect(response.headers.get("Strict-Transport-Security") ?? "", where).toMatch(/max-age=\d{7,}/);
  }

  /** An API answer (JSON, CSV, an error) may load nothing and be framed by no page (OWASP REST Security Cheat Sheet). */
  function checkNotAPage(response: Response, where: string): void {
    expect(response.headers.get("Content-Security-Policy"), where).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get("X-Frame-Options"), where).toBe("DENY");
  }

  it("every documented operation, anonymous and authenticated, over https", async () => {
    for (const op of operationsOf(buildInventoryApp())) {
      const ids: Record<string, string> = {
        id: op.path.startsWith("/admin/api/orgs/") ? orgId : "x_1",
        webhookId: endpointId,
        deliveryId: "whd_1",
        eventId: "evt_1",
        entryId: "pay_1",
        lotId: "lot_1",
        financialYear: "2024-25",
        adminId: "usr_1",
      };
      const path = fillPath(op.path, ids);
      const anonymous = await fetchWorker(`${HTTPS}${path}`, { method: op.method });
      checkCommon(anonymous, `anonymous ${op.key}`);
      checkNotAPage(anonymous, `anonymous ${op.key}`);
      expect(anonymous.headers.get("Cache-Control"), op.key).toBe("no-store");
      await anonymous.arrayBuffer();
      // The operation's own method, as a signed-in admin would send it (CSRF token and a JSON body on writes);
      // whatever the handler answers (created, invalid body, not found), it passed authentication.
      const write = op.method !== "GET";
      const headers: Record<string, string> = path.startsWith("/api/v1/")
        ? { Authorization: `Bearer ${key}` }
        : { Cookie: session.cookie, ...(write ? { "X-CSRF-Token": session.csrf, "Content-Type": "application/json" } : {}) };
      const authenticated = await fetchWorker(`${HTTPS}${path}`, {
        method: op.method,
        headers,
        ...(write && op.method !== "DELETE" ? { body: "{}" } : {}),
      });
      const body = await authenticated.text();
      expect(authenticated.status, `authenticated ${op.key}: ${body}`).not.toBe(401);
      expect(authenticated.status, `authenticated ${op.key}: ${body}`).not.toBe(405);
      checkCommon(authenticated, `authenticated ${op.key}`);
      checkNotAPage(authenticated, `authenticated ${op.key}`);
      expect(authenticated.headers.get("Cache-Control"), `authenticated ${op.key}`).toBe("no-store");
    }
  });

  it("over plain http there is no HSTS (browsers ignore it there)", async () => {
    const response = await fetchWorker(`${INVENTORY}/api/v1/inventory`, {});
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.arrayBuffer();
  });

  it("a JSON answer and a CSV export carry the API policy, with no framing", async () => {
    for (const [path, type] of [
      ["/api/v1/inventory", "application/json"],
      ["/api/v1/export/customers", "text/csv"],
    ] as const) {
      const response = await fetchWorker(`${HTTPS}${path}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Content-Type"), path).toContain(type);
      checkNotAPage(response, path);
      await response.arrayBuffer();
    }
  });

  it("the admin page and the API reference page keep their own policy, which lets the page's files load", async () => {
    for (const path of ["/admin", "/api/v1/docs"]) {
      const response = await fetchWorker(`${HTTPS}${path}`, {});
      expect(response.headers.get("Content-Type"), path).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy"), path).toBe(PAGE_CSP);
      await response.arrayBuffer();
    }
  });

  it("the admin page, signed out and in: CSP without inline script, no framing, no-store", async () => {
    for (const cookie of [undefined, session.cookie]) {
      const response = await fetchWorker(`${HTTPS}/admin`, cookie ? { headers: { Cookie: cookie } } : {});
      checkCommon(response, `page ${cookie ? "signed in" : "signed out"}`);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain("default-src");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get("X-Frame-Options")).toBe("DENY");
      expect(response.headers.get("Cache-Control")).toContain("no-store");
      await response.arrayBuffer();
    }
  });

  it("errors and unknown paths carry them too", async () => {
    for (const path of ["/nope", "/api/v1/sales", "/api/v1/openapi.json", "/admin/assets/app.js"]) {
      const response = await fetchWorker(`${HTTPS}${path}`, {});
      checkCommon(response, path);
      if (path !== "/admin/assets/app.js") checkNotAPage(response, path);
      await response.arrayBuffer();
    }
  });

  it("a Worker started without one of its secrets answers 500 with them too", async () => {
    const { SESSION_SECRET: _, ...withoutSecret } = env;
    const response = await fetchWorker(`${HTTPS}/api/v1/health`, undefined, withoutSecret);
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    checkNotAPage(response, "env failure");
    await response.arrayBuffer();
  });
});
