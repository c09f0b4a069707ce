// Faults on the service side. A D1 error in the middle of a write (a trigger that aborts the second statement
// of a batch, a table that is gone) is a 500 internal_error that says nothing about the database, and the
// batch leaves nothing half-written. A key guard (Durable Object) whose state is broken refuses or fails,
// and is never read as "allowed".
import { env, runInDurableObject } from "cloudflare:test";
import { fetchWorker } from "../worker-under-test";
import { afterEach, describe, expect, it } from "vitest";
import { hashApiKey } from "../../src/platform/keys/format";
import { captureConsole, checkEnvelope, dbSnapshot } from "../reliability/kit";
import { createKey, expectStatus, TAX } from "./helpers";

const PROFILE = { age: 34, residentialStatus: "resident", salary: { grossSalary: 1_200_000 }, taxesPaid: 0 };

function request(path: string, key: string, init: RequestInit = {}): Promise<Response> {
  return fetchWorker(`${TAX}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${key}`, ...(init.body ? { "Content-Type": "application/json" } : {}) },
  });
}

async function expectInternalError(response: Response): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(500);
  checkEnvelope(response, text, "tax", "internal error");
  expect(JSON.parse(text).error).toEqual({ code: "internal_error", message: "Internal error" });
}

const cleanups: string[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await env.DB.prepare(cleanups.pop()!).run();
});

/** Makes every INSERT into `table` fail inside D1, as a constraint or I/O failure would, until the test ends. */
async function failInsertsInto(table: string): Promise<void> {
  await env.DB.prepare(`CREATE TRIGGER fault_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'injected fault in ${table}'); END`).run();
  cleanups.push(`DROP TRIGGER fault_${table}`);
}

describe("a D1 error in the middle of a request", () => {
  it("saving a profile whose outbox insert fails: 500 internal_error, no detail, neither the profile nor its event written", async () => {
    const key = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    await failInsertsInto("events");
    const before = await dbSnapshot(env.DB);
    const logs = captureConsole();
    try {
      await expectInternalError(
        await request("/api/v1/profiles", key.key, {
          method: "POST",
          body: JSON.stringify({ label: "fault", financialYear: "2025-26", profile: PROFILE }),
        }),
      );
    } finally {
      logs.restore();
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
    // The operator's log has the cause; the client never does.
    expect(logs.text()).toContain("injected fault in events");
    expect(logs.text()).not.toContain(key.key);
  });

  it("deleting a profile whose event insert fails: 500, and the profile is still there", async () => {
    const key = await createKey({ scopes: ["profiles:write", "profiles:read"] });
    const saved = await expectStatus(
      await request("/api/v1/profiles", key.key, {
        method: "POST",
        body: JSON.stringify({ label: "keep me", financialYear: "2025-26", profile: PROFILE }),
      }),
      201,
    );
    await failInsertsInto("events");
    const before = await dbSnapshot(env.DB);
    const logs = captureConsole();
    try {
      await expectInternalError(await request(`/api/v1/profiles/${saved.data.id}`, key.key, { method: "DELETE" }));
    } finally {
      logs.restore();
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
    cleanups.pop();
    await env.DB.prepare("DROP TRIGGER fault_events").run();
    expect((await expectStatus(await request(`/api/v1/profiles/${saved.data.id}`, key.key), 200)).data.label).toBe("keep me");
  });

  it("a rotation whose replacement key cannot be written: 500, and the old key keeps working as before", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await failInsertsInto("api_keys");
    const before = await dbSnapshot(env.DB);
    const logs = captureConsole();
    try {
      await expectInternalError(
        await fetchWorker(`${TAX}/admin/api/keys/${key.id}/rotate`, {
          method: "POST",
          headers: { Authorization: `Bearer ${env.ADMIN_TOKEN}`, "Content-Type": "application/json" },
          body: "{}",
        }),
      );
    } finally {
      logs.restore();
    }
    expect(await dbSnapshot(env.DB)).toEqual(before);
    expect((await request("/api/v1/deadlines", key.key)).status).toBe(200);
  });

  it("a table that is gone: 500 internal_error without the table's name or SQL", async () => {
    const key = await createKey({ scopes: ["profiles:read"] });
    await env.DB.prepare("ALTER TABLE profiles RENAME TO profiles_gone").run();
    cleanups.push("ALTER TABLE profiles_gone RENAME TO profiles");
    const logs = captureConsole();
    try {
      const response = await request("/api/v1/profiles", key.key);
      await expectInternalError(response.clone());
      expect(await response.text()).not.toMatch(/profiles|SELECT|no such/i);
    } finally {
      logs.restore();
    }
  });
});

async function corruptGuard(key: string, edit: (state: Record<string, unknown>) => void): Promise<void> {
  const stub = env.KEY_GUARD.get(env.KEY_GUARD.idFromName(await hashApiKey(key)));
  await runInDurableObject(stub, async (instance, state) => {
    const stored = (await state.storage.get<Record<string, unknown>>("state"))!;
    edit(stored);
    await state.storage.put("state", stored);
    (instance as unknown as { stored: { state: unknown } }).stored.state = stored;
  });
}

describe("a Durable Object (key guard) that fails", () => {
  it("state that makes authorize throw: 500 internal_error in the envelope, never a pass", async () => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    await corruptGuard(key.key, (state) => {
      state.limits = null;
    });
    const logs = captureConsole();
    try {
      const response = await request("/api/v1/deadlines", key.key);
      const text = await response.text();
      expect([500, 503], text).toContain(response.status);
      checkEnvelope(response, text, "tax", "guard failure");
    } finally {
      logs.restore();
    }
  });

  it.each([
    ["an unknown status", (s: Record<string, unknown>) => void (s.status = "suspended")],
    ["a missing status", (s: Record<string, unknown>) => void delete s.status],
    ["an expiry that is not a number", (s: Record<string, unknown>) => void (s.expiresAt = "never")],
    ["grants that are not a list", (s: Record<string, unknown>) => void (s.grants = "deadlines:read")],
  ])("%s is refused (401 or 5xx), never allowed", async (_name, edit) => {
    const key = await createKey({ scopes: ["deadlines:read"] });
    expect((await request("/api/v1/deadlines", key.key)).status).toBe(200);
    await corruptGuard(key.key, edit);
    const logs = captureConsole();
    try {
      const response = await request("/api/v1/deadlines", key.key);
      const text = await response.text();
      expect(response.status, text).not.toBe(200);
      expect([401, 500, 503], text).toContain(response.status);
      checkEnvelope(response, text, "tax", "corrupt guard");
    } finally {
      logs.restore();
    }
  });
});
