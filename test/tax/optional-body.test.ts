// Key rotation documents its body as optional: it may be left out with or without a JSON Content-Type.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { TAX, createKey, expectStatus } from "./helpers";

describe("optional request bodies", () => {
  it.each([
    ["no Content-Type", {}],
    ["a JSON Content-Type", { "Content-Type": "application/json" }],
  ])("key rotation with %s and no body is 201", async (_, headers) => {
    const { id } = await createKey({ scopes: ["deadlines:read"] });
    const response = await fetchWorker(`${TAX}/admin/api/keys/${id}/rotate`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...headers },
    });
    const body = await expectStatus<{ data: { replaces: string } }>(response, 201);
    expect(body.data.replaces).toBe(id);
  });
});

// An operation that takes no body (a webhook endpoint's test send here) refuses one that is not JSON (415) or holds
// fields (400), and sends nothing.
describe("operations that take no body", () => {
  it.each([
    ["a CSV body", { "Content-Type": "text/csv" }, "a,b\n1,2", 415],
    ["a JSON body with a field", { "Content-Type": "application/json" }, '{"event":"profile.saved"}', 400],
  ])("a test send with %s is refused and sends nothing", async (_name, headers, body, status) => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const created = await expectStatus<{ data: { id: string } }>(
      await fetchWorker(`${TAX}/api/v1/webhooks`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ url: "https://receiver.example.com/hooks" }),
      }),
      201,
    );
    const response = await fetchWorker(`${TAX}/api/v1/webhooks/${created.data.id}/test`, {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, ...headers },
      body,
    });
    expect(response.status).toBe(status);
    await response.arrayBuffer();
    const deliveries = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?")
      .bind(created.data.id)
      .first<{ n: number }>();
    expect(deliveries?.n).toBe(0);
  });
});
