// Integer query parameters are decimal digits only: a value that loose number parsing would accept (hex,
// exponent, sign, spaces, empty) is a malformed parameter, 400 validation_error naming it.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { installReceivers, receiver } from "../webhook-receiver";
import { sessionCaller } from "../web-session";
import { admin, api, createAccount, createKey, expectError, expectStatus, signedIn, TAX } from "./helpers";

installReceivers();

const MALFORMED_INTEGERS = [["0x10"], ["1e1"], ["+5"], ["%205"], [""], ["5.0"], ["0b11"], ["%EF%BC%95"], ["Infinity"], ["-0"]];

describe("integer query parameters", () => {
  it.each(MALFORMED_INTEGERS)("limit=%s is 400 validation_error", async (value) => {
    const { key } = await createKey({ scopes: ["deadlines:read", "profiles:read"] });
    for (const path of ["/api/v1/deadlines", "/api/v1/profiles"]) {
      const message = await expectError(await api(`${path}?limit=${value}`, key), 400, "validation_error");
      expect(message, path).toContain("limit");
    }
  });

  // Page sizes of 1 to 100 on both, so out-of-range values must read the same too.
  it.each([...MALFORMED_INTEGERS, ["0"], ["101"]])("GET /admin/api/keys?limit=%s is refused as GET /api/v1/profiles refuses it", async (value) => {
    const { key, email } = await createKey({ scopes: ["profiles:read"] });
    const expected = await expectError(await api(`/api/v1/profiles?limit=${value}`, key), 400, "validation_error");
    const message = await expectError(
      await admin("GET", `/admin/api/keys?accountEmail=${encodeURIComponent(email)}&limit=${value}`),
      400,
      "validation_error",
    );
    expect(message).toBe(expected);
  });

  it.each([["limit=5&limit=6"], ["limit=5&limit=5"]])("%s is 400 validation_error saying to give it once", async (query) => {
    const { key } = await createKey({ scopes: ["deadlines:read", "profiles:read"] });
    for (const path of ["/api/v1/deadlines", "/api/v1/profiles"]) {
      const message = await expectError(await api(`${path}?${query}`, key), 400, "validation_error");
      expect(message, path).toBe("limit: must be given once, not repeated");
    }
  });

  it("decimal digits, leading zeros included, are read as the number they spell", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const body = await expectStatus<{ data: unknown[] }>(await api("/api/v1/deadlines?from=2026-04-01&limit=003", key), 200);
    // The calendar has far more than three due dates after 1 April 2026 (every month's TDS deposit alone).
    expect(body.data).toHaveLength(3);
  });

  it("GET /admin/api/keys reads limit=003 as 3", async () => {
    const { email } = await createKey();
    for (let n = 0; n < 3; n++) await createKey({ email });
    const query = `accountEmail=${encodeURIComponent(email)}`;
    const body = await expectStatus<{ data: unknown[]; nextCursor: string | null }>(await admin("GET", `/admin/api/keys?${query}&limit=003`), 200);
    // Four keys, a page of three: a cursor to the fourth.
    expect(body.data).toHaveLength(3);
    expect(body.nextCursor).not.toBeNull();
  });
});

describe("unknown query parameters", () => {
  // A misspelt parameter left unread would answer for its default instead: from today, 20 profiles, every delivery.
  it.each([
    ["GET", "/api/v1/deadlines?form=2026-07-01", "form"],
    ["GET", "/api/v1/profiles?limt=5", "limt"],
    ["GET", "/api/v1/webhooks/whk_x/deliveries?state=failed", "state"],
    ["POST", "/api/v1/documents/parse?typ=ais", "typ"],
    // Reads that take no parameter refuse any: `limit=5` would otherwise seem to page the list.
    ["GET", "/api/v1/webhooks?limit=5", "limit"],
    ["GET", "/api/v1/webhooks/whk_x?include=secret", "include"],
    ["GET", "/api/v1/profiles/prof_x?fields=profile", "fields"],
  ])("%s %s is 400 validation_error naming the parameter", async (method, path, name) => {
    const { key } = await createKey({ scopes: ["deadlines:read", "profiles:read", "webhooks:manage", "documents:parse"] });
    const init = method === "POST" ? { method, body: "Annual Information Statement", headers: { "Content-Type": "text/plain" } } : { method };
    const message = await expectError(await api(path, key, init), 400, "validation_error");
    expect(message).toBe(`${name}: unknown field`);
  });
});

describe("a parameter without a name", () => {
  // `?=5` names no parameter; URL parsers drop it before any route reads the query, so it is refused up front.
  it.each([
    ["GET", "/api/v1/deadlines?=5"],
    ["GET", "/api/v1/profiles?limit=5&=x"],
    ["GET", "/admin/api/keys?="],
  ])("%s %s is 400 validation_error", async (method, path) => {
    const { key } = await createKey({ scopes: ["deadlines:read", "profiles:read"] });
    const message = await expectError(await (path.startsWith("/admin") ? admin(method, path) : api(path, key, { method })), 400, "validation_error");
    expect(message).toMatch(/^query: a parameter has no name \(=[^)]*\); send only the parameters the route documents$/);
  });

  it("a value that holds '?=' is a value, not a parameter without a name", async () => {
    const { key } = await createKey({ scopes: ["deadlines:read"] });
    const message = await expectError(await api("/api/v1/deadlines?from=2026?=1", key), 400, "validation_error");
    expect(message).toMatch(/^from: /);
  });
});

describe("unknown query parameters on management routes", () => {
  // As on the public reads: a misspelt parameter left unread would answer for its default (a page of 50 keys, every
  // delivery, every account), or for the signed-in account instead of the one meant. Each route is called with the
  // parameter that names its account: `accountEmail`, or the accounts list's `email` filter.
  it.each([
    ["/admin/api/account", "email", "accountEmail"],
    ["/admin/api/accounts", "plna", "email"],
    ["/admin/api/keys", "limt", "accountEmail"],
    ["/admin/api/webhooks", "acount", "accountEmail"],
    ["/admin/api/webhooks/{id}", "verbose", "accountEmail"],
    ["/admin/api/webhooks/{id}/deliveries", "state", "accountEmail"],
  ])("GET %s?%s=… is 400 validation_error naming the parameter", async (route, name, naming) => {
    const email = await createAccount();
    const { data: endpoint } = await expectStatus(await admin("POST", "/admin/api/webhooks", { accountEmail: email, url: receiver().url }), 201);
    const path = `${route.replace("{id}", endpoint.id)}?${naming}=${encodeURIComponent(email)}`;
    await expectStatus(await admin("GET", path), 200);
    const message = await expectError(await admin("GET", `${path}&${name}=failed`), 400, "validation_error");
    expect(message).toBe(`${name}: unknown field`);
  });
});

describe("unknown query parameters on management writes", () => {
  // The write routes name their account with ?accountEmail= as the reads do. A misspelt name left unread is no name:
  // the operator got "accountEmail: is required" for a parameter they did send, and a signed-in user's call acted on
  // their own account where the account they named would have been refused (403).
  const writes: Array<[method: string, route: string, body?: unknown]> = [
    ["PATCH", "/admin/api/webhooks/{id}", { description: "renamed" }],
    ["DELETE", "/admin/api/webhooks/{id}"],
    ["POST", "/admin/api/webhooks/{id}/test"],
    ["POST", "/admin/api/webhooks/{id}/roll-secret", { overlapHours: 1 }],
    ["POST", "/admin/api/webhooks/{id}/deliveries/{deliveryId}/resend"],
    ["POST", "/admin/api/webhooks/{id}/recover", { since: "2026-01-01T00:00:00Z" }],
  ];
  const as = sessionCaller(TAX);

  /** An endpoint with one delivered test send, and what its detail and deliveries read as. */
  async function endpointOf(call: (method: string, path: string, body?: unknown) => Promise<Response>, accountEmail?: string) {
    const query = accountEmail === undefined ? "" : `?accountEmail=${encodeURIComponent(accountEmail)}`;
    const { data: endpoint } = await expectStatus(await call("POST", "/admin/api/webhooks", { accountEmail, url: receiver().url }), 201);
    const { data: sent } = await expectStatus(await call("POST", `/admin/api/webhooks/${endpoint.id}/test${query}`), 200);
    const state = async () => ({
      detail: await expectStatus(await call("GET", `/admin/api/webhooks/${endpoint.id}${query}`), 200),
      deliveries: await expectStatus(await call("GET", `/admin/api/webhooks/${endpoint.id}/deliveries${query}`), 200),
    });
    const path = (route: string) => route.replace("{id}", endpoint.id).replace("{deliveryId}", sent.deliveryId);
    return { path, state, before: await state() };
  }

  it.each(writes)("the operator's %s %s?acountEmail=… is 400 naming the parameter and changes nothing", async (method, route, body) => {
    const email = await createAccount();
    const endpoint = await endpointOf((m, p, b) => admin(m, p, b), email);
    const message = await expectError(
      await admin(method, `${endpoint.path(route)}?acountEmail=${encodeURIComponent(email)}`, body),
      400,
      "validation_error",
    );
    expect(message).toBe("acountEmail: unknown field");
    expect(await endpoint.state()).toEqual(endpoint.before);
  });

  it.each(writes)("a signed-in user's %s %s?account_email=<another account> is 400, not an act on their own account", async (method, route, body) => {
    const user = await signedIn();
    const other = await createAccount();
    const endpoint = await endpointOf((m, p, b) => as(user, m, p, b));
    // Spelt right, the other account is refused: the misspelt call must not do what this one may not.
    await expectError(await as(user, method, `${endpoint.path(route)}?accountEmail=${encodeURIComponent(other)}`, body), 403, "forbidden");
    const message = await expectError(
      await as(user, method, `${endpoint.path(route)}?account_email=${encodeURIComponent(other)}`, body),
      400,
      "validation_error",
    );
    expect(message).toBe("account_email: unknown field");
    expect(await endpoint.state()).toEqual(endpoint.before);
  });
});

describe("unknown query parameters on writes", () => {
  // A write refuses any query parameter it does not list, as the reads do: a parameter a client meant to send,
  // misspelt or not, is never dropped in silence. The payment webhook is left out: Razorpay posts to the address set
  // in its dashboard, and a refusal would only have it retry the same post.
  const NOT_CHECKED = new Set(["post /billing/webhook"]);
  type Operation = { security?: Array<Record<string, string[]>>; requestBody?: { content: Record<string, unknown> } };

  async function writeOperations(): Promise<Array<[string, string, Operation]>> {
    const document = await (await fetchWorker(`${TAX}/api/v1/openapi.json`)).json<{ paths: Record<string, Record<string, Operation>> }>();
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ["post", "put", "patch", "delete"].includes(method) && !NOT_CHECKED.has(`${method} ${path}`))
        .map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]),
    );
  }

  it("every write of the served document answers ?unexpected=1 with 400 naming it", async () => {
    const operations = await writeOperations();
    // The public writes and the management writes, profiles and webhooks both.
    expect(operations.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(["POST /api/v1/profiles", "POST /api/v1/webhooks", "POST /admin/api/keys", "POST /admin/api/accounts"]),
    );
    const { key } = await createKey();
    const answered: string[] = [];
    for (const [method, route, operation] of operations) {
      const path = `${route.replaceAll(/\{(\w+)\}/g, (_, name: string) => `${name}_01jd3k9x2m4n5p6q7r8s9t0v1w`)}?unexpected=1`;
      const json = operation.requestBody?.content["application/json"] !== undefined;
      const body = operation.requestBody === undefined ? undefined : json ? "{}" : "any text";
      const headers = {
        Authorization: operation.security?.some((s) => "apiKey" in s) ? `Bearer ${key}` : `Bearer ${env.ADMIN_TOKEN}`,
        ...(body === undefined ? {} : { "Content-Type": json ? "application/json" : "text/plain" }),
      };
      const response = await fetchWorker(`${TAX}${path}`, { method, headers, body });
      answered.push(`${method} ${route}: ${response.status} ${await response.text()}`);
    }
    expect(
      answered.filter((answer) => !/: 400 \{"error":\{"code":"validation_error","message":"[^"]*unexpected: unknown field/.test(answer)),
    ).toEqual([]);
  });

  it("a refused POST /api/v1/profiles creates no profile", async () => {
    const { key } = await createKey({ scopes: ["profiles:read", "profiles:write"] });
    const profile = { age: 30, residentialStatus: "resident", salary: { grossSalary: 1_200_000 } };
    const init = { method: "POST", body: JSON.stringify({ label: "Salaried", profile, financialYear: "2025-26" }) };
    const message = await expectError(await api("/api/v1/profiles?lable=Salaried", key, init), 400, "validation_error");
    expect(message).toBe("lable: unknown field");
    expect((await expectStatus<{ data: unknown[] }>(await api("/api/v1/profiles", key), 200)).data).toEqual([]);
    // The same request without the parameter is a valid save.
    await expectStatus(await api("/api/v1/profiles", key, init), 201);
  });

  it("a refused POST /api/v1/webhooks keeps nothing of its Idempotency-Key: the corrected request with the same key creates the endpoint", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const idempotencyKey = crypto.randomUUID();
    const init = { method: "POST", headers: { "Idempotency-Key": idempotencyKey }, body: JSON.stringify({ url: receiver().url }) };
    const message = await expectError(await api("/api/v1/webhooks?unexpected=1", key, init), 400, "validation_error");
    expect(message).toBe("unexpected: unknown field");
    expect((await expectStatus<{ data: unknown[] }>(await api("/api/v1/webhooks", key), 200)).data).toEqual([]);

    const created = await api("/api/v1/webhooks", key, init);
    expect(created.headers.get("Idempotent-Replayed")).toBeNull();
    const { data: endpoint } = await expectStatus<{ data: { id: string } }>(created, 201);
    const list = await expectStatus<{ data: Array<{ id: string }> }>(await api("/api/v1/webhooks", key), 200);
    expect(list.data.map((e) => e.id)).toEqual([endpoint.id]);
  });
});
