// Reads a request body once, with a hard byte limit enforced while streaming (Content-Length can lie),
// strict UTF-8, and a content-type check, then hands the parsed value to the zod validator.
import type { Env, HonoRequest, MiddlewareHandler } from "hono";
import { PlatformError, type PlatformProblem } from "./errors";
import { fieldPath } from "./validation";

export type BodyKind = "json" | "text";

/** What reading a body (`readBody`) can refuse with: a malformed body, one over the limit, another content type. */
export const BODY_PROBLEMS = ["validation", "payload_too_large", "unsupported_media_type"] as const satisfies readonly PlatformProblem[];

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/;

function mediaKind(contentType: string | undefined): BodyKind | null {
  if (!contentType) return null;
  const media = contentType.split(";")[0]!.trim().toLowerCase();
  if (JSON_MEDIA.test(media)) return "json";
  if (media === "text/plain") return "text";
  return null;
}

/**
 * A body announced by Content-Length within the limit is read in one call: HTTP framing delivers exactly
 * that many bytes, and the length is checked again in case a request built in code carries a wrong header.
 * Any other body is streamed and refused as soon as it passes the limit.
 */
async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) <= maxBytes) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw new PlatformError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
    return bytes;
  }
  return readLimited(request.body, maxBytes);
}

async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new PlatformError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** The exact body bytes, for signature checks that must see what was sent before any decoding or parsing. */
export async function readRawBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) {
    throw new PlatformError("payload_too_large", `Request body exceeds ${maxBytes} bytes`);
  }
  return readBodyBytes(request, maxBytes);
}

/**
 * Strict UTF-8 text of body bytes (a leading byte-order mark dropped); invalid UTF-8 is a validation error, naming
 * `field` when the body is one (a text/plain body that is a document's text).
 */
export function decodeBodyText(bytes: Uint8Array, field?: string): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new PlatformError("validation", field ? `${field}: is not valid UTF-8 text (a binary file?)` : "Request body is not valid UTF-8");
  }
}

/** The body text, for bodies read whole before parsing (forms). */
export async function readRawText(request: Request, maxBytes: number): Promise<string> {
  return decodeBodyText(await readRawBytes(request, maxBytes));
}

export interface ReadBodyOptions {
  maxBytes: number;
  accept?: BodyKind[];
  /** An empty body (no bytes, with or without a Content-Type) is read as `{}`. */
  optional?: boolean;
  /** The field a text/plain body is, as its errors name it (`text`). */
  textField?: string;
  /** The operation takes no body: none, or `{}`. */
  none?: boolean;
}

export function readBody(options: ReadBodyOptions): MiddlewareHandler<Env> {
  const accept = options.accept ?? ["json"];
  return async (c, next) => {
    const declared = Number(c.req.header("Content-Length") ?? "0");
    if (declared > options.maxBytes) throw new PlatformError("payload_too_large", `Request body exceeds ${options.maxBytes} bytes`);
    const contentType = c.req.header("Content-Type");
    const kind = mediaKind(contentType);

    const unsupported = () => new PlatformError("unsupported_media_type", `Content-Type must be ${accept.map(describe).join(" or ")}`);
    if (contentType && (!kind || !accept.includes(kind))) throw unsupported();
    const bytes = await readBodyBytes(c.req.raw, options.maxBytes);
    if (kind === "json" && !HONO_JSON_MEDIA_TYPE.test(contentType!)) c.req.raw = withJsonContentType(c.req.raw);
    // An optional body may be left out with or without a Content-Type (curl -H 'Content-Type: application/json'
    // with no -d sends none): no bytes read as `{}`.
    if (options.optional && bytes.byteLength === 0) {
      cacheBody(c.req.bodyCache, bytes, "{}", {});
      return next();
    }
    if (!kind) throw unsupported();
    const text = decodeBodyText(bytes, kind === "text" ? options.textField : undefined);
    if (kind === "json") {
      let value: unknown;
      try {
        // Only a text with a run of 16 or more digits can hold a number a double cannot keep as written.
        value = LONG_DIGIT_RUN.test(text) ? parseRefusingRoundedNumbers(text) : JSON.parse(text);
      } catch (error) {
        if (error instanceof PlatformError) throw error;
        throw new PlatformError("validation", "Request body is not valid JSON");
      }
      const twice = memberNamedTwice(text);
      if (twice !== null) throw new PlatformError("validation", `${fieldPath(twice)}: is named twice in one object; send each member once`);
      if (options.none && !(value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0)) {
        throw new PlatformError("validation", "body: this operation takes none; send no body (or {})");
      }
      cacheBody(c.req.bodyCache, bytes, text, value);
    } else {
      cacheBody(c.req.bodyCache, bytes, text);
    }
    return next();
  };
}

// The media type as hono's JSON checks after this one read it, a narrower grammar than RFC 9110 §8.3.1's, which
// also allows `application/json ; charset=utf-8` and `application/json;`.
const HONO_JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** The request as those checks should see it once its body is read: its JSON announced as plain `application/json`. */
function withJsonContentType(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("Content-Type", "application/json");
  return new Request(request.url, { method: request.method, headers });
}

/**
 * Hands the body read here to hono. Its `c.req.json()` (which the JSON validator calls) reads the cached
 * text and parses it; given only a cached value, it would serialise that value, wrap it in a new Response
 * and read it back as a stream before parsing it again (BENCHMARKS.md, "Where the time goes").
 */
function cacheBody(cache: HonoRequest["bodyCache"], bytes: Uint8Array, text: string, json?: unknown): void {
  // Hono's body cache holds promises at run time although its types say otherwise. The bytes are the ones read,
  // for whoever asks whether a body was sent: the OpenAPI media-type gate does, and derived from the text an
  // empty optional body (read as "{}") would look like one and be refused without a Content-Type.
  cache.arrayBuffer = Promise.resolve(bytes.buffer) as unknown as ArrayBuffer;
  cache.text = Promise.resolve(text) as unknown as string;
  if (json !== undefined) cache.json = Promise.resolve(json);
}

const LONG_DIGIT_RUN = /\d[\d.]{15,}/;

/** A number's significant digits as written: `"3.10"` and `3.1` both give "31". */
const significantDigits = (written: string) => written.replace(/^-/, "").replace(/e.*$/i, "").replace(".", "").replace(/^0+/, "").replace(/0+$/, "");

/**
 * Refuses a number with more digits than a double keeps (`3.0000000000000001`, `9007199254740993`), which would
 * otherwise arrive silently rounded, naming its field. JSON.parse's reviver sees each number's text as written.
 */
function parseRefusingRoundedNumbers(text: string): unknown {
  let rounded: { holder: object; key: string; written: string } | null = null;
  const root: unknown = JSON.parse(text, function (this: object, key: string, value: unknown, context?: { source?: string }) {
    const written = context?.source;
    if (rounded === null && typeof value === "number" && Number.isFinite(value) && written !== undefined) {
      if (significantDigits(written) !== significantDigits(String(value))) rounded = { holder: this, key, written };
    }
    return value;
  });
  if (rounded === null) return root;
  const { holder, key, written } = rounded;
  const field = fieldPath([...(pathTo(root, holder) ?? []), ...(Array.isArray(holder) ? [Number(key)] : key === "" ? [] : [key])]);
  throw new PlatformError("validation", `${field || "body"}: ${written} has more digits than a JSON number keeps exactly; send at most 15`);
}

/** The path from `value` to the object `target` inside it, or null when it is not there (the reviver's root holder). */
function pathTo(value: unknown, target: object): PropertyKey[] | null {
  if (value === target) return [];
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    const below = pathTo(child, target);
    if (below !== null) return [Array.isArray(value) ? Number(key) : key, ...below];
  }
  return null;
}

const isJsonSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * The path of the first member named twice in one object of a valid JSON text, or null. JSON.parse keeps the last
 * of them and other parsers the first, so a body read one way where it was checked and another where it is acted
 * on is refused. Strings are skipped whole with indexOf, so a long string (a document's text) costs little.
 */
function memberNamedTwice(text: string): PropertyKey[] | null {
  // One entry per open object (its names so far, and the member being read) or array (null, and the element's index).
  const open: { names: Set<string> | null; at: PropertyKey }[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x7b) open.push({ names: new Set(), at: "" });
    else if (code === 0x5b) open.push({ names: null, at: 0 });
    else if (code === 0x7d || code === 0x5d) open.pop();
    else if (code === 0x2c) {
      const inner = open[open.length - 1]!;
      if (inner.names === null) inner.at = (inner.at as number) + 1;
    } else if (code === 0x22) {
      let end = text.indexOf('"', i + 1);
      for (;;) {
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      const inner = open[open.length - 1];
      let after = end + 1;
      while (isJsonSpace(text.charCodeAt(after))) after++;
      // In an object, a string followed by a colon is a member's name.
      if (inner?.names && text.charCodeAt(after) === 0x3a) {
        const written = text.slice(i + 1, end);
        const name = written.includes("\\") ? (JSON.parse(`"${written}"`) as string) : written;
        if (inner.names.has(name)) return [...open.slice(0, -1).map((entry) => entry.at), name];
        inner.names.add(name);
        inner.at = name;
      }
      i = end;
    }
  }
  return null;
}

function describe(kind: BodyKind): string {
  return kind === "json" ? "application/json" : "text/plain";
}

/** A write that takes no body: none, or `{}`; anything else is refused as a body of its own would be (413, 415, 400). */
export const noBody = readBody({ maxBytes: 1_024, optional: true, none: true });
