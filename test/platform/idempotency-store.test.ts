// The Idempotency-Key records in D1: a claim belongs to the request that made it, and only that request may
// answer or release it.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { d1IdempotencyStore } from "../../src/platform/http/idempotency-store";

const DAY_MS = 86_400_000;
const LOCK_MS = 60_000;

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
});
