// Secrets never leak: with console.* captured in the Worker's isolate, a run through sign-in, key creation,
// rotation and revocation, webhook registration, a failing and a succeeding delivery, a bad billing
// signature and a D1 failure leaves no API key, session token, password or signing secret in the logs, in
// list responses, in events or delivery rows; keys, tokens and passwords are nowhere in the database.
// Then the security headers of every response: nosniff and a request id always, HSTS over https,
// no-store on authenticated answers, CSP and no framing on the web page.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CSP } from "../../src/platform/ui/headers";
import { buildTaxApp } from "../../src/tax/app";
import { TAX_SCOPES } from "../../src/tax/keys/scopes";
import { captureConsole, dbDump, fillPath, operationsOf } from "../reliability/kit";
import { installReceivers, receiver, respond } from "../webhook-receiver";
import { cookieValue, randomAddress } from "../web-session";
import { randomEmail, TAX } from "./helpers";

installReceivers();
const HTTPS = TAX.replace("http://", "https://");

const secrets: Record<string, string> = {};
const bodies: string[] = [];
let logs: ReturnType<typeof captureConsole>;

async function json(response: Response, status: number): Promise<any> {
  const text = await response.text();
  bodies.push(text);
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

const operator = (method: string, path: string, body?: unknown) =>
  fetchWorker(`${HTTPS}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

let email: string;
let key: string;
let session: { cookie: string; csrf: string };
let endpointId: string;

beforeAll(async () => {
  logs = captureConsole();
  email = randomEmail("secrets");
  secrets.password = `pw-${crypto.randomUUID()}`;
  await json(await operator("POST", "/admin/api/accounts", { email, password: secrets.password }), 201);

  // Sign in through the real form: double-submit cookie, Origin, then the session cookie.
  const page = await fetchWorker(`${HTTPS}/`, {});
  const formToken = cookieValue(page, "__Host-tax_form")!;
  await page.text();
  const address = randomAddress();
  const signedIn = await fetchWorker(`${HTTPS}/auth/signin`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: HTTPS,
      Cookie: `__Host-tax_form=${formToken}`,
      "CF-Connecting-IP": address,
    },
    body: new URLSearchParams({ email, password: secrets.password, csrf: formToken }).toString(),
    redirect: "manual",
  });
  await signedIn.text();
  secrets.session = cookieValue(signedIn, "__Host-tax_session")!;
  expect(secrets.session, `sign-in answered ${signedIn.status}`).toBeTruthy();
  const home = await fetchWorker(`${HTTPS}/`, { headers: { Cookie: `__Host-tax_session=${secrets.session}` } });
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await home.text())![1]!;
  session = { cookie: `__Host-tax_session=${secrets.session}`, csrf };

  const created = await json(await operator("POST", "/admin/api/keys", { accountEmail: email, scopes: TAX_SCOPES }), 201);
  secrets.firstKey = created.data.key;
  const rotated = await json(await operator("POST", `/admin/api/keys/${created.data.id}/rotate`, { overlapHours: 1 }), 201);
  key = rotated.data.key;
  secrets.rotatedKey = key;
  const spare = await json(await operator("POST", "/admin/api/keys", { accountEmail: email, scopes: ["deadlines:read"] }), 201);
  secrets.revokedKey = spare.data.key;
  await json(await operator("POST", `/admin/api/keys/${spare.data.id}/revoke`), 200);
  await json(await fetchWorker(`${HTTPS}/api/v1/deadlines`, { headers: { Authorization: `Bearer ${secrets.revokedKey}` } }), 401);

  const auth = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
  const failing = receiver(() => respond.fail(500));
  const endpoint = await json(
    await fetchWorker(`${HTTPS}/api/v1/webhooks`, { method: "POST", headers: auth, body: JSON.stringify({ url: failing.url }) }),
    201,
  );
  secrets.webhookSecret = endpoint.data.secret;
  endpointId = endpoint.data.id;
  const viaSession = await json(
    await fetchWorker(`${HTTPS}/admin/api/webhooks`, {
      method: "POST",
      headers: { Cookie: session.cookie, "X-CSRF-Token": session.csrf, "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiver().url }),
    }),
    201,
  );
  secrets.sessionWebhookSecret = viaSession.data.secret;
  await json(await fetchWorker(`${HTTPS}/api/v1/webhooks/${endpointId}/test`, { method: "POST", headers: auth }), 200);
  await json(await fetchWorker(`${HTTPS}/api/v1/webhooks/${viaSession.data.id}/test`, { method: "POST", headers: auth }), 200);
  await json(
    await fetchWorker(`${HTTPS}/api/v1/profiles`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ label: "secrets", financialYear: "2025-26", profile: { age: 30, residentialStatus: "resident" } }),
    }),
    201,
  );
  await json(
    await fetchWorker(`${HTTPS}/billing/webhook`, {
      method: "POST",
      headers: { "X-Razorpay-Signature": "0".repeat(64), "Content-Type": "application/json" },
      body: "{}",
    }),
    401,
  );

  // A D1 failure while a key is in use: the operator's log gets the error, never the key.
  await env.DB.prepare("CREATE TRIGGER secrets_fault BEFORE INSERT ON events BEGIN SELECT RAISE(ABORT, 'injected'); END").run();
  await json(
    await fetchWorker(`${HTTPS}/api/v1/profiles`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ label: "fails", financialYear: "2025-26", profile: { age: 30, residentialStatus: "resident" } }),
    }),
    500,
  );
  await env.DB.prepare("DROP TRIGGER secrets_fault").run();

  for (const path of ["/api/v1/webhooks", `/api/v1/webhooks/${endpointId}/deliveries`, "/api/v1/profiles"]) {
    await json(await fetchWorker(`${HTTPS}${path}`, { headers: { Authorization: `Bearer ${key}` } }), 200);
  }
  for (const path of ["/admin/api/keys", "/admin/api/webhooks", "/admin/api/account", "/admin/api/accounts"]) {
    await json(await fetchWorker(`${HTTPS}${path}`, { headers: { Cookie: session.cookie } }), 200);
  }
  await json(await operator("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(email)}`), 200);
});

afterAll(() => logs.restore());

describe("secrets never leak", () => {
  it("the run wrote logs (the capture works), and none of them holds a secret", () => {
    expect(logs.text()).toContain("injected");
    const all = {
      ...secrets,
      ADMIN_TOKEN: env.ADMIN_TOKEN,
      RAZORPAY_WEBHOOK_SECRET: env.RAZORPAY_WEBHOOK_SECRET,
      SESSION_SECRET: env.SESSION_SECRET,
    };
    for (const [name, value] of Object.entries(all)) expect(logs.text().includes(value), `${name} in the logs`).toBe(false);
  });

  it("no answer repeats a secret after the one that issued it, and error bodies never hold one", () => {
    for (const [name, value] of Object.entries(secrets)) {
      const holders = bodies.filter((b) => b.includes(value));
      // The password and the session token are never in a body; a key or signing secret only in its creation.
      expect(holders.length, `${name} appears in ${holders.length} bodies`).toBeLessThanOrEqual(name === "password" || name === "session" ? 0 : 1);
      for (const body of holders) expect(body).not.toContain('"error"');
    }
  });

  it("keys, session tokens, passwords and webhook signing secrets are nowhere in the database (signing secrets are sealed)", async () => {
    const dump = await dbDump(env.DB);
    for (const name of ["password", "session", "firstKey", "rotatedKey", "revokedKey", "webhookSecret", "sessionWebhookSecret"])
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
    const ids: Record<string, string> = { id: endpointId, deliveryId: "whd_00000000000000000000000000" };
    for (const op of operationsOf(buildTaxApp())) {
      const path = fillPath(op.path, ids);
      const anonymous = await fetchWorker(`${HTTPS}${path}`, { method: op.method });
      checkCommon(anonymous, `anonymous ${op.key}`);
      checkNotAPage(anonymous, `anonymous ${op.key}`);
      expect(anonymous.headers.get("Cache-Control"), op.key).toBe("no-store");
      await anonymous.arrayBuffer();
      const credentials: Record<string, string> = path.startsWith("/api/v1/")
        ? { Authorization: `Bearer ${key}` }
        : { Cookie: session.cookie, "X-CSRF-Token": session.csrf };
      // Writes are sent for real, to an id that does not exist and with an empty body, so they pass the
      // credentials and reach the route's own refusal (400, 401 or 404) without changing anything.
      const write = op.method !== "GET";
      const authenticated = await fetchWorker(
        `${HTTPS}${write ? fillPath(op.path, { id: "none_00000000000000000000000000", deliveryId: "none_00000000000000000000000000" }) : path}`,
        {
          method: op.method,
          headers: write ? { ...credentials, "Content-Type": "application/json" } : credentials,
          ...(write ? { body: "{}" } : {}),
        },
      );
      expect(authenticated.status, `authenticated ${op.key} reached its route`).not.toBe(405);
      checkCommon(authenticated, `authenticated ${op.key}`);
      checkNotAPage(authenticated, `authenticated ${op.key}`);
      expect(authenticated.headers.get("Cache-Control"), `authenticated ${op.key}`).toBe("no-store");
      await authenticated.arrayBuffer();
    }
  });

  it("over plain http there is no HSTS (browsers ignore it there)", async () => {
    const response = await fetchWorker(`${TAX}/api/v1/health`, {});
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await response.arrayBuffer();
  });

  it("a JSON answer carries the API policy, with no framing", async () => {
    const response = await fetchWorker(`${HTTPS}/api/v1/deadlines?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("application/json");
    checkNotAPage(response, "GET /api/v1/deadlines");
    await response.arrayBuffer();
  });

  it("answers and refusals name the same JSON media type, without a charset (JSON is always UTF-8, RFC 8259)", async () => {
    const answered = await fetchWorker(`${HTTPS}/api/v1/deadlines?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
    const refused = await fetchWorker(`${HTTPS}/api/v1/deadlines?limit=0`, { headers: { Authorization: `Bearer ${key}` } });
    const document = await fetchWorker(`${HTTPS}/api/v1/openapi.json`, {});
    expect([answered.status, refused.status, document.status]).toEqual([200, 400, 200]);
    for (const response of [answered, refused, document]) {
      expect(response.headers.get("Content-Type")).toBe("application/json");
      await response.arrayBuffer();
    }
  });

  it("the web page and the API reference page keep their own policy, which lets the page's files load", async () => {
    for (const path of ["/", "/api/v1/docs"]) {
      const response = await fetchWorker(`${HTTPS}${path}`, {});
      expect(response.headers.get("Content-Type"), path).toContain("text/html");
      expect(response.headers.get("Content-Security-Policy"), path).toBe(PAGE_CSP);
      await response.arrayBuffer();
    }
  });

  it("the web page, signed out and in: CSP without inline script, no framing, no-store", async () => {
    for (const cookie of [undefined, session.cookie]) {
      const response = await fetchWorker(`${HTTPS}/`, cookie ? { headers: { Cookie: cookie } } : {});
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
    for (const path of ["/nope", "/api/v1/profiles", "/api/v1/openapi.json"]) {
      const response = await fetchWorker(`${HTTPS}${path}`, {});
      checkCommon(response, path);
      checkNotAPage(response, path);
      await response.arrayBuffer();
    }
  });

  it("a Worker started without one of its secrets answers 500 with them too", async () => {
    const { ADMIN_TOKEN: _, ...withoutToken } = env;
    const response = await fetchWorker(`${HTTPS}/api/v1/health`, undefined, withoutToken);
    expect(response.status).toBe(500);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    checkNotAPage(response, "env failure");
    await response.arrayBuffer();
  });
});
