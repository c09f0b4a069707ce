// At most 100 active keys per organisation, held under concurrency; the list pages through every key.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, createOrg, expectError, expectStatus } from "../helpers";

function create(orgId: string) {
  return admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" });
}

async function activeKeys(orgId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE org_id = ? AND revoked_at IS NULL AND replaced_by_key_id IS NULL")
    .bind(orgId)
    .first<{ n: number }>();
  return row!.n;
}

describe("key cap per organisation", () => {
  it("110 concurrent creates give exactly 100 keys and 10 × 409 key_limit_reached, with one audit row per key", async () => {
    const orgId = await createOrg();
    const responses = await Promise.all(Array.from({ length: 110 }, () => create(orgId)));
    const results = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as any })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(100);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r.body.code === "key_limit_reached")).toBe(true);
    expect(await activeKeys(orgId)).toBe(100);
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE org_id = ? AND action = 'key.created'")
      .bind(orgId)
      .first<{ n: number }>();
    expect(audit?.n).toBe(100);

    // A revocation frees one place, and only one.
    const created = results.find((r) => r.status === 201)!.body.data.id as string;
    await expectStatus(await admin("POST", `/admin/api/keys/${created}/revoke`, {}), 200);
    await expectStatus(await create(orgId), 201);
    await expectError(await create(orgId), 409, "key_limit_reached");

    // All 101 keys ever created are reachable through the paged list.
    const seen = new Set<string>();
    let offset: number | null = 0;
    while (offset !== null) {
      const page: { data: Array<{ id: string }>; has_more: boolean; next_offset: number | null } = await expectStatus(
        await admin("GET", `/admin/api/orgs/${orgId}/keys?limit=50&offset=${offset}`),
        200,
      );
      for (const key of page.data) seen.add(key.id);
      offset = page.next_offset;
    }
    expect(seen.size).toBe(101);
  }, 120_000);
});
