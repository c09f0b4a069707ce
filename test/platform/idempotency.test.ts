// The Idempotency-Key middleware around a write that outlives its hold on the key: the retry that took the key
// over acts once, and the late request's write does not happen.
import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/platform/http/app";
import type { ErrorCatalogue } from "../../src/platform/http/errors";
import { readBody } from "../../src/platform/http/body";
import { idempotent, idempotentWrites } from "../../src/platform/http/idempotency";
import { sha256Hex, type SecretRing } from "../../src/platform/crypto";
import { d1IdempotencyStore } from "../../src/platform/http/idempotency-store";

const catalogue: ErrorCatalogue = {
  statusOf: { idempotency_key_in_use: 409, idempotency_answer_lost: 409, idempotency_key_reused: 422, internal: 500 },
  meaningOf: { idempotency_key_in_use: "still running", idempotency_answer_lost: "answer lost", internal: "unexpected" },
  codeOf: {
    validation: "validation",
    not_found: "not_found",
    method_not_allowed: "method_not_allowed",
    payload_too_large: "payload_too_large",
    unsupported_media_type: "unsupported_media_type",
    missing_credentials: "missing_credentials",
    invalid_credentials: "invalid_credentials",
    rate_limited: "rate_limited",
    unauthenticated: "unauthenticated",
    forbidden: "forbidden",
    conflict: "conflict",
    idempotency_key_in_use: "idempotency_key_in_use",
    idempotency_key_reused: "idempotency_key_reused",
    idempotency_answer_lost: "idempotency_answer_lost",
    internal: "internal",
  },
  render: (code, message) => ({ code, message }),
};

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** What the route writes: a table of this test's own. */
const writes = sqliteTable("middleware_test_writes", { id: text("id").primaryKey(), run: text("run").notNull() });

beforeAll(async () => {
  await env.DB.exec("CREATE TABLE IF NOT EXISTS middleware_test_writes (id TEXT PRIMARY KEY, run TEXT NOT NULL)");
});

describe("idempotent, with idempotentWrites", () => {
  it("a request that outlived its 60 s hold is 409 and writes nothing; the retry that took the key over wrote once", async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    let clock = Date.now();
    const firstEntered = deferred();
    const firstMayWrite = deferred();
    const app = createApp({ catalogue, log: () => {} });
    app.post(
      "/things",
      idempotent({ store: () => d1IdempotencyStore(env.DB), scope: () => scope, secret: () => ({ current: env.SESSION_SECRET }), now: () => clock }),
      async (c) => {
        const run = c.req.header("x-run") ?? "";
        if (run === "first") {
          firstEntered.resolve();
          await firstMayWrite.promise;
        }
        // The write as the services' queries make it: a drizzle batch over the database they are given.
        const db = drizzle(idempotentWrites(c, env.DB));
        await db.batch([db.insert(writes).values({ id: `${scope}:${run}`, run })]);
        return c.json({ run }, 201);
      },
    );
    const send = (run: string) => app.request("/things", { method: "POST", headers: { "Idempotency-Key": "same-key", "x-run": run } });

    const first = send("first");
    await firstEntered.promise;
    clock += 61_000;
    const retry = await send("retry");
    expect(retry.status).toBe(201);
    firstMayWrite.resolve();
    const late = await first;
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "idempotency_key_in_use" });

    const rows = await env.DB.prepare("SELECT run FROM middleware_test_writes WHERE id LIKE ?").bind(`${scope}:%`).all<{ run: string }>();
    expect(rows.results).toEqual([{ run: "retry" }]);
    // The retry's answer is the key's answer.
    const replay = await send("third");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replay.json()).toEqual({ run: "retry" });
  });
});

describe("idempotent, what it keeps of the request", () => {
  it("is no digest a database copy could test guesses of the body against, and a retry matches it across a rotation of the secret", async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    let secrets: SecretRing = { current: "secret-before-rotation" };
    const app = createApp({ catalogue, log: () => {} });
    app.post(
      "/accounts",
      readBody({ maxBytes: 1_024 }),
      idempotent({ store: () => d1IdempotencyStore(env.DB), scope: () => scope, secret: () => secrets }),
      (c) => c.json({ created: true }, 201),
    );
    const body = { email: "owner@example.com", password: "correct horse battery" };
    const send = (sent: unknown) =>
      app.request("/accounts", {
        method: "POST",
        headers: { "Idempotency-Key": "create-owner", "Content-Type": "application/json" },
        body: JSON.stringify(sent),
      });
    expect((await send(body)).status).toBe(201);

    const stored = await env.DB.prepare("SELECT fingerprint FROM idempotency_keys WHERE scope = ?").bind(scope).first<{ fingerprint: string }>();
    // Someone holding the row, the path and the email must not be able to check a password guess with one hash.
    expect(stored!.fingerprint).not.toBe(await sha256Hex(`POST\n/accounts\n${JSON.stringify(body)}`));

    secrets = { current: "secret-after-rotation", previous: "secret-before-rotation" };
    const retry = await send(body);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.json()).toEqual({ created: true });
    const other = await send({ ...body, password: "another password" });
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: "idempotency_key_reused" });
  });

  it("still matches a retry of a request fingerprinted by the version before, which kept a bare SHA-256", async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    const app = createApp({ catalogue, log: () => {} });
    app.post(
      "/accounts",
      readBody({ maxBytes: 1_024 }),
      idempotent({ store: () => d1IdempotencyStore(env.DB), scope: () => scope, secret: () => ({ current: env.SESSION_SECRET }) }),
      (c) => c.json({ created: true }, 201),
    );
    const body = JSON.stringify({ email: "owner@example.com" });
    const send = () => app.request("/accounts", { method: "POST", headers: { "Idempotency-Key": "k", "Content-Type": "application/json" }, body });
    expect((await send()).status).toBe(201);
    await env.DB.prepare("UPDATE idempotency_keys SET fingerprint = ? WHERE scope = ?")
      .bind(await sha256Hex(`POST\n/accounts\n${body}`), scope)
      .run();
    const retry = await send();
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("cannot tell a retry from another request once the secret its fingerprint was made under is gone: 409, never a second action", async () => {
    const scope = `acct_${crypto.randomUUID()}`;
    let clock = Date.now();
    let secrets: SecretRing = { current: "secret-before-rotation" };
    const app = createApp({ catalogue, log: () => {} });
    app.post(
      "/things",
      readBody({ maxBytes: 1_024 }),
      idempotent({ store: () => d1IdempotencyStore(env.DB), scope: () => scope, secret: () => secrets, now: () => clock }),
      async (c) => {
        const db = drizzle(idempotentWrites(c, env.DB));
        await db.batch([db.insert(writes).values({ id: `${scope}:${crypto.randomUUID()}`, run: "once" })]);
        return c.json({ created: true }, 201);
      },
    );
    const send = (body: unknown) =>
      app.request("/things", { method: "POST", headers: { "Idempotency-Key": "k", "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await send({ name: "thing" })).status).toBe(201);
    // The Worker stopped between the write (which marked the key acted on) and keeping its answer; then the secret
    // was rotated and its old value removed at once.
    await env.DB.prepare("UPDATE idempotency_keys SET status = NULL, body = NULL WHERE scope = ?").bind(scope).run();
    clock += 61_000;
    secrets = { current: "secret-after-rotation" };
    for (const body of [{ name: "thing" }, { name: "another thing" }]) {
      const retry = await send(body);
      expect(retry.status).toBe(409);
      expect(await retry.json()).toMatchObject({ code: "idempotency_answer_lost" });
    }
    const written = await env.DB.prepare("SELECT COUNT(*) AS n FROM middleware_test_writes WHERE id LIKE ?")
      .bind(`${scope}:%`)
      .first<{ n: number }>();
    expect(written!.n).toBe(1);
  });
});
