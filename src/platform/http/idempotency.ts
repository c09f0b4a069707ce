// Idempotency-Key on creating requests, with Stripe's semantics: the first request with a key runs and its
// response (status, body, headers) is kept for 24 hours; a retry with the same key and the same request gets
// that response again, marked `Idempotent-Replayed: true`, without running a second time; the same key with
// another request is refused (422); a retry while the first is still running is refused (409) until it ends.
// Keys belong to the caller that sent them. Requests refused before the handler ran (bad input, auth, limits)
// keep nothing, so a corrected retry may reuse the key.
//
// A write that holds a key marks it acted on in the write's own transaction (`idempotentWrites`), so a request
// cut off between its write and keeping its answer (a client that hung up, a Worker stopped) is never run
// again by a retry: the retry hears that the answer was lost instead.
//
// Nothing stored can be replayed without the key itself: a record holds only the key's SHA-256, and the kept
// response (which may carry a new API key or a webhook signing secret, shown once) is sealed with AES-GCM under a
// key derived from the Idempotency-Key, the caller and a secret of the service. Only a retry that presents the
// same key can open it, and a copy of the database cannot, even when the Idempotency-Key is easy to guess.
import { z } from "@hono/zod-openapi";
import type { Context, Env } from "hono";
import { createMiddleware } from "hono/factory";
import { hmacSha256Hex, openingOrder, openUnderRing, type SecretRing, seal, secretKeyId, sha256Hex, unseal } from "../crypto";
import { PlatformError, type PlatformProblem } from "./errors";
import { type IdempotencyStore, isLostClaim } from "./idempotency-store";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** What an Idempotency-Key can answer: a malformed key, one used with another request, still running, or its answer lost. */
export const IDEMPOTENCY_PROBLEMS = [
  "validation",
  "idempotency_key_reused",
  "idempotency_key_in_use",
  "idempotency_answer_lost",
] as const satisfies readonly PlatformProblem[];
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a first request may hold its key before a retry may presume it dead and run again. */
const LOCK_MS = 60_000;
/** Responses larger than this are not kept (the key is released); creating answers are far smaller. */
const MAX_STORED_BODY_BYTES = 256 * 1024;
/** Refusals before the handler ran: nothing began, so nothing is kept (Stripe keeps neither). */
const NOT_KEPT = new Set([400, 401, 403, 413, 415, 429]);
/** Headers that describe this answer rather than the result: never replayed. */
const NOT_REPLAYED = new Set([
  "x-request-id",
  "retry-after",
  "ratelimit",
  "ratelimit-policy",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "set-cookie",
]);

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** A request's hold on its Idempotency-Key, while it runs. */
interface Claim {
  store: IdempotencyStore;
  scope: string;
  keyHash: string;
  claimedAt: number;
  now: () => number;
  /** A write of this request committed, marking the key acted on. */
  acted: boolean;
}

/** The claims of the requests running now, by their context, for `idempotentWrites`. */
const claims = new WeakMap<Context, Claim>();

/**
 * The database a route's write goes through: when the request holds an Idempotency-Key, every batch on it
 * also marks the key acted on, in the batch's own transaction; without a key it is `d1` itself. A batch whose
 * request no longer holds its key (it outlived its lock and a retry claimed the key) fails whole.
 */
export function idempotentWrites(c: Context, d1: D1Database): D1Database {
  const claim = claims.get(c);
  if (!claim) return d1;
  return {
    prepare: (query) => d1.prepare(query),
    batch: async <T = unknown>(statements: D1PreparedStatement[]) => {
      const results = await d1.batch<T>([...statements, ...claim.store.actOn(claim.scope, claim.keyHash, claim.claimedAt, claim.now())]);
      claim.acted = true;
      return results.slice(0, statements.length);
    },
    exec: (query) => d1.exec(query),
    withSession: (constraintOrBookmark) => d1.withSession(constraintOrBookmark),
    dump: () => d1.dump(),
  };
}

/** HKDF info of the sealed responses (the caller's scope is the salt, the Idempotency-Key the secret). */
const SEALED_PURPOSE = "idempotency-response-v1";

/** What a kept response seals: its replayed headers and body. */
interface KeptResponse {
  headers: Array<[string, string]>;
  body: string;
  /** The first request's id, which an error body carries, for a replay to put its own in its place (absent from answers kept by earlier versions). */
  requestId?: string;
}

/** The request-header parameter each idempotent route documents. */
export const IdempotencyKeyHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .openapi({
      description:
        "1 to 255 printable ASCII characters, spaces excepted (e.g. a UUID). The first response to a key is kept for 24 hours and returned again (with `Idempotent-Replayed: true`) " +
        "for a retry with the same key and the same request, without acting twice. The same key with a different request is 422; a retry while the first request " +
        "is still running is 409. Keys are private to the caller. Requests refused with 400, 401, 403, 413, 415 or 429 keep nothing.",
      example: "5f0c7e3a-9b1d-4c1e-8a55-2f6e0d6c9b10",
    }),
});

/** The key sealing the answer kept for `key`, under one value of the service's secret. */
const sealingKeyOf = (secret: string, key: string) => hmacSha256Hex(secret, key);

/**
 * The kept answer of a request that was carried out, opened under the service's secret or, during its rotation,
 * the value it replaced. Sealed under neither (a rotation since, its previous value already removed), it cannot
 * be opened: the request must not run again, so the retry hears that the answer is lost.
 */
async function openKept(secrets: SecretRing, key: string, scope: string, body: string): Promise<KeptResponse> {
  const kept = await openUnderRing(secrets, async (secret) => unseal(await sealingKeyOf(secret, key), scope, SEALED_PURPOSE, body));
  if (kept !== null) return JSON.parse(kept.opened) as KeptResponse;
  throw new PlatformError(
    "idempotency_answer_lost",
    `The request with this ${IDEMPOTENCY_HEADER} was carried out, but its kept answer can no longer be read (the service's secret was changed since); look up its result instead of retrying (a new key would act again)`,
  );
}

export interface IdempotencyOptions<E extends Env> {
  store: (c: Context<E>) => IdempotencyStore;
  /** The caller the key belongs to (set by the route's authentication middleware, which runs first). */
  scope: (c: Context<E>) => string;
  /**
   * The service's secret that seals kept answers together with the Idempotency-Key (never stored beside them); its
   * previous value, during a rotation, still opens the answers kept before it.
   */
  secret: (c: Context<E>) => SecretRing;
  now?: () => number;
}

/** What the request asks for: method, path with query, and the body read by `readBody` (which runs first). */
async function requestOf(c: Context): Promise<string> {
  const url = new URL(c.req.url);
  const cache = c.req.bodyCache as { json?: Promise<unknown>; text?: Promise<string> };
  const body = cache.json ? JSON.stringify(await cache.json) : cache.text ? await cache.text : "";
  return `${c.req.method}\n${url.pathname}${url.search}\n${body}`;
}

/** The public name of one value of the service's secret in fingerprints. */
const secretIdOf = (secret: string) => secretKeyId(secret, "idempotency-fingerprint-key-id");

/**
 * The request's fingerprint under one value of the service's secret, named by it: a MAC under the answer's sealing
 * key, since a body may hold a password and a bare hash of it would let a database copy test guesses without the
 * password's salted, stretched hash. The name tells, later, under which value it was made.
 */
const fingerprintOf = async (secret: string, key: string, request: string) =>
  `v2:${await secretIdOf(secret)}:${await hmacSha256Hex(await sealingKeyOf(secret, key), request)}`;

/**
 * Whether a kept fingerprint is this request's: "other" only when it provably is not. One made under a value of the
 * secret no longer in the ring cannot be checked, and a request that may have been carried out must never run again,
 * so it counts as this request's (the kept answer, unreadable too, then says the answer is lost).
 */
async function fingerprintMatch(kept: string, secrets: SecretRing, key: string, request: string): Promise<"same" | "other"> {
  // Kept by the version before fingerprints were MACs, a bare SHA-256 (they expire 24 h after the deploy that made them MACs).
  if (!kept.startsWith("v2:")) return kept === (await sha256Hex(request)) ? "same" : "other";
  for (const secret of openingOrder(secrets)) {
    if (kept.startsWith(`v2:${await secretIdOf(secret)}:`)) return kept === (await fingerprintOf(secret, key, request)) ? "same" : "other";
  }
  return "same";
}

export function idempotent<E extends Env>(options: IdempotencyOptions<E>) {
  const now = options.now ?? Date.now;
  return createMiddleware<E>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key))
      throw new PlatformError("validation", `${IDEMPOTENCY_HEADER}: must be 1 to 255 printable ASCII characters, without spaces`);

    const store = options.store(c);
    const scope = options.scope(c);
    const keyHash = await sha256Hex(key);
    const secrets = options.secret(c);
    const request = await requestOf(c);
    const fingerprint = await fingerprintOf(secrets.current, key, request);
    const nowMs = now();
    if (!(await store.claim(scope, keyHash, fingerprint, nowMs, nowMs - IDEMPOTENCY_TTL_MS, nowMs + LOCK_MS))) {
      const record = await store.find(scope, keyHash);
      if (record && record.fingerprint !== fingerprint && (await fingerprintMatch(record.fingerprint, secrets, key, request)) === "other") {
        throw new PlatformError("idempotency_key_reused", `This ${IDEMPOTENCY_HEADER} was used with a different request; use a new key`);
      }
      if (!record || record.status === null || record.body === null) {
        if (record?.actedAt != null && nowMs > record.actedAt + LOCK_MS) {
          throw new PlatformError(
            "idempotency_answer_lost",
            `The request with this ${IDEMPOTENCY_HEADER} was carried out, but it ended before its answer was kept; look up its result instead of retrying (a new key would act again)`,
          );
        }
        throw new PlatformError("idempotency_key_in_use", `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry after it ends`);
      }
      const kept = await openKept(secrets, key, scope, record.body);
      // An error body names its request; the replay is a request of its own, with its own X-Request-Id to match.
      const body = kept.requestId === undefined ? kept.body : kept.body.replaceAll(kept.requestId, c.var.requestId);
      const replay = new Response(body, { status: record.status, headers: kept.headers });
      replay.headers.set("Idempotent-Replayed", "true");
      return replay;
    }

    const claim: Claim = { store, scope, keyHash, claimedAt: nowMs, now, acted: false };
    claims.set(c, claim);
    try {
      await next();
    } catch (error) {
      await store.release(scope, keyHash, nowMs);
      throw error;
    }
    if (isLostClaim(c.error)) {
      throw new PlatformError(
        "idempotency_key_in_use",
        `This request outlived its hold on the ${IDEMPOTENCY_HEADER} and a retry took it over; this one changed nothing`,
      );
    }
    const response = c.res;
    // Once a write has acted, its answer is kept whatever it is, so a retry replays it rather than acting again.
    const body = NOT_KEPT.has(response.status) && !claim.acted ? null : await response.clone().text();
    if (body === null || body.length > MAX_STORED_BODY_BYTES) {
      await store.release(scope, keyHash, nowMs);
      return;
    }
    const kept: KeptResponse = {
      headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
      body,
      requestId: c.var.requestId,
    };
    const sealed = await seal(await sealingKeyOf(secrets.current, key), scope, SEALED_PURPOSE, JSON.stringify(kept));
    await store.complete(scope, keyHash, nowMs, { status: response.status, body: sealed });
  });
}
