// Migration 0031_webhook_urls_as_stored on endpoints registered before the URL rules dropped a fragment and an empty
// query: their URLs take the stored spelling, so registering the same receiver again is 409 (one endpoint per URL).
// Its own file: the migration updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, createOrg, expectError, expectStatus } from "../helpers";

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0031_webhook_urls_as_stored"))!.queries;

describe("migration 0031_webhook_urls_as_stored", () => {
  it("drops a stored URL's fragment and empty query, so the receiver's URL is held again", async () => {
    const orgId = await createOrg();
    const register = (url: string) => admin("POST", `/admin/api/orgs/${orgId}/webhooks`, { url });
    const endpoint = await expectStatus<{ data: { id: string } }>(await register("https://hooks.example.com/inv"), 201);
    await env.DB.prepare("UPDATE webhook_endpoints SET url = ? WHERE id = ?").bind("https://hooks.example.com/inv?#again", endpoint.data.id).run();
    for (const query of migration) await env.DB.prepare(query).run();
    expect(await expectError(await register("https://hooks.example.com/inv"), 409, "conflict")).toBe(
      `url: webhook endpoint ${endpoint.data.id} already has this URL; change or delete that endpoint instead`,
    );
  });
});
