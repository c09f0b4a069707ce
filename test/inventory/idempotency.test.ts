// Idempotency-Key on the back office's creating requests, counted in the rows and outbox events they write.
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/platform/crypto";
import { loseAnswer } from "../idempotency-records";
import { asSession, createOrg, expectError, expectStatus, INVENTORY, signIn } from "./helpers";

function postAsOperator(path: string, body: unknown, idempotencyKey: string) {
  return fetchWorker(operatorRequest(path, body, idempotencyKey));
}

function operatorRequest(path: string, body: unknown, idempotencyKey: string) {
  return new Request(`${INVENTORY}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
}

/** The same request to the Worker running with other secrets (`bindings` replaces the test env). */
function postWith(bindings: object, path: string, body: unknown, idempotencyKey: string): Promise<Response> {
  return fetchWorker(operatorRequest(path, body, idempotencyKey), undefined, bindings);
}

async function count(sql: string, orgId: string): Promise<number> {
  return (await env.DB.prepare(sql).bind(orgId).first<{ n: number }>())!.n;
}
const customers = (orgId: string) => count("SELECT COUNT(*) AS n FROM customers WHERE org_id = ?", orgId);
const customerEvents = (orgId: string) => count("SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND type = 'customer.created'", orgId);

describe("Idempotency-Key on back-office POSTs", () => {
  it("20 parallel identical customer creations: one customer and one event; the rest replay it or get 409", async () => {
    const orgId = await createOrg();
    const idem = crypto.randomUUID();
    const body = { name: "Sri Murugan Tex", contact: "+91 98430 12345" };
    const responses = await Promise.all(Array.from({ length: 20 }, () => postAsOperator(`/admin/api/orgs/${orgId}/customers`, body, idem)));
    const bodies = await Promise.all(responses.map((r) => r.json<{ data?: { id: string }; code?: string }>()));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(bodies.filter((b) => b.code).every((b) => b.code === "idempotency_key_in_use")).toBe(true);
    expect(new Set(bodies.filter((b) => b.data).map((b) => b.data!.id)).size).toBe(1);
    expect(await customers(orgId)).toBe(1);
    expect(await customerEvents(orgId)).toBe(1);

    const replay = await postAsOperator(`/admin/api/orgs/${orgId}/customers`, body, idem);
    expect((await expectStatus(replay, 201)).data.id).toBe(bodies.find((b) => b.data)!.data!.id);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    await expectError(await postAsOperator(`/admin/api/orgs/${orgId}/customers`, { ...body, name: "Other" }, idem), 422, "idempotency_key_reused");
    expect(await customers(orgId)).toBe(1);
  });

  it("an organisation admin's key is not the operator's: the same key and body act once for each", async () => {
    const orgId = await createOrg();
    const session = await signIn(orgId);
    const idem = crypto.randomUUID();
    const body = { name: "Kaveri Knits" };
    await expectStatus(await postAsOperator(`/admin/api/orgs/${orgId}/customers`, body, idem), 201);
    const asAdmin = await asSession(session, "POST", `/admin/api/orgs/${orgId}/customers`, body, { idempotencyKey: idem });
    expect(asAdmin.headers.get("Idempotent-Replayed")).toBeNull();
    await expectStatus(asAdmin, 201);
    expect(await customers(orgId)).toBe(2);
  });
});

describe("Idempotency-Key on a write whose answer was lost after it committed", () => {
  const expenses = (orgId: string) => count("SELECT COUNT(*) AS n FROM expenses WHERE org_id = ?", orgId);

  it.each([
    { what: "a customer", path: "customers", body: { name: "Sri Murugan Tex" }, rows: customers },
    { what: "an expense", path: "expenses", body: { category: "Freight", amount: "1850" }, rows: expenses },
  ])(
    "$what is not booked twice: a retry is 409 while the first may still be finishing, then 409 idempotency_answer_lost",
    async ({ path, body, rows }) => {
      const orgId = await createOrg();
      const idem = crypto.randomUUID();
      await expectStatus(await postAsOperator(`/admin/api/orgs/${orgId}/${path}`, body, idem), 201);

      await loseAnswer(env.DB, idem, 1);
      await expectError(await postAsOperator(`/admin/api/orgs/${orgId}/${path}`, body, idem), 409, "idempotency_key_in_use");
      // Past the 60 s a request may hold its key: a request that never wrote would be presumed dead and run again.
      await loseAnswer(env.DB, idem, 61);
      await expectError(await postAsOperator(`/admin/api/orgs/${orgId}/${path}`, body, idem), 409, "idempotency_answer_lost");
      expect(await rows(orgId)).toBe(1);

      // A new key is a new request.
      await expectStatus(await postAsOperator(`/admin/api/orgs/${orgId}/${path}`, body, crypto.randomUUID()), 201);
      expect(await rows(orgId)).toBe(2);
    },
  );
});

describe("Idempotency-Key on a webhook secret roll whose answer was lost after it committed", () => {
  it("the secret is not rolled twice: the retry is 409 idempotency_answer_lost and the first roll's overlap stands", async () => {
    const orgId = await createOrg();
    const base = `/admin/api/orgs/${orgId}/webhooks`;
    const webhook = (
      await expectStatus<{ data: { id: string } }>(
        await postAsOperator(base, { url: "https://hooks.example.com/inventory" }, crypto.randomUUID()),
        201,
      )
    ).data;
    const idem = crypto.randomUUID();
    const roll = () => postAsOperator(`${base}/${webhook.id}/roll-secret`, { overlap_hours: 24 }, idem);
    const rolled = (await expectStatus<{ data: { previous_secret_expires_at: string } }>(await roll(), 200)).data;
    await loseAnswer(env.DB, idem, 61);
    await expectError(await roll(), 409, "idempotency_answer_lost");
    const detail = await fetchWorker(new Request(`${INVENTORY}${base}/${webhook.id}`, { headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}` } }));
    const { data } = await expectStatus<{ data: { previous_secret_expires_at: string; changes: { action: string }[] } }>(detail, 200);
    expect(data.previous_secret_expires_at).toBe(rolled.previous_secret_expires_at);
    expect(data.changes.filter((change) => change.action === "secret_rolled")).toHaveLength(1);
  });
});

describe("Idempotency-Key on a request whose answer holds a secret: POST /admin/api/orgs/{id}/keys", () => {
  it("20 parallel identical requests issue one key; the replay shows the same key; nothing readable is stored", async () => {
    const orgId = await createOrg();
    const idem = crypto.randomUUID();
    const body = { name: "tally-sync", access: "read_only" };
    const responses = await Promise.all(Array.from({ length: 20 }, () => postAsOperator(`/admin/api/orgs/${orgId}/keys`, body, idem)));
    const bodies = await Promise.all(responses.map((r) => r.json<{ data?: { id: string; key: string }; code?: string }>()));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(bodies.filter((b) => b.code).every((b) => b.code === "idempotency_key_in_use")).toBe(true);
    const issued = bodies.find((b) => b.data)!.data!;
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?", orgId)).toBe(1);

    const replay = await postAsOperator(`/admin/api/orgs/${orgId}/keys`, body, idem);
    expect((await expectStatus<{ data: { id: string; key: string } }>(replay, 201)).data).toEqual(issued);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const stored = await env.DB.prepare("SELECT * FROM idempotency_keys WHERE key = ?")
      .bind(await sha256Hex(idem))
      .first();
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(issued.key);
  });

  it("a key whose answer was lost after it was issued is not issued twice: a retry after a minute is 409 idempotency_answer_lost", async () => {
    const orgId = await createOrg();
    const idem = crypto.randomUUID();
    const body = { name: "tally-sync", access: "read_only" };
    await expectStatus(await postAsOperator(`/admin/api/orgs/${orgId}/keys`, body, idem), 201);
    await loseAnswer(env.DB, idem, 61);
    await expectError(await postAsOperator(`/admin/api/orgs/${orgId}/keys`, body, idem), 409, "idempotency_answer_lost");
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?", orgId)).toBe(1);
  });

  it("during a SESSION_SECRET rotation (the old value in SESSION_SECRET_PREVIOUS), a retry of a key issued before it shows the same key", async () => {
    const orgId = await createOrg();
    const idem = crypto.randomUUID();
    const body = { name: "tally-sync", access: "read_only" };
    const path = `/admin/api/orgs/${orgId}/keys`;
    const issued = (await expectStatus<{ data: { key: string } }>(await postAsOperator(path, body, idem), 201)).data;
    const newSecret = "a-new-session-secret-0123456789abcdef";
    const replay = await postWith({ ...env, SESSION_SECRET: newSecret, SESSION_SECRET_PREVIOUS: env.SESSION_SECRET }, path, body, idem);
    expect((await expectStatus<{ data: { key: string } }>(replay, 201)).data.key).toBe(issued.key);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?", orgId)).toBe(1);

    // Once the previous value is removed, the answer kept under it can no longer be read: the key is not issued again.
    await expectError(await postWith({ ...env, SESSION_SECRET: newSecret }, path, body, idem), 409, "idempotency_answer_lost");
    expect(await count("SELECT COUNT(*) AS n FROM api_keys WHERE org_id = ?", orgId)).toBe(1);
  });
});
