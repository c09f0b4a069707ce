// GET /api/v1/health, what a monitor polls: no key, 200 with each dependency's state while D1 answers and the queue
// and key guard are bound, 503 `service_unavailable` naming what failed; never cached, and it keeps nothing.
import { env, listDurableObjectIds } from "cloudflare:test";
import { fetchWorker } from "../../worker-under-test";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { HealthSchema } from "../../../src/platform/health/health";
import { captureConsole, dbSnapshot, unreachableDatabase } from "../../reliability/kit";
import { INVENTORY } from "../helpers";

const HealthAnswer = z.object({ data: HealthSchema });

/** The health check of the Worker given `bindings` in place of the test env: a deployment with a dependency down. */
const healthWith = (bindings: object) => fetchWorker(`${INVENTORY}/api/v1/health`, undefined, bindings);

describe("GET /api/v1/health", () => {
  it("answers 200 without a key: every dependency ok and the deployed version, never cached", async () => {
    const response = await fetchWorker(`${INVENTORY}/api/v1/health`);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    // version is SERVICE_VERSION of wrangler.inventory.toml.
    expect(HealthAnswer.parse(JSON.parse(text)).data).toEqual({
      status: "ok",
      version: "1.0.0",
      checks: { database: "ok", queue: "ok", keyGuard: "ok" },
    });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toContain("application/json");
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it("ignores query parameters and credentials, so a monitor that busts caches or sends a header it keeps still reads it", async () => {
    for (const [path, headers] of [
      ["/api/v1/health?t=1764201600", {}],
      ["/api/v1/health", { Authorization: "Bearer inv_aaaaaaaa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ] as const) {
      const response = await fetchWorker(`${INVENTORY}${path}`, { headers });
      const text = await response.text();
      expect(response.status, `${path} ${JSON.stringify(headers)}: ${text}`).toBe(200);
      expect(HealthAnswer.parse(JSON.parse(text)).data.checks).toEqual({ database: "ok", queue: "ok", keyGuard: "ok" });
    }
  });

  it("keeps nothing: after many calls the database and the Durable Objects are as they were", async () => {
    const rows = await dbSnapshot(env.DB);
    const objects = async () => [
      ...(await listDurableObjectIds(env.KEY_GUARD)).map(String),
      ...(await listDurableObjectIds(env.SIGN_IN_THROTTLE)).map(String),
    ];
    const before = await objects();
    for (let i = 0; i < 20; i++) expect((await healthWith(env)).status).toBe(200);
    expect(await dbSnapshot(env.DB)).toEqual(rows);
    expect(await objects()).toEqual(before);
  });

  it("the database failing every query: 503 service_unavailable naming it, in the envelope, with nothing of the cause", async () => {
    const response = await healthWith({ ...env, DB: unreachableDatabase() });
    const text = await response.text();
    expect(response.status, text).toBe(503);
    expect(JSON.parse(text)).toEqual({ error: "Unhealthy: database failed", code: "service_unavailable" });
    expect(text).not.toMatch(/D1|network/i);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("X-Request-Id")).toMatch(/^req_/);
  });

  it.each([["DB"], ["WEBHOOKS"], ["KEY_GUARD"]])(
    "a Worker deployed without its %s binding never answers 200: 500, and its log line names it with the X-Request-Id of the 500",
    async (name) => {
      const { [name]: _, ...without } = env as unknown as Record<string, unknown>;
      const logs = captureConsole();
      let response: Response;
      try {
        response = await healthWith(without);
      } finally {
        logs.restore();
      }
      const text = await response.text();
      expect(response.status, text).toBe(500);
      expect(JSON.parse(text)).toEqual({ error: "Internal error", code: "internal_error" });
      expect(logs.lineWith(response.headers.get("X-Request-Id")!), logs.text()).toContain(`${name}: a `);
    },
  );

  // The operator sends ADMIN_TOKEN as `Authorization: Bearer <token>`: a value no such header can carry is refused at
  // the entry, so the operator is not left with "Invalid operator token" for the right token.
  it.each([
    ["holding a space (a pass phrase)", "correct horse battery staple"],
    ["of 513 characters", "a".repeat(513)],
  ])("an ADMIN_TOKEN %s: 500 at the entry, and the log line says why", async (_name, token) => {
    const logs = captureConsole();
    let response: Response;
    try {
      response = await healthWith({ ...env, ADMIN_TOKEN: token });
    } finally {
      logs.restore();
    }
    expect(response.status, await response.text()).toBe(500);
    expect(logs.lineWith(response.headers.get("X-Request-Id")!), logs.text()).toContain("ADMIN_TOKEN: a secret of 16 to 512 characters");
  });

  it("an ADMIN_TOKEN of 512 characters, the longest the operator can send, lets the operator in", async () => {
    const token = "a".repeat(512);
    const response = await fetchWorker(
      `${INVENTORY}/admin/api/orgs?limit=1`,
      { headers: { Authorization: `Bearer ${token}` } },
      { ...env, ADMIN_TOKEN: token },
    );
    expect(response.status, await response.text()).toBe(200);
  });
});
