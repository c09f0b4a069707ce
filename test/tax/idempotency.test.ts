// Idempotency-Key on POST /api/v1/profiles: Stripe's semantics, counted by the `profile.saved` events each
// save writes (one event = one effect).
import { env } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { describe, expect, it } from "vitest";
import { sha256Hex, unseal } from "../../src/platform/crypto";
import worker from "../../src/tax/worker";
import { loseAnswer } from "../idempotency-records";
import { api, createAccount, createKey, expectError, expectStatus, TAX } from "./helpers";

const profile = { age: 30, residentialStatus: "resident", houseProperties: [], deductions: {}, taxesPaid: 0 };

function save(key: string, label: string, idempotencyKey?: string, extra: Record<string, unknown> = {}) {
  return api("/api/v1/profiles", key, {
    method: "POST",
    body: JSON.stringify({ label, profile: { ...profile, ...extra }, financialYear: "2025-26" }),
    headers: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
  });
}

async function savedEvents(ownerEmail: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM events WHERE type = 'profile.saved' AND owner_id = (SELECT id FROM accounts WHERE email = ?)",
  )
    .bind(ownerEmail)
    .first<{ n: number }>();
  return row!.n;
}

describe("Idempotency-Key on POST /api/v1/profiles", () => {
  it("a retry with the same key and body replays the first response (status, body, headers) without a second save", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    const first = await save(key.key, "rent", idem);
    const firstBody = await expectStatus(first, 201);
    const replay = await save(key.key, "rent", idem);
    const replayBody = await expectStatus(replay, 201);
    expect(replayBody).toEqual(firstBody);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    // The replay is a new answer with its own request id and current rate-limit state.
    expect(replay.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(replay.headers.get("X-RateLimit-Remaining")).toBe("28");
    expect(await savedEvents(key.email)).toBe(1);
    // Without the header each request acts: the next save, of other inputs, is a 200 replacement.
    await expectStatus(await save(key.key, "rent", undefined, { taxesPaid: 5 }), 200);
    expect(await savedEvents(key.email)).toBe(2);
  });

  it("a replayed error names the replay's own request id, in its body as in X-Request-Id", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    const send = () => api("/api/v1/webhooks/whk_00000000000000000000000000/test", key.key, { method: "POST", headers: { "Idempotency-Key": idem } });
    const first = await send();
    // expectError checks that the body's requestId is the answer's X-Request-Id.
    const message = await expectError(first, 404, "not_found");
    const replay = await send();
    expect(await expectError(replay, 404, "not_found")).toBe(message);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
  });

  it("the same key with another body is 422 idempotency_key_reused and changes nothing", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    await expectStatus(await save(key.key, "rent", idem), 201);
    await expectError(await save(key.key, "rent", idem, { taxesPaid: 5 }), 422, "idempotency_key_reused");
    await expectError(await save(key.key, "other", idem), 422, "idempotency_key_reused");
    expect(await savedEvents(key.email)).toBe(1);
  });

  it("a retry's JSON may differ in whitespace but not in the order of its members", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    const send = (body: string) => api("/api/v1/profiles", key.key, { method: "POST", body, headers: { "Idempotency-Key": idem } });
    const request = { label: "spaced", profile, financialYear: "2025-26" };
    await expectStatus(await send(JSON.stringify(request)), 201);
    const spaced = await send(JSON.stringify(request, null, 2));
    await expectStatus(spaced, 201);
    expect(spaced.headers.get("Idempotent-Replayed")).toBe("true");
    const reordered = { financialYear: "2025-26", label: "spaced", profile };
    await expectError(await send(JSON.stringify(reordered)), 422, "idempotency_key_reused");
    expect(await savedEvents(key.email)).toBe(1);
  });

  it("20 parallel identical requests: one save; the rest replay it or get 409 idempotency_key_in_use", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => save(key.key, "burst", idem)));
    const bodies = await Promise.all(responses.map((r) => r.json<{ data?: { id: string }; error?: { code: string } }>()));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(new Set(bodies.filter((b) => b.data).map((b) => b.data!.id)).size).toBe(1);
    expect(bodies.filter((b) => b.error).every((b) => b.error!.code === "idempotency_key_in_use")).toBe(true);
    expect(responses.filter((r) => r.status === 201 && r.headers.get("Idempotent-Replayed") !== "true")).toHaveLength(1);
    expect(await savedEvents(key.email)).toBe(1);
  });

  it("keys belong to the caller: another account's identical request with the same key acts on its own", async () => {
    const a = await createKey();
    const b = await createKey();
    const idem = crypto.randomUUID();
    const first = await expectStatus(await save(a.key, "shared", idem), 201);
    const second = await save(b.key, "shared", idem);
    const secondBody = await expectStatus(second, 201);
    expect(second.headers.get("Idempotent-Replayed")).toBeNull();
    expect(secondBody.data.id).not.toBe(first.data.id);
    expect(await savedEvents(a.email)).toBe(1);
    expect(await savedEvents(b.email)).toBe(1);
  });

  it("a request refused before it ran keeps nothing, so the corrected retry with the same key acts", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    await expectError(await save(key.key, "", idem), 400, "validation_error");
    await expectStatus(await save(key.key, "fixed", idem), 201);
    expect(await savedEvents(key.email)).toBe(1);
  });

  it.each([
    ["empty", ""],
    ["too long", "k".repeat(256)],
    ["a space", "has space"],
  ])("an Idempotency-Key that is %s is a 400 and saves nothing", async (_, idem) => {
    const key = await createKey();
    const message = await expectError(await save(key.key, "rent", idem), 400, "validation_error");
    expect(message).toBe("Idempotency-Key: must be 1 to 255 printable ASCII characters, without spaces");
    expect(await savedEvents(key.email)).toBe(0);
  });

  it("a key older than 24 hours is forgotten: the request acts again", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    await expectStatus(await save(key.key, "rent", idem), 201);
    // Meanwhile the profile was changed, so saving the first request's inputs again is a change.
    await expectStatus(await save(key.key, "rent", undefined, { taxesPaid: 5 }), 200);
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = created_at - ? WHERE key = ?")
      .bind(24 * 3_600_000 + 1, await sha256Hex(idem))
      .run();
    const again = await save(key.key, "rent", idem);
    const body = await expectStatus(again, 200);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await savedEvents(key.email)).toBe(3);
    const stored = await expectStatus(await api(`/api/v1/profiles/${body.data.id}`, key.key), 200);
    expect(stored.data.profile.taxesPaid).toBe(0);
  });

  it("a save of what is stored already, with a new key: 200 without an event, and a retry replays that answer", async () => {
    const key = await createKey();
    const created = await expectStatus(await save(key.key, "rent"), 201);
    const idem = crypto.randomUUID();
    const unchanged = await expectStatus(await save(key.key, "rent", idem), 200);
    expect(unchanged).toEqual(created);
    const replay = await save(key.key, "rent", idem);
    expect(await expectStatus(replay, 200)).toEqual(unchanged);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    await expectError(await save(key.key, "rent", idem, { taxesPaid: 5 }), 422, "idempotency_key_reused");
    expect(await savedEvents(key.email)).toBe(1);
  });

  it("the cron prunes records older than 24 hours and keeps newer ones", async () => {
    const key = await createKey();
    const [old, fresh] = [crypto.randomUUID(), crypto.randomUUID()];
    await expectStatus(await save(key.key, "old", old), 201);
    await expectStatus(await save(key.key, "fresh", fresh), 201);
    const [oldHash, freshHash] = [await sha256Hex(old), await sha256Hex(fresh)];
    await env.DB.prepare("UPDATE idempotency_keys SET created_at = created_at - ? WHERE key = ?")
      .bind(24 * 3_600_000 + 1, oldHash)
      .run();
    const controller = { cron: "*/10 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController;
    await worker.scheduled(controller, env as never);
    const left = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE key IN (?, ?)").bind(oldHash, freshHash).all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual([freshHash]);
  });
});

describe("Idempotency-Key on a request whose answer holds a secret: POST /api/v1/webhooks", () => {
  function register(key: string, idempotencyKey: string) {
    return api("/api/v1/webhooks", key, {
      method: "POST",
      body: JSON.stringify({ url: "https://hooks.example.com/tax" }),
      headers: { "Idempotency-Key": idempotencyKey },
    });
  }

  it("20 parallel identical requests register one endpoint; the replay shows the same secret; the stored record holds neither key nor secret", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => register(key.key, idem)));
    const bodies = await Promise.all(responses.map((r) => r.json<{ data?: { id: string; secret: string }; error?: { code: string } }>()));
    expect(responses.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(bodies.filter((b) => b.error).every((b) => b.error!.code === "idempotency_key_in_use")).toBe(true);
    const created = bodies.find((b) => b.data)!.data!;
    const listed = await expectStatus<{ data: unknown[] }>(await api("/api/v1/webhooks", key.key), 200);
    expect(listed.data).toHaveLength(1);

    const replay = await register(key.key, idem);
    expect((await expectStatus<{ data: { id: string; secret: string } }>(replay, 201)).data).toEqual(created);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");

    // The record is found by the key's hash only, and its kept answer is sealed: no secret, no id in clear.
    expect(await env.DB.prepare("SELECT key FROM idempotency_keys WHERE key = ?").bind(idem).first()).toBeNull();
    const stored = await env.DB.prepare("SELECT * FROM idempotency_keys WHERE key = ?")
      .bind(await sha256Hex(idem))
      .first();
    expect(stored).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    expect(JSON.stringify(stored)).not.toContain(created.id);
  });

  it("an endpoint whose answer was lost after it was registered is not registered twice: a retry after a minute is 409 idempotency_answer_lost", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    await expectStatus(await register(key.key, idem), 201);
    await loseAnswer(env.DB, idem, 61);
    await expectError(await register(key.key, idem), 409, "idempotency_answer_lost");
    expect((await expectStatus<{ data: unknown[] }>(await api("/api/v1/webhooks", key.key), 200)).data).toHaveLength(1);
  });

  it("a secret roll whose answer was lost is not made twice: the retry is 409 idempotency_answer_lost and the first roll's overlap stands", async () => {
    const key = await createKey();
    const endpoint = (await expectStatus<{ data: { id: string } }>(await register(key.key, crypto.randomUUID()), 201)).data;
    const idem = crypto.randomUUID();
    const roll = () =>
      api(`/api/v1/webhooks/${endpoint.id}/roll-secret`, key.key, {
        method: "POST",
        body: JSON.stringify({ overlapHours: 24 }),
        headers: { "Idempotency-Key": idem },
      });
    const rolled = (await expectStatus<{ data: { previousSecretExpiresAt: string } }>(await roll(), 200)).data;
    await loseAnswer(env.DB, idem, 61);
    await expectError(await roll(), 409, "idempotency_answer_lost");
    // A second roll would have ended the first secret's overlap at once: the receiver, which knows only that one, would fail every delivery.
    const detail = (
      await expectStatus<{ data: { previousSecretExpiresAt: string; changes: { action: string }[] } }>(
        await api(`/api/v1/webhooks/${endpoint.id}`, key.key),
        200,
      )
    ).data;
    expect(detail.previousSecretExpiresAt).toBe(rolled.previousSecretExpiresAt);
    expect(detail.changes.filter((change) => change.action === "secret_rolled")).toHaveLength(1);
  });
});

describe("Idempotency-Key on an API key whose answer was lost after it was issued", () => {
  it("the key is not issued twice: a retry after a minute is 409 idempotency_answer_lost", async () => {
    const email = await createAccount();
    const idem = crypto.randomUUID();
    const issue = () =>
      fetchWorker(`${TAX}/admin/api/keys`, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idem },
        body: JSON.stringify({ accountEmail: email, scopes: ["deadlines:read"] }),
      });
    await expectStatus(await issue(), 201);
    await loseAnswer(env.DB, idem, 61);
    await expectError(await issue(), 409, "idempotency_answer_lost");
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE account_id = (SELECT id FROM accounts WHERE email = ?)")
      .bind(email)
      .first<{ n: number }>();
    expect(keys!.n).toBe(1);
  });
});

describe("Idempotency-Key on a profile save whose answer was lost after it was saved", () => {
  it("the save is not made again (one profile.saved event): a retry after a minute is 409 idempotency_answer_lost", async () => {
    const key = await createKey();
    const idem = crypto.randomUUID();
    await expectStatus(await save(key.key, "Salary FY 2025-26", idem), 201);
    await loseAnswer(env.DB, idem, 61);
    await expectError(await save(key.key, "Salary FY 2025-26", idem), 409, "idempotency_answer_lost");
    expect(await savedEvents(key.email)).toBe(1);
  });
});

describe("Idempotency-Key answers kept with a secret: a database copy does not open them", () => {
  const issueRequest = (email: string, idem: string) =>
    new Request(`${TAX}/admin/api/keys`, {
      method: "POST",
      headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json", "Idempotency-Key": idem },
      body: JSON.stringify({ accountEmail: email, scopes: ["deadlines:read"] }),
    });
  const issue = (email: string, idem: string) => fetchWorker(issueRequest(email, idem));

  it("a new API key kept under a guessable Idempotency-Key cannot be read from the stored record with that key and the caller", async () => {
    const email = await createAccount();
    // Operator tooling that derives its keys from what it does: anyone holding a copy of the database can guess it.
    const idem = `create-key:${email}`;
    const issued = await expectStatus<{ data: { key: string } }>(await issue(email, idem), 201);
    const record = await env.DB.prepare("SELECT scope, body FROM idempotency_keys WHERE key = ?")
      .bind(await sha256Hex(idem))
      .first<{ scope: string; body: string }>();
    expect(record!.scope).toBe("operator");
    // Everything a database copy and the guess give is not enough to open the answer holding the key.
    await expect(unseal(idem, record!.scope, "idempotency-response-v1", record!.body)).rejects.toThrow();
    // The caller that sends the key still gets its answer back.
    const replay = await issue(email, idem);
    expect((await expectStatus<{ data: { key: string } }>(replay, 201)).data.key).toBe(issued.data.key);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("during a SESSION_SECRET rotation (the old value in SESSION_SECRET_PREVIOUS), a retry of a request answered before it replays the kept answer", async () => {
    const email = await createAccount();
    const idem = crypto.randomUUID();
    const issued = await expectStatus<{ data: { key: string } }>(await issue(email, idem), 201);
    const rotating = { ...env, SESSION_SECRET: "a-new-session-secret-0123456789abcdef", SESSION_SECRET_PREVIOUS: env.SESSION_SECRET };
    const retry = await fetchWorker(issueRequest(email, idem), undefined, rotating);
    expect((await expectStatus<{ data: { key: string } }>(retry, 201)).data.key).toBe(issued.data.key);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE account_id = (SELECT id FROM accounts WHERE email = ?)")
      .bind(email)
      .first<{ n: number }>();
    expect(keys!.n).toBe(1);
  });

  it("after SESSION_SECRET is rotated, a retry of a request answered before is 409 idempotency_answer_lost and acts on nothing", async () => {
    const email = await createAccount();
    const idem = crypto.randomUUID();
    await expectStatus(await issue(email, idem), 201);
    const rotated = { ...env, SESSION_SECRET: "a-new-session-secret-0123456789abcdef" };
    const retry = await fetchWorker(issueRequest(email, idem), undefined, rotated);
    await expectError(retry, 409, "idempotency_answer_lost");
    const keys = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE account_id = (SELECT id FROM accounts WHERE email = ?)")
      .bind(email)
      .first<{ n: number }>();
    expect(keys!.n).toBe(1);
  });
});
