// Integer query parameters are decimal digits only (a malformed one is 400 bad_request naming it), and an empty
// X-D1-Bookmark header is no bookmark.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { receiver } from "../webhook-receiver";
import { admin, api, createKey, createOrg, expectError, expectStatus, INVENTORY } from "./helpers";

describe("integer query parameters", () => {
  it.each([["limit=0x10"], ["limit=1e1"], ["limit=%2B5"], ["limit="], ["offset=null"], ["offset=0x0"], ["offset=1e2"], ["limit=5.0"], ["offset=-0"]])(
    "%s is 400 bad_request",
    async (query) => {
      const { key } = await createKey(await createOrg());
      for (const path of ["/api/v1/inventory", "/api/v1/sales"]) {
        const message = await expectError(await api(`${path}?${query}`, key), 400, "bad_request");
        expect(message, path).toContain(query.split("=")[0]);
      }
    },
  );

  it.each([["limit=5&limit=6"], ["limit=5&limit=5"], ["offset=0&offset=10"]])("%s is 400 bad_request saying to give it once", async (query) => {
    const { key } = await createKey(await createOrg());
    const name = query.split("=")[0];
    for (const path of ["/api/v1/inventory", "/api/v1/sales"]) {
      const message = await expectError(await api(`${path}?${query}`, key), 400, "bad_request");
      expect(message, path).toBe(`${name}: must be given once, not repeated`);
    }
    const message = await expectError(await api(`/api/v1/sales?from=2026-11-01&from=2026-11-02`, key), 400, "bad_request");
    expect(message).toBe("from: must be given once, not repeated");
  });

  it("decimal digits are read as the number they spell", async () => {
    const { key } = await createKey(await createOrg());
    const body = await expectStatus<{ data: unknown[]; has_more: boolean }>(await api("/api/v1/inventory?limit=0010&offset=000", key), 200);
    expect(body.has_more).toBe(false);
  });
});

describe("a parameter without a name", () => {
  // `?=5` names no parameter; URL parsers drop it before any route reads the query, so it is refused up front.
  it.each([["/api/v1/sales?=5"], ["/api/v1/inventory?=TPR-1"], ["/api/v1/export/customers?=true"]])("%s is 400 bad_request", async (path) => {
    const { key } = await createKey(await createOrg());
    const message = await expectError(await api(path, key), 400, "bad_request");
    expect(message).toMatch(/^query: a parameter has no name \(=[^)]*\); send only the parameters the route documents$/);
  });
});

describe("X-D1-Bookmark", () => {
  it("an empty header reads as no bookmark on every read", async () => {
    const { key } = await createKey(await createOrg());
    for (const path of [
      "/api/v1/inventory",
      "/api/v1/sales",
      "/api/v1/gst-summary",
      "/api/v1/export/customers",
      "/api/v1/export/expenses",
      "/api/v1/export/mill-payments",
    ]) {
      const response = await api(path, key, { headers: { "X-D1-Bookmark": "" } });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  });
});

describe("unknown query parameters on management routes", () => {
  // As on the /api/v1 reads: a misspelt parameter left unread would answer for its default (the first page, every
  // delivery) instead of what was asked.
  it.each([
    ["/admin/api/orgs", "ofset"],
    ["/admin/api/orgs/{id}/keys", "ofset"],
    ["/admin/api/orgs/{id}/audit", "limt"],
    ["/admin/api/orgs/{id}/admins", "ofset"],
    ["/admin/api/orgs/{id}/webhooks/{webhookId}/deliveries", "eventType"],
  ])("GET %s?%s=… is 400 bad_request naming the parameter", async (route, name) => {
    const orgId = await createOrg();
    const { data: endpoint } = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url }), 201);
    const path = `${route.replace("{id}", orgId).replace("{webhookId}", endpoint.id)}?limit=5`;
    await expectStatus(await admin("GET", path), 200);
    const message = await expectError(await admin("GET", `${path}&${name}=1`), 400, "bad_request");
    expect(message).toBe(`${name}: unknown field`);
  });
});

describe("unknown query parameters on reads that take none", () => {
  // A read without parameters refuses any, as the others refuse the ones they do not list: `limit=5` on the webhook
  // list would otherwise seem to page it, `status=` to filter it.
  it.each([
    ["/admin/api/orgs/{id}", "expand"],
    ["/admin/api/orgs/{id}/webhooks", "limit"],
    ["/admin/api/orgs/{id}/webhooks/{webhookId}", "status"],
    ["/admin/api/orgs/{id}/annual-returns", "offset"],
  ])("GET %s?%s=… is 400 bad_request naming the parameter", async (route, name) => {
    const orgId = await createOrg();
    const { data: endpoint } = await expectStatus(await admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url: receiver().url }), 201);
    const path = route.replace("{id}", orgId).replace("{webhookId}", endpoint.id);
    await expectStatus(await admin("GET", path), 200);
    const message = await expectError(await admin("GET", `${path}?${name}=1`), 400, "bad_request");
    expect(message).toBe(`${name}: unknown field`);
  });

  it("GET /api/v1/sales/{id}?include=items is 400 bad_request naming the parameter", async () => {
    const { key } = await createKey(await createOrg());
    const message = await expectError(await api("/api/v1/sales/sale_01jd3k9x2m4n5p6q7r8s9t0v1w?include=items", key), 400, "bad_request");
    expect(message).toBe("include: unknown field");
  });
});

describe("unknown query parameters on writes", () => {
  // A write refuses any query parameter, as the reads refuse the ones they do not list: a parameter a client meant
  // to send, misspelt or not, is never dropped in silence.
  type Operation = { requestBody?: unknown };

  it("every write of the served document answers ?unexpected=1 with 400 naming it", async () => {
    const document = await (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json<{ paths: Record<string, Record<string, Operation>> }>();
    const operations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item)
        .filter(([method]) => ["post", "put", "patch", "delete"].includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), route, operation })),
    );
    expect(operations.map(({ method, route }) => `${method} ${route}`)).toEqual(
      expect.arrayContaining(["POST /admin/api/orgs", "POST /admin/api/orgs/{id}/sales", "POST /admin/api/keys/{id}/rotate"]),
    );
    const orgId = await createOrg();
    const answered: string[] = [];
    for (const { method, route, operation } of operations) {
      // An organisation that exists, so the call is not refused for naming none; any other id is well formed.
      const path = route
        .replace(/^\/admin\/api\/orgs\/\{id\}/, `/admin/api/orgs/${orgId}`)
        .replaceAll(/\{(\w+)\}/g, (_, name: string) => `${name.toLowerCase().slice(0, 4)}_01jd3k9x2m4n5p6q7r8s9t0v1w`);
      const response = await admin(method, `${path}?unexpected=1`, operation.requestBody === undefined ? undefined : {});
      answered.push(`${method} ${route}: ${response.status} ${await response.text()}`);
    }
    expect(answered.filter((answer) => !/: 400 \{"error":"[^"]*unexpected: unknown field[^"]*","code":"bad_request"\}$/.test(answer))).toEqual([]);
  });

  it("a refused POST /admin/api/orgs/{id}/customers creates nothing and keeps nothing of its Idempotency-Key", async () => {
    const orgId = await createOrg();
    const request = (query: string) =>
      fetchWorker(`${INVENTORY}/admin/api/orgs/${orgId}/customers${query}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify({ name: "Sri Murugan Tex", contact: "+91 98430 12345" }),
      });
    const idempotencyKey = crypto.randomUUID();
    const { key } = await createKey(orgId);
    const customers = async () => (await expectStatus<{ data: unknown[] }>(await api("/api/v1/customers", key), 200)).data;

    expect(await expectError(await request("?unexpected=1"), 400, "bad_request")).toBe("unexpected: unknown field");
    expect(await customers()).toEqual([]);

    // The corrected request, with the same key, is a first request: it creates the customer, not a replay or a 422.
    const created = await request("");
    expect(created.headers.get("Idempotent-Replayed")).toBeNull();
    const { data: customer } = await expectStatus<{ data: { id: string } }>(created, 201);
    expect(await customers()).toEqual([expect.objectContaining({ id: customer.id })]);
  });
});
