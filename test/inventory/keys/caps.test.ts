// At most 100 active keys per organisation, and at most 100 rotated keys in their grace, held under concurrency;
// the list pages through every key.
import { env } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { describe, expect, it } from "vitest";
import { declaresError } from "../../openapi-rules";
import { admin, api, createOrg, expectError, expectStatus, INVENTORY } from "../helpers";

function create(orgId: string) {
  return admin("POST", `/admin/api/orgs/${orgId}/keys`, { access: "read_only" });
}

/** The OpenAPI document the service serves, which client generators read. */
async function served(): Promise<Parameters<typeof declaresError>[0]> {
  return (await fetchWorker(`${INVENTORY}/api/v1/openapi.json`)).json();
}

async function activeKeys(orgId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE org_id = ? AND revoked_at IS NULL AND replaced_by_key_id IS NULL")
    .bind(orgId)
    .first<{ n: number }>();
  return row!.n;
}

describe("key cap per organisation", () => {
  it("110 concurrent creates give exactly 100 keys and 10 × 409 key_limit_reached (which key creation declares), with one audit row per key", async () => {
    const orgId = await createOrg();
    const responses = await Promise.all(Array.from({ length: 110 }, () => create(orgId)));
    const results = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as any })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(100);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(10);
    expect(refused.every((r) => r.body.code === "key_limit_reached")).toBe(true);
    expect(declaresError(await served(), "post", "/admin/api/orgs/{id}/keys", 409, "key_limit_reached")).toBe(true);
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

describe("rotated keys in their grace per organisation", () => {
  it("rotations keep at most 100 old keys working: 100 concurrent rotations pass, the next one is a declared 409 and changes nothing", async () => {
    // A rotation's replacement can be rotated at once, so without a bound a chain of rotations would keep any
    // number of superseded keys working through their grace beside the 100 active ones.
    const orgId = await createOrg();
    const created = await Promise.all(
      Array.from({ length: 100 }, async () => (await expectStatus<{ data: { id: string } }>(await create(orgId), 201)).data.id),
    );
    const rotations = await Promise.all(created.map((id) => admin("POST", `/admin/api/keys/${id}/rotate`, { grace_hours: 24 })));
    const replacements = await Promise.all(rotations.map(async (r) => (await expectStatus<{ data: { id: string; key: string } }>(r, 201)).data));

    const refused = await admin("POST", `/admin/api/keys/${replacements[0]!.id}/rotate`, { grace_hours: 72 });
    expect(await expectError(refused, 409, "key_limit_reached")).toContain("100");
    expect(declaresError(await served(), "post", "/admin/api/keys/{id}/rotate", 409, "key_limit_reached")).toBe(true);
    // The refused rotation left the key as it was: active, unreplaced, answering without the superseded header.
    const row = await env.DB.prepare("SELECT superseded_at, replaced_by_key_id, revoked_at FROM api_keys WHERE id = ?")
      .bind(replacements[0]!.id)
      .first();
    expect(row).toEqual({ superseded_at: null, replaced_by_key_id: null, revoked_at: null });
    const answer = await api("/api/v1/inventory", replacements[0]!.key);
    await expectStatus(answer, 200);
    expect(answer.headers.get("X-Service-Key-Superseded")).toBeNull();

    // Revoking a key in its grace frees one place, and only one; regenerating never needs one (the old key dies).
    await expectStatus(await admin("POST", `/admin/api/keys/${created[0]}/revoke`, {}), 200);
    await expectStatus(await admin("POST", `/admin/api/keys/${replacements[0]!.id}/rotate`, { grace_hours: 24 }), 201);
    await expectError(await admin("POST", `/admin/api/keys/${replacements[1]!.id}/rotate`, { grace_hours: 24 }), 409, "key_limit_reached");
    await expectStatus(await admin("POST", `/admin/api/keys/${replacements[1]!.id}/regenerate`), 201);
  }, 180_000);
});
