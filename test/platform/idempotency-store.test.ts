// The Idempotency-Key records in D1: a claim belongs to the request that made it, and only that request may
// answer or release it.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { d1IdempotencyStore, isLostClaim } from "../../src/platform/http/idempotency-store";

const DAY_MS = 86_400_000;
const LOCK_MS = 60_000;

/** An operation's write: a row in a table of this test's own, to see whether the write happened. */
const writeOf = (id: string) => env.DB.prepare("INSERT INTO store_test_writes (id) VALUES (?)").bind(id);
const written = async (id: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM store_test_writes WHERE id = ?").bind(id).first<number>("n")) === 1;
beforeAll(async () => {
  await env.DB.exec("CREATE TABLE IF NOT EXISTS store_test_writes (id TEXT PRIMARY KEY)");
});

describe("d1IdempotencyStore", () => {
  it("a request that outlived its lock cannot replace, nor release, the answer of the retry that claimed the key after it", async () => {
    const store = d1IdempotencyStore(env.DB);
    const scope = `acct_${crypto.randomUUID()}`;
    const first = Date.now();
    expect(await store.claim(scope, "key", "request", first, first - DAY_MS, first + LOCK_MS)).toBe(true);
    // The first request is presumed dead once its lock has passed: the retry claims the key and answers.
    const retry = first + LOCK_MS + 1_000;
    expect(await store.claim(scope, "key", "request", retry, retry - DAY_MS, retry + LOCK_MS)).toBe(true);
    await store.complete(scope, "key", retry, { status: 201, body: "the retry's answer" });
    // The first request ends after all.
    await store.complete(scope, "key", first, { status: 201, body: "the first request's answer" });
    await store.release(scope, "key", first);
    expect(await store.find(scope, "key")).toMatchObject({ status: 201, body: "the retry's answer", createdAt: retry });
  });

  it("a claim answers once: a second answer of the same claim changes nothing", async () => {
    const store = d1IdempotencyStore(env.DB);
    const scope = `acct_${crypto.randomUUID()}`;
    const at = Date.now();
    expect(await store.claim(scope, "key", "request", at, at - DAY_MS, at + LOCK_MS)).toBe(true);
    await store.complete(scope, "key", at, { status: 200, body: "answer" });
    await store.complete(scope, "key", at, { status: 500, body: "another" });
    expect(await store.find(scope, "key")).toMatchObject({ status: 200, body: "answer" });
  });

  it("a write that holds its claim marks it acted on in its own transaction: the key is then neither claimed again after its lock nor given back", async () => {
    const store = d1IdempotencyStore(env.DB);
    const scope = `acct_${crypto.randomUUID()}`;
    const first = Date.now();
    const eventId = `evt_${crypto.randomUUID()}`;
    expect(await store.claim(scope, "key", "request", first, first - DAY_MS, first + LOCK_MS)).toBe(true);
    await env.DB.batch([writeOf(eventId), ...store.actOn(scope, "key", first, first + 5)]);
    expect(await written(eventId)).toBe(true);
    expect(await store.find(scope, "key")).toMatchObject({ status: null, actedAt: first + 5 });

    // The request ends without its answer: past its lock, a retry may not run it again, nor may anything release it.
    const retry = first + LOCK_MS + 1_000;
    expect(await store.claim(scope, "key", "request", retry, retry - DAY_MS, retry + LOCK_MS)).toBe(false);
    await store.release(scope, "key", first);
    expect(await store.find(scope, "key")).toMatchObject({ createdAt: first, actedAt: first + 5 });
  });

  it("a write whose request lost its claim to a retry fails whole: nothing of it is written", async () => {
    const store = d1IdempotencyStore(env.DB);
    const scope = `acct_${crypto.randomUUID()}`;
    const first = Date.now();
    const eventId = `evt_${crypto.randomUUID()}`;
    expect(await store.claim(scope, "key", "request", first, first - DAY_MS, first + LOCK_MS)).toBe(true);
    const retry = first + LOCK_MS + 1_000;
    expect(await store.claim(scope, "key", "request", retry, retry - DAY_MS, retry + LOCK_MS)).toBe(true);

    const failure = await env.DB.batch([writeOf(eventId), ...store.actOn(scope, "key", first, retry + 5)]).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isLostClaim(failure)).toBe(true);
    expect(await written(eventId)).toBe(false);
    expect(await store.find(scope, "key")).toMatchObject({ createdAt: retry, actedAt: null });
  });
});
