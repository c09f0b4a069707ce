// Key revocation documents its body (a reason) as optional: it may be left out with or without a JSON
// Content-Type.
import { env, SELF } from "cloudflare:test";
import { describe, it } from "vitest";
import { INVENTORY, createKey, createOrg, expectStatus } from "./helpers";

describe("optional request bodies", () => {
  it.each([
    ["no Content-Type", {}],
    ["a JSON Content-Type", { "Content-Type": "application/json" }],
  ])("key revocation with %s and no body is 200", async (_, headers) => {
    const { id } = await createKey(await createOrg());
    const response = await SELF.fetch(`${INVENTORY}/admin/api/keys/${id}/revoke`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, ...headers },
    });
    await expectStatus(response, 200);
  });
});
