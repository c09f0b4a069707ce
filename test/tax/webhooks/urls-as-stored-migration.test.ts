// Migration 0021_webhook_urls_as_stored on endpoints registered before the URL rules dropped a fragment and an empty
// query: their URLs take the stored spelling, so registering the same receiver again is 409 (one endpoint per URL).
// Its own file: the migration updates the whole table.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CreatedWebhookEndpointSchema } from "../../../src/tax/webhooks/schemas";
import { api, createKey, expectError, expectStatus } from "../helpers";

const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0021_webhook_urls_as_stored"))!.queries;
const register = (key: string, url: string) => api("/api/v1/webhooks", key, { method: "POST", body: JSON.stringify({ url }) });

describe("migration 0021_webhook_urls_as_stored", () => {
  it("drops a stored URL's fragment and empty query, so the receiver's URL is held again", async () => {
    const { key } = await createKey({ scopes: ["webhooks:manage"] });
    const stored: Array<[string, string]> = [
      ["https://hooks.example.com/a#again", "https://hooks.example.com/a"],
      ["https://hooks.example.com/b?", "https://hooks.example.com/b"],
      ["https://hooks.example.com/c?#x", "https://hooks.example.com/c"],
      ["https://hooks.example.com/d?x=1", "https://hooks.example.com/d?x=1"],
    ];
    const ids: string[] = [];
    for (const [old, now] of stored) {
      const endpoint = CreatedWebhookEndpointSchema.parse((await expectStatus(await register(key, now), 201)).data);
      // As the version before stored that spelling.
      await env.DB.prepare("UPDATE webhook_endpoints SET url = ? WHERE id = ?").bind(old, endpoint.id).run();
      ids.push(endpoint.id);
    }
    for (const query of migration) await env.DB.prepare(query).run();
    for (const [index, [, now]] of stored.entries()) {
      expect((await env.DB.prepare("SELECT url FROM webhook_endpoints WHERE id = ?").bind(ids[index]).first<{ url: string }>())!.url).toBe(now);
      expect(await expectError(await register(key, now), 409, "conflict")).toBe(
        `url: webhook endpoint ${ids[index]} already has this URL; change or delete that endpoint instead`,
      );
    }
  });
});
