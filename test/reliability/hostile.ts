// The hostile-input property both services run on every documented operation: a valid request (real ids,
// a valid body and query, working credentials) is mutated by fast-check in its body, query, path ids or
// content type. A request the route's own zod schema rejects must get a clean 4xx in the envelope and leave
// every table unchanged; one the schema accepts may succeed, but never with a 5xx. Every answer's status is one the
// operation declares. Then hand-written nasties: 10 MB, 10,000 levels of nesting, invalid UTF-8, NUL bytes, empty and
// non-object bodies.
import fc from "fast-check";
import { expect } from "vitest";
import { fetchWorker } from "../worker-under-test";
import {
  acceptedBy,
  applyBodyMutation,
  bodyMutation,
  dbSnapshot,
  deeplyNested,
  expectClean4xx,
  expectDocumentedCode,
  expectNot5xx,
  fillPath,
  honoQuery,
  hostileString,
  INVALID_UTF8,
  type BodyMutation,
  type Envelope,
  type Operation,
} from "./kit";

export interface HostileTarget {
  op: Operation;
  origin: string;
  /** Credentials (and anything else every request needs). */
  headers: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Extra headers computed from the exact body text (a provider's signature). */
  sign?: (text: string) => Promise<Record<string, string>>;
  /** The route reads raw bytes whatever their declared type (a provider's signed webhook). */
  anyContentType?: boolean;
}

export const ABSURD_QUERY_VALUES = [
  "-1",
  "0",
  "1001",
  "100001",
  "99999999999999999999",
  "1e3",
  "1.5",
  "0x10",
  "abc",
  "2026-02-30",
  "2026-13-01",
  "9999-12-31",
  "0000-01-01",
  "+275760-09-13",
  "-001000-01-01",
  "1970-01-01T00:00:00Z",
  "a.b",
  "x".repeat(600),
  "eyJ1IjoxLCJpIjoiYSIsIm8iOiJiIn0.00000000000000000000000000000000",
];

const HOSTILE_IDS = [
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2f",
  "%00",
  "a%00b",
  "%zz",
  "%",
  "%C0%AE%C0%AE",
  "%E2%80%AE",
  "prof_%27%20OR%20%271%27%3D%271",
];

/** Lone surrogates cannot be put in a URL at all (encodeURIComponent throws); no client can send them. */
function encodable(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

type Hostile =
  | { kind: "body"; mutation: BodyMutation }
  | { kind: "query"; name: string; action: "set" | "duplicate" | "drop" | "unknown"; value: string }
  | { kind: "path"; name: string; value: string; raw: boolean }
  | { kind: "type"; contentType: string | null };

function hostileArbitrary(target: HostileTarget): fc.Arbitrary<Hostile> {
  const { op } = target;
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<Hostile> }> = [];
  if (target.body !== undefined) {
    options.push({ weight: 6, arbitrary: bodyMutation(target.body).map((mutation) => ({ kind: "body" as const, mutation })) });
    options.push({
      weight: 1,
      arbitrary: fc
        .constantFrom<string | null>(
          null,
          "text/html",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/xml",
          "text/json",
          "application/jsonx",
          "image/png",
        )
        .map((contentType) => ({ kind: "type" as const, contentType })),
    });
  }
  const queryNames = op.query ? Object.keys(op.query.shape) : [];
  if (queryNames.length > 0) {
    options.push({
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("query" as const),
        name: fc.constantFrom(...queryNames),
        action: fc.constantFrom("set" as const, "set" as const, "duplicate" as const, "drop" as const, "unknown" as const),
        value: fc.oneof(fc.constantFrom(...ABSURD_QUERY_VALUES), hostileString.filter(encodable)),
      }),
    });
  }
  if (queryNames.length > 0) {
    // Names that are properties of every object: a parser keyed on a plain object would trip over them.
    options.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("query" as const),
        name: fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "__defineGetter__"),
        action: fc.constant("unknown" as const),
        value: fc.constantFrom("1", "x", ""),
      }),
    });
  }
  const paramNames = Object.keys(target.params ?? {});
  if (paramNames.length > 0) {
    options.push({
      weight: 3,
      arbitrary: fc.oneof(
        fc.record({
          kind: fc.constant("path" as const),
          name: fc.constantFrom(...paramNames),
          value: hostileString.filter((s) => s !== "" && s !== "." && s !== ".." && encodable(s)),
          raw: fc.constant(false),
        }),
        fc.record({
          kind: fc.constant("path" as const),
          name: fc.constantFrom(...paramNames),
          value: fc.constantFrom(...HOSTILE_IDS),
          raw: fc.constant(true),
        }),
      ),
    });
  }
  if (options.length === 0) {
    // Nothing to mutate but the query string: unknown and duplicated parameters.
    options.push({
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("query" as const),
        name: fc.constantFrom("limit", "cursor", "id", "__proto__"),
        action: fc.constant("unknown" as const),
        value: hostileString,
      }),
    });
  }
  return fc.oneof(...options);
}

interface Built {
  url: string;
  init: RequestInit;
  /** The route's own validation must refuse it. */
  mustRefuse: boolean;
  label: string;
}

async function build(target: HostileTarget, hostile: Hostile): Promise<Built> {
  const { op } = target;
  const params = { ...(target.params ?? {}) };
  let path = fillPath(op.path, params);
  const search = new URLSearchParams(target.query ?? {});
  let text = target.body === undefined ? undefined : JSON.stringify(target.body);
  let contentType: string | null = text === undefined ? null : "application/json";
  let mustRefuse = false;
  let label: string;

  switch (hostile.kind) {
    case "body":
      text = applyBodyMutation(target.body, hostile.mutation);
      // An optional body left out (the whole body replaced by nothing) is a valid request (optional-body tests).
      mustRefuse = !(text === "" && op.bodyOptional) && !(await acceptedBy(op.body, text));
      label = `body ${text.slice(0, 200)}`;
      break;
    case "type":
      contentType = hostile.contentType;
      mustRefuse = !target.anyContentType;
      label = `Content-Type ${hostile.contentType}`;
      break;
    case "query": {
      if (hostile.action === "set") search.set(hostile.name, hostile.value);
      else if (hostile.action === "duplicate") {
        if (!search.has(hostile.name)) search.append(hostile.name, hostile.value);
        search.append(hostile.name, hostile.value);
      } else if (hostile.action === "drop") search.delete(hostile.name);
      else search.append(`${hostile.name}${hostile.value.length > 0 ? "" : "_"}`, hostile.value);
      mustRefuse = op.query ? !(await op.query.safeParseAsync(honoQuery(search))).success : false;
      label = `query ?${search.toString().slice(0, 200)}`;
      break;
    }
    case "path":
      params[hostile.name] = hostile.value;
      path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === hostile.name && hostile.raw ? hostile.value : encodeURIComponent(params[name]!),
      );
      // No id made of hostile characters names a row: a 404 (or 400) is the only right answer.
      mustRefuse = true;
      label = `path ${path.slice(0, 200)}`;
      break;
  }
  const query = search.toString();
  const headers: Record<string, string> = { ...target.headers };
  if (contentType !== null && text !== undefined) headers["Content-Type"] = contentType;
  if (target.sign && text !== undefined) Object.assign(headers, await target.sign(text));
  return {
    url: `${target.origin}${path}${query ? `?${query}` : ""}`,
    init: { method: op.method, headers, ...(text === undefined ? {} : { body: text }) },
    mustRefuse,
    label: `${op.method} ${label}`,
  };
}

/**
 * The operation's OpenAPI responses declare the status it answered, and the committed document states an error's code
 * for the operation under that status: a client generated from the document knows no other, and one that switches on
 * the code finds it there.
 */
async function expectDeclared(op: Operation, response: Response, label: string): Promise<void> {
  const text = await response.clone().text();
  if (!op.statuses.includes(String(response.status))) {
    expect.fail(`${label} -> ${response.status} ${text.slice(0, 300)}: ${op.key} declares only ${op.statuses.join(", ")}`);
  }
  if (response.status >= 400) expectDocumentedCode(op, response.status, errorCodeOf(text), label);
}

/** The code of an error body in either service's envelope. */
function errorCodeOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { code?: unknown; error?: { code?: unknown } };
    if (typeof body.code === "string") return body.code;
    return typeof body.error?.code === "string" ? body.error.code : null;
  } catch {
    return null;
  }
}

/**
 * The operation's valid request without its credentials, then with `wrong` ones (a provider's signature is left off
 * both times): each is refused with a 401 the operation documents, in the envelope, and changes nothing.
 */
export async function credentialRefusals(
  target: HostileTarget,
  envelope: Envelope,
  db: D1Database,
  wrong: Record<string, string>,
): Promise<string[]> {
  const before = await dbSnapshot(db);
  const path = fillPath(target.op.path, target.params ?? {});
  const query = new URLSearchParams(target.query ?? {}).toString();
  const url = `${target.origin}${path}${query ? `?${query}` : ""}`;
  const { Authorization: _credentials, ...headers } = target.headers;
  const codes: string[] = [];
  for (const [label, credentials] of [
    ["no credentials", {}],
    ["wrong credentials", wrong],
  ] as const) {
    const body = target.body === undefined ? {} : { body: JSON.stringify(target.body) };
    const response = await fetchWorker(url, {
      method: target.op.method,
      headers: { ...headers, ...credentials, ...(target.body === undefined ? {} : { "Content-Type": "application/json" }) },
      ...body,
    });
    await expectDeclared(target.op, response, `${target.op.key} with ${label}`);
    codes.push(await expectClean4xx(response, envelope, `${target.op.key} with ${label}`));
    expect(response.status, `${target.op.key} with ${label}`).toBe(401);
  }
  expect(await dbSnapshot(db), `database changed after a request without valid credentials to ${target.op.key}`).toEqual(before);
  return codes;
}

/** Runs the property on one operation; returns how many requests were refused and how many accepted. */
export async function hostileProperty(
  target: HostileTarget,
  envelope: Envelope,
  db: D1Database,
  numRuns: number,
): Promise<{ refused: number; accepted: number }> {
  let before = await dbSnapshot(db);
  const tally = { refused: 0, accepted: 0 };
  await fc.assert(
    fc.asyncProperty(hostileArbitrary(target), async (hostile) => {
      const request = await build(target, hostile);
      const response = await fetchWorker(request.url, request.init);
      await expectDeclared(target.op, response, request.label);
      if (request.mustRefuse) {
        await expectClean4xx(response, envelope, request.label);
        expect(await dbSnapshot(db), `database changed after ${request.label}`).toEqual(before);
        tally.refused += 1;
        return;
      }
      const status = await expectNot5xx(response, envelope, request.label);
      if (status >= 400) expect(await dbSnapshot(db), `database changed after ${request.label}`).toEqual(before);
      else before = await dbSnapshot(db);
      tally.accepted += 1;
    }),
    { numRuns, endOnFailure: true },
  );
  return tally;
}

/** The hand-written body nasties of a body-taking operation; each must be a clean 4xx that changes nothing. */
export async function bodyNasties(target: HostileTarget, envelope: Envelope, db: D1Database): Promise<void> {
  const before = await dbSnapshot(db);
  const path = fillPath(target.op.path, target.params ?? {});
  const query = new URLSearchParams(target.query ?? {}).toString();
  const url = `${target.origin}${path}${query ? `?${query}` : ""}`;
  const tenMegabytes = JSON.stringify({ ...(target.body as object), padding: "x".repeat(10 * 1024 * 1024) });
  const cases: Array<[string, BodyInit, string]> = [
    ["10 MB JSON", tenMegabytes, "application/json"],
    ["10 MB of one JSON string streamed", new Blob([`"${"a".repeat(10 * 1024 * 1024)}"`]).stream(), "application/json"],
    ["10,000 nested arrays", deeplyNested(10_000, "array"), "application/json"],
    ["10,000 nested objects", deeplyNested(10_000, "object"), "application/json"],
    ["invalid UTF-8", INVALID_UTF8, "application/json"],
    ["NUL bytes outside strings", `{"a":1}\u0000\u0000`, "application/json"],
    [
      "a NUL inside every key",
      JSON.stringify(Object.fromEntries(Object.entries(target.body as object).map(([k, v]) => [`${k}\u0000`, v]))),
      "application/json",
    ],
    ["empty", "", "application/json"],
    ["null", "null", "application/json"],
    ["an array", JSON.stringify([target.body]), "application/json"],
    ["a string", JSON.stringify(JSON.stringify(target.body)), "application/json"],
    ["1e999", "1e999", "application/json"],
    ["truncated", JSON.stringify(target.body).slice(0, -1), "application/json"],
    [
      "UTF-16 text",
      new Uint8Array([0xff, 0xfe, ...[...JSON.stringify(target.body)].flatMap((ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8])]),
      "application/json",
    ],
  ];
  for (const [name, body, contentType] of cases) {
    // An optional body may be left out with a JSON Content-Type too: that is a valid request (optional-body tests).
    if (name === "empty" && target.op.bodyOptional) continue;
    const headers: Record<string, string> = { ...target.headers, "Content-Type": contentType };
    if (target.sign && typeof body === "string") Object.assign(headers, await target.sign(body));
    const response = await fetchWorker(url, {
      method: target.op.method,
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    await expectDeclared(target.op, response, `${target.op.key} with ${name}`);
    const code = await expectClean4xx(response, envelope, `${target.op.key} with ${name}`);
    if (name.startsWith("10 MB")) expect([code, response.status], name).toEqual(["payload_too_large", 413]);
    expect(await dbSnapshot(db), `database changed after ${name}`).toEqual(before);
  }
}

/** Form bodies a web page's POST route must refuse cleanly: injection, huge and repeated fields, broken multipart, JSON, invalid UTF-8, 10 MB. */
const HOSTILE_FORMS: ReadonlyArray<[contentType: string, body: BodyInit]> = [
  ["application/x-www-form-urlencoded", "email=%27%20OR%201%3D1--&password=%00%00&csrf=x"],
  ["application/x-www-form-urlencoded", `email=${"a".repeat(100_000)}@x.com&password=${"b".repeat(100_000)}`],
  ["application/x-www-form-urlencoded", "email=a@b.c&email=d@e.f&password=x&password=y"],
  ["multipart/form-data; boundary=zzz", '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\n\u0000\r\n--zzz--'],
  ["multipart/form-data; boundary=zzz", "garbage"],
  ["application/json", JSON.stringify({ email: "a@b.c", password: "x".repeat(20) })],
  ["application/x-www-form-urlencoded", new Uint8Array([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xc3, 0x28, 0xff])],
  ["application/x-www-form-urlencoded", "x".repeat(10 * 1024 * 1024)],
];

/**
 * Posts every hostile form to `path` of the service at `origin`, without an Origin, from a foreign one and from its
 * own (the 10 MB body from its own only), and expects no answer to be a 5xx.
 */
export async function postHostileForms(origin: string, path: string): Promise<void> {
  for (const [contentType, body] of HOSTILE_FORMS) {
    for (const from of typeof body === "string" && body.length > 1_000_000 ? [origin] : [undefined, "https://evil.example", origin]) {
      const response = await fetchWorker(`${origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": contentType, ...(from ? { Origin: from } : {}) },
        body,
      });
      expect(response.status, `${path} ${contentType} ${String(body).slice(0, 40)}`).toBeLessThan(500);
      await response.arrayBuffer();
    }
  }
}
