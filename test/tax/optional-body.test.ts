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
