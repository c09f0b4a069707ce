// Key revocation documents its body (a reason) as optional: it may be left out with or without a JSON
// Content-Type.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, it } from "vitest";
import { INVENTORY, createKey, createOrg, expectStatus } from "./helpers";

describe("optional request bodies", () => {
  // HTTP clients send a body-less POST either with no body at all or as zero bytes (Content-Length: 0).
  it.each([
    ["no Content-Type and no body", {}, undefined],
    ["a JSON Content-Type and no body", { "Content-Type": "application/json" }, undefined],
    ["no Content-Type and zero bytes", {}, new Uint8Array(0)],
    ["a JSON Content-Type and zero bytes", { "Content-Type": "application/json" }, new Uint8Array(0)],
  ])("key revocation with %s is 200", async (_, headers, body) => {
    const { id } = await createKey(await createOrg());
    const response = await fetchWorker(`${INVENTORY}/admin/api/keys/${id}/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...headers },
      body,
    });
    await expectStatus(response, 200);
  });
});
