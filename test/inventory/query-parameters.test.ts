// Integer query parameters are decimal digits only (a malformed one is 400 bad_request naming it), and an empty
// X-D1-Bookmark header is no bookmark.
import { describe, expect, it } from "vitest";
import { receiver } from "../webhook-receiver";
import { admin, api, createKey, createOrg, expectError, expectStatus } from "./helpers";

describe("integer query parameters", () => {
  it.each([["limit=0x10"], ["limit=1e1"], ["limit=%2B5"], ["limit="], ["offset=null"], ["offset=0x0"], ["offset=1e2"], ["limit=5.0"]])(
    "%s is 400 bad_request",
    async (query) => {
      const { key } = await createKey(await createOrg());
      for (const path of ["/api/v1/inventory", "/api/v1/sales"]) {
        const message = await expectError(await api(`${path}?${query}`, key), 400, "bad_request");
        expect(message, path).toContain(query.split("=")[0]);
      }
    },
  );

  it("decimal digits are read as the number they spell", async () => {
    const { key } = await createKey(await createOrg());
    const body = await expectStatus<{ data: unknown[]; has_more: boolean }>(await api("/api/v1/inventory?limit=0010&offset=000", key), 200);
    expect(body.has_more).toBe(false);
  });
});

describe("X-D1-Bookmark", () => {
  it("an empty header reads as no bookmark on every read", async () => {
    const { key } = await createKey(await createOrg());
    for (const path of [
      "/api/v1/inventory",
      "/api/v1/sales",
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
    ["/admin/api/orgs/{id}/keys", "ofset"],
    ["/admin/api/orgs/{id}/audit", "limt"],
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
